import type { Env } from '../../env';

/**
 * Whether a page origin may use the credentials: one of WEBAUTHN_ORIGINS, or, when that list is empty,
 * an origin on WEBAUTHN_RP_ID (or a subdomain of it) over https, or over http on localhost.
 */
export function isAllowedOrigin(
  origin: string,
  env: Pick<Env, 'WEBAUTHN_ORIGINS' | 'WEBAUTHN_RP_ID'>,
): boolean {
  if (env.WEBAUTHN_ORIGINS.length > 0) return env.WEBAUTHN_ORIGINS.includes(origin);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const rp = env.WEBAUTHN_RP_ID.toLowerCase();
  const host = url.hostname.toLowerCase();
  const onRp = host === rp || host.endsWith(`.${rp}`);
  if (!onRp) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && rp === 'localhost');
}

/** The origin a browser wrote into clientDataJSON (base64url), or null if unreadable. */
export function originOfClientData(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      origin?: unknown;
    };
    return typeof data.origin === 'string' ? data.origin : null;
  } catch {
    return null;
  }
}
