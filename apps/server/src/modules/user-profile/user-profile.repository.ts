import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { dept, sysUser, userType } from '../identity/identity.table';
import { emergencyContact, userProfileDocument } from './user-profile.table';

export type ProfileDocumentKind = 'family' | 'assess';
export type EmergencyContactRow = typeof emergencyContact.$inferSelect;

export async function listContacts({ tx, tenantId }: TenantScope, userId: number) {
  return tx
    .select()
    .from(emergencyContact)
    .where(and(eq(emergencyContact.tenantId, tenantId), eq(emergencyContact.userId, userId)))
    .orderBy(asc(emergencyContact.id));
}

export async function findContact({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(emergencyContact)
    .where(and(eq(emergencyContact.tenantId, tenantId), eq(emergencyContact.id, id)));
  return row ?? null;
}

/**
 * Adds a contact unless the user already has `max`: the count and the insert are one statement, and the
 * user row is locked first so two concurrent inserts cannot both pass the cap.
 */
export async function insertContact(
  { tx, tenantId }: TenantScope,
  rec: { userId: number; name: string; phone: string; relation: string | null },
  max: number,
) {
  await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, rec.userId)))
    .for('update');
  const [{ n }] = (await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(emergencyContact)
    .where(and(eq(emergencyContact.tenantId, tenantId), eq(emergencyContact.userId, rec.userId)))) as [
    { n: number },
  ];
  if (n >= max) return null;
  const [row] = await tx
    .insert(emergencyContact)
    .values({ ...rec, tenantId })
    .returning();
  return row!;
}

export async function updateContact(
  { tx, tenantId }: TenantScope,
  id: number,
  patch: { name: string; phone: string; relation: string | null },
) {
  const [row] = await tx
    .update(emergencyContact)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(emergencyContact.tenantId, tenantId), eq(emergencyContact.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContact({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .delete(emergencyContact)
    .where(and(eq(emergencyContact.tenantId, tenantId), eq(emergencyContact.id, id)))
    .returning({ id: emergencyContact.id });
  return rows.length > 0;
}

export async function findDocument({ tx, tenantId }: TenantScope, userId: number, kind: ProfileDocumentKind) {
  const [row] = await tx
    .select({ doc: userProfileDocument.doc, updatedAt: userProfileDocument.updatedAt })
    .from(userProfileDocument)
    .where(
      and(
        eq(userProfileDocument.tenantId, tenantId),
        eq(userProfileDocument.userId, userId),
        eq(userProfileDocument.kind, kind),
      ),
    );
  return row ?? null;
}

export async function upsertDocument(
  { tx, tenantId }: TenantScope,
  rec: { userId: number; kind: ProfileDocumentKind; doc: unknown; updatedBy: number },
) {
  const [row] = await tx
    .insert(userProfileDocument)
    .values({ ...rec, tenantId })
    .onConflictDoUpdate({
      target: [userProfileDocument.tenantId, userProfileDocument.userId, userProfileDocument.kind],
      set: { doc: rec.doc, updatedBy: rec.updatedBy, updatedAt: sql`now()` },
    })
    .returning({ doc: userProfileDocument.doc, updatedAt: userProfileDocument.updatedAt });
  return row!;
}

export async function userExists({ tx, tenantId }: TenantScope, userId: number): Promise<boolean> {
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

// ---- Registration and avatar (rows of identity's tables, written for the user's own account)

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
    phone: string;
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
