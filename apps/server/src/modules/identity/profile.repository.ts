import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf } from '../../core/db/rows';
import { roleGrants } from './identity.repository';
import { dept, role, sysUser, userType } from './identity.table';

/*
 * The rows of identity's tables that the user's own profile reads and writes (modules/user-profile):
 * the "other information" fields, self-registration (here and through a sign-on provider) and the avatar.
 */

/** Locks a user's row until the transaction ends (a per-user cap checked and written by another module). */
export async function lockUser({ tx, tenantId }: TenantScope, userId: number): Promise<void> {
  await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId)))
    .for('update');
}

/** Whether a live user of the school has this id. */
export async function liveUserExists({ tx, tenantId }: TenantScope, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)));
  return Boolean(row);
}

/** The department of a user (null: none or no such user). */
export async function findUserDeptId({ tx, tenantId }: TenantScope, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ deptId: sysUser.deptId })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId)));
  return row?.deptId ?? null;
}

const dictColumns = {
  yearInfo: sysUser.yearInfo,
  nation: sysUser.nation,
  politicCountenance: sysUser.politicCountenance,
  educationalLevel: sysUser.educationalLevel,
  religiousBelief: sysUser.religiousBelief,
  isMarriage: sysUser.isMarriage,
  schoolRegister: sysUser.schoolRegister,
};
export type DictFields = { [K in keyof typeof dictColumns]: string | null };

/** The dictionary-backed "other information" fields of a live user, with the row's last change. */
export async function findDictFields({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select({ ...dictColumns, updatedAt: sysUser.updatedAt })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)));
  return row ?? null;
}

export async function updateDictFields(
  { tx, tenantId }: TenantScope,
  userId: number,
  patch: Partial<DictFields>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx
    .update(sysUser)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId)));
}

export async function listRegistrableUserTypes({ tx, tenantId }: TenantScope) {
  return tx
    .select({ id: userType.id, name: userType.name, code: userType.code })
    .from(userType)
    .where(and(eq(userType.tenantId, tenantId), eq(userType.allowRegister, true)))
    .orderBy(asc(userType.sort), asc(userType.id));
}

export async function deptIsLive({ tx, tenantId }: TenantScope, deptId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.id, deptId), eq(dept.delFlag, false)));
  return Boolean(row);
}

/** Whether a login account or a phone is already used by a live user (case-insensitive account). */
export async function findTakenAccount({ tx, tenantId }: TenantScope, username: string, phone: string) {
  const rows = await tx
    .select({ username: sysUser.username, phone: sysUser.phone })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        eq(sysUser.delFlag, false),
        sql`(lower(${sysUser.username}) = lower(${username}) or ${sysUser.phone} = ${phone})`,
      ),
    )
    .limit(2);
  return {
    username: rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    phone: rows.some((r) => r.phone === phone),
  };
}

/** Creates a self-registered user with the ordinary-user role; null if the account name was taken meanwhile. */
export async function insertRegisteredUser(
  { tx, tenantId }: TenantScope,
  v: {
    username: string;
    passwordHash: string;
    realName: string;
    numberName: string | null;
    phone: string | null;
    deptId: number;
    userTypeId: number;
    roleCode: string;
  },
): Promise<number | null> {
  const [user] = await tx
    .insert(sysUser)
    .values({
      tenantId,
      username: v.username,
      passwordHash: v.passwordHash,
      passwordChangedAt: new Date(),
      realName: v.realName,
      numberName: v.numberName,
      phone: v.phone,
      deptId: v.deptId,
      userTypeId: v.userTypeId,
    })
    .onConflictDoNothing()
    .returning({ id: sysUser.id });
  if (!user) return null;
  await tx.execute(sql`
    insert into user_role (tenant_id, user_id, role_id)
    select ${tenantId}, ${user.id}, r.id from role r
    where r.tenant_id = ${tenantId} and r.role_code = ${v.roleCode} and not r.del_flag`);
  return user.id;
}

/** Sets a user's avatar address and answers the one it replaced (null when there was none). */
export async function updateAvatar(
  { tx, tenantId }: TenantScope,
  userId: number,
  avatar: string,
): Promise<string | null> {
  const [before] = await tx
    .select({ avatar: sysUser.avatar })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId)))
    .for('update');
  await tx
    .update(sysUser)
    .set({ avatar, updatedAt: sql`now()` })
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId)));
  return before?.avatar ?? null;
}

/** The id of the school's user type with this code (`student`, `staff`), or null. */
export async function findUserTypeIdByCode({ tx, tenantId }: TenantScope, code: string) {
  const [row] = await tx
    .select({ id: userType.id })
    .from(userType)
    .where(and(eq(userType.tenantId, tenantId), eq(userType.code, code)))
    .limit(1);
  return row?.id ?? null;
}

/** The school's top department (the one without a parent, oldest first), or null. */
export async function findRootDeptId({ tx, tenantId }: TenantScope) {
  const [row] = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), isNull(dept.parentId), eq(dept.delFlag, false)))
    .orderBy(asc(dept.id))
    .limit(1);
  return row?.id ?? null;
}

/** The permission keys of the school's live role of this code (every product); null when there is none. */
export async function findLiveRolePermissionsByCode(
  { tx, tenantId }: TenantScope,
  code: string,
): Promise<string[] | null> {
  const res = await tx.execute(sql`
    select ${roleGrants.get().permissionsOfRoleSql(sql`r.tenant_id`, sql`r.id`)} as permissions
    from role r where r.tenant_id = ${tenantId} and r.role_code = ${code} and not r.del_flag
    order by r.id limit 1`);
  const [row] = rowsOf<{ permissions: string[] | null }>(res);
  return row ? (row.permissions ?? []) : null;
}

/** Whether the school has a live role of this code. */
export async function liveRoleCodeExists({ tx, tenantId }: TenantScope, code: string) {
  const [row] = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.roleCode, code), eq(role.delFlag, false)))
    .limit(1);
  return Boolean(row);
}
