import type { Principal, PrincipalRole } from '../../core/http/context';
import type { TokenRecord } from '../../core/http/gate';
import { AppError } from '../../core/http/app-error';
import { ORDINARY_USER_ROLE, SENSITIVE_PERMISSION, type PermissionKey } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import type { PrincipalData } from './identity.repository';
import { findDeptSubtreeIds } from './depts.repository';

/** A role may be used only from the client ports in its portPermission (spec S0.6). */
export function isRoleUsable(role: PrincipalRole, clientPort: string): boolean {
  return role.portPermission.includes(clientPort);
}

/**
 * Which role's permissions apply: the requested (ROLE-ID header) role, else the role chosen on the token,
 * else all usable roles, unless single-role switching is on and there is a choice to make (then none).
 */
export function buildPrincipal(
  data: PrincipalData,
  token: TokenRecord,
  requestedRoleId: number | null,
): Principal {
  const usable = data.roles.filter((r) => isRoleUsable(r, token.clientPort));
  const usableIds = usable.map((r) => r.roleId);
  if (requestedRoleId !== null && !usableIds.includes(requestedRoleId)) {
    throw new AppError('forbidden', 'role-id: the role is not yours or not usable from this client');
  }
  const tokenRole =
    token.activeRoleId !== null && usableIds.includes(token.activeRoleId) ? token.activeRoleId : null;
  const activeRoleId = requestedRoleId ?? tokenRole ?? (usable.length === 1 ? usableIds[0]! : null);
  const effective =
    activeRoleId !== null ? [activeRoleId] : data.singleRoleSwitch && usable.length > 1 ? [] : usableIds;
  const permissions = new Set<string>();
  for (const id of effective) for (const p of data.permissionsByRole[String(id)] ?? []) permissions.add(p);
  return {
    tenantId: token.tenantId,
    userId: data.id,
    username: data.username,
    realName: data.realName,
    tokenId: token.tokenId,
    tokenHash: token.tokenHash,
    accessExpiresAt: token.accessExpiresAt,
    clientPort: token.clientPort,
    roles: data.roles,
    usableRoleIds: usableIds,
    activeRoleId,
    effectiveRoleIds: effective,
    permissions,
    permissionsByRole: data.permissionsByRole,
    // The user's flag stays: a later password login is still held to the change.
    mustChangePassword: data.mustChangePassword && !token.sso,
    isSso: token.sso,
    profile: data.profile,
  };
}

/** Permission keys of all roles usable from a port (the login answer's authorities). */
export function permissionsOfUsableRoles(data: PrincipalData, clientPort: string): string[] {
  const out = new Set<string>();
  for (const r of data.roles) {
    if (!isRoleUsable(r, clientPort)) continue;
    for (const p of data.permissionsByRole[String(r.roleId)] ?? []) out.add(p);
  }
  return [...out].sort();
}

/**
 * Permission keys of user and organisation administration. A role holding any of them administers
 * people, so its data scope matters (a sub-administrator's `dept_tree`).
 */
// Lists of the contracts' key union, so a misspelt or retired key is a type error.
const ADMINISTRATION_KEY_LIST: readonly PermissionKey[] = [
  'sys_user',
  'sys_user_detail',
  'sys_dept',
  'sys_role',
  'sys_user_type',
  'admin_userInfo_add',
  'admin_userInfo_edit',
  'admin_userInfo_del',
  'admin_userInfo_export',
  'admin_userInfo_userImport_btn',
  'admin_userInfo_audit',
  'admin_userInfo_resetPwd',
  'admin_userInfo_sensitive',
  'admin_dept_add',
  'admin_dept_edit',
  'admin_dept_del',
  'admin_role_add',
  'admin_role_edit',
  'admin_role_del',
];
export const ADMINISTRATION_KEYS: ReadonlySet<string> = new Set(ADMINISTRATION_KEY_LIST);

/**
 * Permission keys that administer the school itself, beyond its people: its roles and grants, settings,
 * products, dictionaries, forms, page set-up, logs, jobs, sign-on providers, the publishing of notices
 * and messages. The system menus every user holds (`sys_notice`, `sys_message`, `sys_files`: reading
 * one's notices, messages and downloads) are not among them.
 */
export const SCHOOL_ADMINISTRATION_KEYS: ReadonlySet<string> = new Set<PermissionKey>([
  ...ADMINISTRATION_KEY_LIST,
  'admin_userFinger_add',
  'consult_workforce_edit',
  'sys_user_fields',
  'sys_role_detail',
  'sys_product',
  'sys_dict',
  'sys_setting',
  'sys_client_log',
  'admin_log_view',
  'sys_page_setup',
  'sys_agreement',
  'sys_form',
  'admin_form_edit',
  'sys_notice_publish',
  'sys_message_manage',
  'admin_message_manage',
  'sys_job',
  'sys_sso',
  'sys_sso_edit',
]);

/**
 * Whether a role's permission keys administer the school (people or the school's set-up): such a role is
 * never handed out by something other than an administrator's decision (a sign-on's self-registration).
 */
export const grantsSchoolAdministration = (keys: readonly string[]) =>
  keys.some((k) => SCHOOL_ADMINISTRATION_KEYS.has(k));

const grantsAdministration = (keys: readonly string[] | undefined) =>
  (keys ?? []).some((k) => ADMINISTRATION_KEYS.has(k));

/**
 * Whether the caller administers the whole school ('all') or only their department subtree
 * ('dept_tree'). Only the roles whose permissions apply and that grant administration count: a
 * counsellor role (scope 'all', no administration) next to a sub-administrator role does not widen it.
 */
export function administrationScopeOf(p: Principal): 'all' | 'dept_tree' {
  const adminRoles = p.roles.filter(
    (r) =>
      p.effectiveRoleIds.includes(r.roleId) && grantsAdministration(p.permissionsByRole[String(r.roleId)]),
  );
  if (adminRoles.length === 0 || adminRoles.some((r) => r.dataScope !== 'dept_tree')) return 'all';
  return 'dept_tree';
}

/** Whether personal values (name, phone, ID number) are shown unmasked to the caller. */
export function canSeeSensitive(p: Principal): boolean {
  return p.permissions.has(SENSITIVE_PERMISSION);
}

/**
 * Whether a role administers the whole school: ROLE_ADMIN, or scope 'all' with administration keys.
 * A data-scoped administrator may not grant such a role (it would reach outside their subtree).
 */
export function isTenantWideAdminRole(role: {
  roleCode: string;
  dataScope: string;
  permissions: readonly string[];
}): boolean {
  return (
    role.roleCode === 'ROLE_ADMIN' ||
    (role.dataScope !== 'dept_tree' && grantsAdministration(role.permissions))
  );
}

/**
 * Whether a caller administering `ds` may grant a role to a user (or take it away). A school-wide
 * administrator may grant any role. A department administrator only a role the school administrator made
 * `delegable`, and never one that reaches further than their subtree: a school-wide administrator role,
 * or a role whose data scope is the whole school, except the ordinary user's role (its holders act on
 * their own data only).
 */
export function isRoleGrantableBy(
  ds: DeptScope,
  role: { roleCode: string; dataScope: string; permissions: readonly string[]; delegable: boolean },
): boolean {
  if (ds === null) return true;
  if (!role.delegable || isTenantWideAdminRole(role)) return false;
  return isDelegableScope(role);
}

/** A role whose reach a department administrator's never falls short of: `dept_tree`, or the ordinary user's. */
export function isDelegableScope(role: { roleCode: string; dataScope: string }): boolean {
  return role.dataScope === 'dept_tree' || role.roleCode === ORDINARY_USER_ROLE;
}

/** The departments a caller may act in: null for the whole school, else the ids of their subtree. */
export type DeptScope = null | { rootId: number | null; deptIds: ReadonlySet<number> };

/**
 * The caller's data scope (spec S0.1.2, S0.6): null for a school-wide administrator; for a
 * sub-administrator their department and its descendants (nothing when they have no department).
 * Every user-administration call goes through this.
 */
export async function deptScopeOf(scope: TenantScope, p: Principal): Promise<DeptScope> {
  if (administrationScopeOf(p) === 'all') return null;
  const rootId = p.profile.deptId;
  if (rootId === null) return { rootId: null, deptIds: new Set() };
  return { rootId, deptIds: new Set(await findDeptSubtreeIds(scope, rootId)) };
}

/** Whether a department (or "no department", null) is inside a scope; "no department" is outside any subtree. */
export function isDeptInScope(s: DeptScope, deptId: number | null): boolean {
  if (s === null) return true;
  return deptId !== null && s.deptIds.has(deptId);
}
