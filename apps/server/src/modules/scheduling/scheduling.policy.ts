import { APPOINTMENT_PERMISSIONS, WORKFORCE_ROLE_CODES } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { findDeptSubtreeIds, type DeptScope } from '../identity';

/** Who may do what with schedules and appointments (docs/appointments.md section 5). */

export const can = (p: Principal, key: string): boolean => p.permissions.has(key);

const applying = (p: Principal) => p.roles.filter((r) => p.effectiveRoleIds.includes(r.roleId));

/** Staff: a role other than the ordinary user's applies (students and visitors are not staff). */
export const isStaff = (p: Principal): boolean => applying(p).some((r) => r.roleCode !== 'ROLE_GENERAL');

/** A counsellor, interviewer or assessor role applies: they take sessions and see their own. */
export const isCounsellor = (p: Principal): boolean =>
  applying(p).some((r) => (WORKFORCE_ROLE_CODES as readonly string[]).includes(r.roleCode));

/** Role codes that make a person bookable as the counsellor of an appointment. */
export const isCounsellorRoleSet = (roleCodes: readonly string[]): boolean =>
  roleCodes.some((c) => (WORKFORCE_ROLE_CODES as readonly string[]).includes(c));

/** The ordinary user's role (a visitor) is among the person's roles. */
export const isVisitorRoleSet = (roleCodes: readonly string[]): boolean => roleCodes.includes('ROLE_GENERAL');

/**
 * Where a permission reaches: the whole school (null) when a role granting it has a school-wide data scope,
 * else the caller's department subtree; nowhere without it. Computed from the roles granting this key, so a
 * data-scoped role given it does not reach the whole school.
 */
export async function permissionScopeOf(scope: TenantScope, p: Principal, key: string): Promise<DeptScope> {
  const granting = applying(p).filter((r) => (p.permissionsByRole[String(r.roleId)] ?? []).includes(key));
  if (granting.length === 0) return { rootId: null, deptIds: new Set() };
  if (granting.some((r) => r.dataScope !== 'dept_tree')) return null;
  const rootId = p.profile.deptId;
  if (rootId === null) return { rootId: null, deptIds: new Set() };
  return { rootId, deptIds: new Set(await findDeptSubtreeIds(scope, rootId)) };
}

export const P = APPOINTMENT_PERMISSIONS;
