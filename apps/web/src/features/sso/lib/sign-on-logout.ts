import { removeStored } from '../../../shared/storage/storage';
import { readSignedInWith } from './sign-on';

/**
 * The single logout address of the provider that signed this tab in, or null (a password login, a
 * provider without single logout).
 */
export async function ssoLogoutUrlFor(tenantId: number, returnTo: string): Promise<string | null> {
  const signedIn = readSignedInWith();
  if (!signedIn) return null;
  removeStored('sso-signed-in-with');
  const { ssoLogoutUrl } = await import('../api/sso');
  try {
    return await ssoLogoutUrl(tenantId, signedIn.code, returnTo);
  } catch {
    return null;
  }
}
