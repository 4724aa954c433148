import { readStored, removeStored, writeStored } from '../../../shared/storage/storage';

// Kept apart from the sign-on pages' helpers: the layout loads this file for its logout.
const SIGNED_IN_WITH = 'sso-signed-in-with';

/** Remembers which provider signed this tab in, for its single logout. */
export function saveSignedInWith(provider: { shortName: string; code: string }): void {
  writeStored(SIGNED_IN_WITH, provider);
}

/**
 * The single logout address of the provider that signed this tab in, or null (a password login, a
 * provider without single logout). Asked once: the note is dropped.
 */
export async function ssoLogoutUrlFor(tenantId: number, returnTo: string): Promise<string | null> {
  const signedIn = readStored<{ shortName: string; code: string }>(SIGNED_IN_WITH);
  if (!signedIn) return null;
  removeStored(SIGNED_IN_WITH);
  const { ssoLogoutUrl } = await import('../api/sso');
  try {
    return await ssoLogoutUrl(tenantId, signedIn.code, returnTo);
  } catch {
    return null;
  }
}
