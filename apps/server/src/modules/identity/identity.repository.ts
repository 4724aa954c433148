import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber, toNumberOrNull } from '../../core/db/rows';
import type { PrincipalProfile, PrincipalRole } from '../../core/http/context';
import { definePort } from '../../core/module';
import { settingEnabledSql } from '../settings';
import { dept, sysUser } from './identity.table';

/**
 * The permission keys roles hold. Grants are menus of the product catalogue (modules/products, above
 * identity), so products provides them here as SQL, and the statements below stay one round trip.
 */
export interface RoleGrants {
  /** JSON object role id -> keys of the roles `roleIds` (a subquery) of `tenantId`; enabled products only. */
  permissionsByRoleSql(tenantId: SQL, roleIds: SQL): SQL;
  /** The keys of one role, as an array (every product). */
  permissionsOfRoleSql(tenantId: SQL, roleId: SQL): SQL;
}
export const roleGrants = definePort<RoleGrants>('identity.role-grants');

export interface PrincipalData {
  id: number;
  username: string;
  realName: string;
  status: string;
  mustChangePassword: boolean;
  roles: PrincipalRole[];
  permissionsByRole: Record<string, string[]>;
  singleRoleSwitch: boolean;
  profile: PrincipalProfile;
}

/**
 * The signed-in user with roles, per-role permission keys and the single-role-switch setting, in one
 * statement: it runs on every authenticated request.
 */
export async function loadPrincipalData(
  { tx, tenantId }: TenantScope,
  userId: number,
): Promise<PrincipalData | null> {
  const res = await tx.execute(sql`
    select u.id, u.username, u.real_name, u.status, u.must_change_password,
      u.number_name, u.phone, u.email, u.sex, u.avatar, u.dept_id, u.user_type_id, u.logout_redirect,
      u.is_initialize_admin,
      coalesce((
        select json_agg(json_build_object('roleId', r.id, 'roleCode', r.role_code, 'roleName', r.role_name,
                                          'portPermission', r.port_permission, 'dataScope', r.data_scope) order by r.id)
        from user_role ur join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and not r.del_flag
        where ur.tenant_id = u.tenant_id and ur.user_id = u.id), '[]'::json) as roles,
      ${roleGrants
        .get()
        .permissionsByRoleSql(
          sql`u.tenant_id`,
          sql`select ur.role_id from user_role ur where ur.tenant_id = u.tenant_id and ur.user_id = u.id`,
        )} as perms,
      ${settingEnabledSql(sql`u.tenant_id`, 'singleRoleSwitch')} as single_role_switch
    from sys_user u
    where u.tenant_id = ${tenantId} and u.id = ${userId} and not u.del_flag`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  if (!row) return null;
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  return {
    id: toNumber(row.id),
    username: String(row.username),
    realName: String(row.real_name),
    status: String(row.status),
    mustChangePassword: Boolean(row.must_change_password),
    roles: parse<PrincipalRole[]>(row.roles),
    permissionsByRole: parse<Record<string, string[]>>(row.perms),
    singleRoleSwitch: Boolean(row.single_role_switch),
    profile: {
      numberName: (row.number_name as string | null) ?? null,
      phone: (row.phone as string | null) ?? null,
      email: (row.email as string | null) ?? null,
      sex: toNumberOrNull(row.sex),
      avatar: (row.avatar as string | null) ?? null,
      deptId: toNumberOrNull(row.dept_id),
      userTypeId: toNumberOrNull(row.user_type_id),
      logoutRedirect: (row.logout_redirect as string | null) ?? null,
      isInitializeAdmin: Boolean(row.is_initialize_admin),
    },
  };
}

export async function findUserForLogin({ tx, tenantId }: TenantScope, username: string) {
  const [row] = await tx
    .select({
      id: sysUser.id,
      username: sysUser.username,
      passwordHash: sysUser.passwordHash,
      mustChangePassword: sysUser.mustChangePassword,
      status: sysUser.status,
    })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        sql`lower(${sysUser.username}) = lower(${username})`,
        eq(sysUser.delFlag, false),
      ),
    );
  return row ?? null;
}

/** Live users with an ID document of a type and number (login by ID card); two means ambiguous. */
export async function findUsersByIdNumber({ tx, tenantId }: TenantScope, idType: number, idNumber: string) {
  return tx
    .select({
      id: sysUser.id,
      username: sysUser.username,
      passwordHash: sysUser.passwordHash,
      mustChangePassword: sysUser.mustChangePassword,
      status: sysUser.status,
    })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        eq(sysUser.idType, idType),
        sql`upper(${sysUser.idCard}) = upper(${idNumber})`,
        eq(sysUser.delFlag, false),
      ),
    )
    .limit(2);
}

/** Live users with a staff or student number (single sign-on's link rule); two means ambiguous. */
export async function findUsersByNumber({ tx, tenantId }: TenantScope, numberName: string) {
  return tx
    .select({ id: sysUser.id, username: sysUser.username, status: sysUser.status })
    .from(sysUser)
    .where(
      and(eq(sysUser.tenantId, tenantId), eq(sysUser.numberName, numberName), eq(sysUser.delFlag, false)),
    )
    .limit(2);
}

export async function findUsersByPhone({ tx, tenantId }: TenantScope, phone: string) {
  return tx
    .select({ id: sysUser.id, username: sysUser.username, status: sysUser.status })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.phone, phone), eq(sysUser.delFlag, false)))
    .limit(2);
}

/** Department names from the root down to `deptId`. */
export async function findDeptPath({ tx, tenantId }: TenantScope, deptId: number): Promise<string[]> {
  const res = await tx.execute(sql`
    with recursive up as (
      select id, parent_id, name, 0 as depth from dept where tenant_id = ${tenantId} and id = ${deptId}
      union all
      select d.id, d.parent_id, d.name, up.depth + 1 from dept d join up on d.tenant_id = ${tenantId} and d.id = up.parent_id
      where up.depth < 50
    )
    select name from up order by depth desc`);
  return rowsOf<{ name: string }>(res).map((r) => r.name);
}

/** The stored password hash of a user, for the password calls. */
export async function findUserPassword({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select({ username: sysUser.username, passwordHash: sysUser.passwordHash })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)));
  return row ?? null;
}

/** Stores a new password hash and clears the must-change flag. */
export async function updateUserPassword(
  { tx, tenantId }: TenantScope,
  userId: number,
  passwordHash: string,
) {
  const now = new Date();
  const rows = await tx
    .update(sysUser)
    .set({ passwordHash, mustChangePassword: false, passwordChangedAt: now, updatedAt: now })
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)))
    .returning({ id: sysUser.id });
  return rows.length === 1;
}

/** The basic fields of the user form (spec S0.3.3) as stored. */
export interface BasicProfileRow {
  realName: string;
  numberName: string | null;
  phone: string | null;
  email: string | null;
  sex: number | null;
  birthday: string | null;
  deptId: number | null;
}

export async function findBasicProfile(
  { tx, tenantId }: TenantScope,
  userId: number,
): Promise<BasicProfileRow | null> {
  const [row] = await tx
    .select({
      realName: sysUser.realName,
      numberName: sysUser.numberName,
      phone: sysUser.phone,
      email: sysUser.email,
      sex: sysUser.sex,
      birthday: sysUser.birthday,
      deptId: sysUser.deptId,
    })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)));
  return row ?? null;
}

/** Writes the given basic fields of one user; fields left out keep their value. */
export async function updateBasicProfile(
  { tx, tenantId }: TenantScope,
  userId: number,
  patch: Partial<BasicProfileRow>,
): Promise<boolean> {
  const rows = await tx
    .update(sysUser)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)))
    .returning({ id: sysUser.id });
  return rows.length === 1;
}

/** Whether a live department of the tenant has this id. */
export async function deptExists({ tx, tenantId }: TenantScope, deptId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.id, deptId), eq(dept.delFlag, false)));
  return row !== undefined;
}

/** The tenant's live departments, in display order (parents are not guaranteed to come first). */
export async function listDepts({ tx, tenantId }: TenantScope) {
  return tx
    .select({ id: dept.id, parentId: dept.parentId, name: dept.name, sort: dept.sort })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.delFlag, false)))
    .orderBy(asc(dept.sort), asc(dept.id));
}
