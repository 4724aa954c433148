import { SSO_PROVIDER_EDIT_PERMISSION, SSO_PROVIDER_PERMISSION } from '@psy/contracts';
import { permission } from '../../core/http/context';

/** Who may read and change the school's identity providers. */
export const SSO_ACCESS = {
  read: permission(SSO_PROVIDER_PERMISSION),
  edit: permission(SSO_PROVIDER_EDIT_PERMISSION),
};

/**
 * Whether a return path stays on this site: one leading slash, no scheme, no backslash, no control
 * characters (`//evil.example` and `/\evil.example` are other hosts to a browser).
 */
export function isSafeReturnPath(path: string): boolean {
  return /^\/(?![/\\])[^\\\s]*$/.test(path) && [...path].every((c) => c.charCodeAt(0) > 0x1f);
}
