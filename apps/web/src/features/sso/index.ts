export { ssoFeature } from './manifest';
export { loadSignOnPages, loadSsoButtons, loadSsoLogout } from './loaders';
