/**
 * Whether a value is a path of this app: it starts with one `/`. `//host` and `/\host` are taken by browsers
 * as other sites, so a stored or received address must pass this before the app navigates to it (no open
 * redirect).
 */
export function isInAppPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}
