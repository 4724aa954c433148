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
