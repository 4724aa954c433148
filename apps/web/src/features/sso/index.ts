export { ssoFeature } from './manifest';
export { loadSignOnPages, loadSsoButtons } from './loaders';
export { readSignedInWith, ssoLogoutUrlFor } from './lib/sign-on-logout';
