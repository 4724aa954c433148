export { ssoFeature } from './manifest';
export { loadSignOnPages, loadSsoButtons } from './loaders';

/**
 * The single logout address of the provider that signed this tab in, or null. Loaded at the logout: the
 * entry (and the login route) carry none of it.
 */
export const ssoLogoutUrlFor = async (tenantId: number, returnTo: string): Promise<string | null> =>
  (await import('./lib/sign-on-logout')).ssoLogoutUrlFor(tenantId, returnTo);
