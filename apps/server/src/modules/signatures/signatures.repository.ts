import { and, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { usersView } from '../identity';
import { userSignature } from './signatures.table';

/** Identity's users as it lets other modules read them (modules/identity/identity.views.ts). */
const users = usersView('sys_user');

export interface SignatureRow {
  userId: number;
  username: string;
  realName: string;
  fileKey: string;
  contentType: string;
  size: number;
  updatedAt: Date;
}

/** The stored signature of a user with the signer's names, or null. */
export async function findSignature(
  { tx, tenantId }: TenantScope,
  userId: number,
): Promise<SignatureRow | null> {
  const [row] = await tx
    .select({
      userId: userSignature.userId,
      username: users.username,
      realName: users.realName,
      fileKey: userSignature.fileKey,
      contentType: userSignature.contentType,
      size: userSignature.size,
      updatedAt: userSignature.updatedAt,
    })
    .from(userSignature)
    .innerJoin(users, and(eq(users.tenantId, userSignature.tenantId), eq(users.id, userSignature.userId)))
    .where(and(eq(userSignature.tenantId, tenantId), eq(userSignature.userId, userId)));
  return row ?? null;
}

/** Whether a live user exists in the tenant. */
export async function userExists({ tx, tenantId }: TenantScope, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(users.delFlag, false)));
  return Boolean(row);
}

/** A live user's department (null: none), or undefined when there is no such live user in the tenant. */
export async function findLiveUserDept(
  { tx, tenantId }: TenantScope,
  userId: number,
): Promise<{ deptId: number | null } | undefined> {
  const [row] = await tx
    .select({ deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(users.delFlag, false)));
  return row ? { deptId: row.deptId ?? null } : undefined;
}

/** Stores or replaces a user's signature. */
export async function upsertSignature(
  { tx, tenantId }: TenantScope,
  rec: { userId: number; fileKey: string; contentType: string; size: number; sha256: string },
): Promise<void> {
  await tx
    .insert(userSignature)
    .values({ ...rec, tenantId })
    .onConflictDoUpdate({
      target: [userSignature.tenantId, userSignature.userId],
      set: {
        fileKey: rec.fileKey,
        contentType: rec.contentType,
        size: rec.size,
        sha256: rec.sha256,
        updatedAt: sql`now()`,
      },
    });
}
