/** The sign-on pages and the login page's buttons, loaded with the routes that show them. */
export const loadSignOnPages = () => import('./components/sign-on-pages');
export const loadSsoButtons = () => import('./components/sso-buttons');
