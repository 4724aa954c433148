/** Products that open outside the app instead of in the navigation (spec S0.4.6, S0.6.5). */
export const SLEEP_PRODUCT_CODE = 'SLEEP';
export const DATA_VISUAL_PRODUCT_CODE = 'DATA_VISUAL';

/** Spec S0.5.18 helper pattern: an absolute http(s) URL with a host. */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (typeof value !== 'string' || value === '' || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * `base` with the parameters appended to its query (before any `#fragment`), names and values
 * percent-encoded with encodeURIComponent; null, and nothing built, when `base` is not an http(s) URL, so
 * a token never ends up in a malformed or script address.
 */
export function withQueryParameters(
  base: string | null | undefined,
  parameters: readonly (readonly [name: string, value: string | number])[],
): string | null {
  if (!isHttpUrl(base)) return null;
  const hashAt = base.indexOf('#');
  const head = hashAt < 0 ? base : base.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : base.slice(hashAt);
  const query = parameters
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  if (!query) return base;
  const separator = !head.includes('?') ? '?' : head.endsWith('?') || head.endsWith('&') ? '' : '&';
  return `${head}${separator}${query}${fragment}`;
}

/** Spec S0.4.6: the sleep product opens its redirect URL with username and token; null if none is valid. */
export function sleepJumpUrl(
  redirectUrl: string | null | undefined,
  who: { username: string; token: string },
): string | null {
  return withQueryParameters(redirectUrl, [
    ['username', who.username],
    ['token', who.token],
  ]);
}

/** Spec S0.4.6: data visualisation opens in a new window with token and tenantId; null if no valid URL. */
export function dataVisualJumpUrl(
  redirectUrl: string | null | undefined,
  who: { token: string; tenantId: number },
): string | null {
  return withQueryParameters(redirectUrl, [
    ['token', who.token],
    ['tenantId', who.tenantId],
  ]);
}

/** Who may set a product's address: the products page (`sys_product`, docs/api.md "Products"). */
export const PRODUCT_ADMIN_PERMISSION = 'sys_product';

/**
 * What a jump to an outside product offers: open it when its address is valid; without one, tell a person
 * who can set it where to do so, and show nothing to anyone else (they could only be told to ask).
 */
export function jumpOffer(
  url: string | null,
  permissions: readonly string[] | undefined,
): 'open' | 'configure' | 'hide' {
  if (url) return 'open';
  return permissions?.includes(PRODUCT_ADMIN_PERMISSION) ? 'configure' : 'hide';
}
