import type { TenantScope } from '../../core/db/database';
import { forbidden } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { deptScopeOf, isDeptInScope, recordPersonalDataRead, findUserDeptId } from '../identity';

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
