import { CASE_ALL_PERMISSION, isVisitorSigner } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { deptScopeOf, isDeptInScope } from '../identity';
import { findSuperviseeIds } from './cases.repository';

/** Who sees which case (docs/cases.md 8). */

export type CaseAccess = 'counsellor' | 'supervisor' | 'admin' | 'visitor';

export const roleCodesOf = (p: Principal) =>
  p.roles.filter((r) => p.effectiveRoleIds.includes(r.roleId)).map((r) => r.roleCode);
export const isVisitor = (p: Principal) => isVisitorSigner(roleCodesOf(p));
export const canSeeAllCases = (p: Principal) => p.permissions.has(CASE_ALL_PERMISSION);

/**
 * The caller's relation to a case, or null (which the routes answer as "not found": another counsellor
 * learns nothing of a case that is not theirs). An administrator's reach ends at their data scope.
 */
export async function caseAccessOf(
  scope: TenantScope,
  p: Principal,
  c: { visitorId: number; counsellorId: number },
  visitorDeptId: () => Promise<number | null>,
): Promise<CaseAccess | null> {
  if (c.counsellorId === p.userId) return 'counsellor';
  // The relationship makes the supervisor (team/editSupervisor), whichever role is active.
  if ((await findSuperviseeIds(scope, p.userId)).includes(c.counsellorId)) return 'supervisor';
  if (canSeeAllCases(p)) {
    const ds = await deptScopeOf(scope, p);
    if (ds === null || isDeptInScope(ds, await visitorDeptId())) return 'admin';
  }
  if (c.visitorId === p.userId) return 'visitor';
  return null;
}
