import type { TenantScope } from '../../core/db/database';
import { forbidden } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import {
  canSeeSensitive,
  deptScopeOf,
  isDeptInScope,
  recordPersonalDataRead,
  findUserDeptId,
} from '../identity';

/**
 * Refuses acting on a user outside the caller's data scope (identity's rule, `deptScopeOf`): a
 * sub-administrator reaches only users of their own department subtree.
 */
export async function assertUserInDataScope(scope: TenantScope, p: Principal, userId: number): Promise<void> {
  if (userId === p.userId) return;
  const dataScope = await deptScopeOf(scope, p);
  if (dataScope === null) return;
  if (!isDeptInScope(dataScope, await findUserDeptId(scope, userId))) {
    throw forbidden('the user is outside your data scope');
  }
}

/** Records an unmasked read of another person's personal data in identity's access log. */
export function recordProfileRead(
  scope: TenantScope,
  p: Principal,
  rec: { subjectId: number; fields: string[]; route: string },
): Promise<void> {
  return recordPersonalDataRead(scope, p, rec);
}

/**
 * Whether the caller sees the phones of a user's relatives and contacts in full: by the rule of the
 * user's own phone, their own, or anyone's with the sensitive-data key (`admin_userInfo_sensitive`).
 */
export function seesContactPhonesOf(p: Principal, userId: number): boolean {
  return userId === p.userId || canSeeSensitive(p);
}
