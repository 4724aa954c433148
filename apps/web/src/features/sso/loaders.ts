import { loadCataloguePart } from '../../i18n/i18n';

/** The sign-on pages and the login page's buttons, loaded with their texts by the routes that show them. */
export const loadSignOnPages = async () => {
  const [pages] = await Promise.all([import('./components/sign-on-pages'), loadCataloguePart('sso')]);
  return pages;
};
export const loadSsoButtons = async () => {
  const [buttons] = await Promise.all([import('./components/sso-buttons'), loadCataloguePart('sso')]);
  return buttons;
};
/** The single logout of the provider that signed the tab in: loaded by the layout at a logout only. */
export const loadSsoLogout = () => import('./lib/sign-on-logout');
