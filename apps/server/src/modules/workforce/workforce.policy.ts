import { WORKFORCE_EDIT_PERMISSION, WORKFORCE_ROLE_CODES } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { findDeptSubtreeIds, type DeptScope } from '../identity';

/** Whether a user's role codes make them a counsellor who may be given service categories. */
export function isWorkforceMember(roleCodes: readonly string[]): boolean {
  return roleCodes.some((code) => (WORKFORCE_ROLE_CODES as readonly string[]).includes(code));
}

/**
 * Staff: a role other than the ordinary user's applies. Students and visitors (ROLE_GENERAL) do not see
 * who works which category.
 */
export function isStaff(p: Principal): boolean {
  return p.roles.some((r) => p.effectiveRoleIds.includes(r.roleId) && r.roleCode !== 'ROLE_GENERAL');
}

/** Whether the caller holds the workforce edit key in a role that applies. */
export function canEditWorkforce(p: Principal): boolean {
  return p.permissions.has(WORKFORCE_EDIT_PERMISSION);
}

/**
 * Where the caller may edit workforce: the whole school (null) when any applying role granting the edit
 * key has a school-wide data scope, else their department subtree (spec S0.1.2); nowhere without the key.
 * Computed from the roles granting this key, so a data-scoped role given it does not reach the whole school.
 */
export async function workforceScopeOf(scope: TenantScope, p: Principal): Promise<DeptScope> {
  const granting = p.roles.filter(
    (r) =>
      p.effectiveRoleIds.includes(r.roleId) &&
      (p.permissionsByRole[String(r.roleId)] ?? []).includes(WORKFORCE_EDIT_PERMISSION),
  );
  if (granting.length === 0) return { rootId: null, deptIds: new Set() };
  if (granting.some((r) => r.dataScope !== 'dept_tree')) return null;
  const rootId = p.profile.deptId;
  if (rootId === null) return { rootId: null, deptIds: new Set() };
  return { rootId, deptIds: new Set(await findDeptSubtreeIds(scope, rootId)) };
}
