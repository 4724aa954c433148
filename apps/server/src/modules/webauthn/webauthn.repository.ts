import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { usersView } from '../identity';
import { webauthnChallenge, webauthnCredential } from './webauthn.table';

/** Identity's users as it lets other modules read them (modules/identity/identity.views.ts). */
const users = usersView('sys_user');

export type ChallengePurpose = 'register' | 'authenticate';

/** Stores a challenge (and drops the tenant's expired ones, so the table does not grow). */
export async function insertChallenge(
  { tx, tenantId }: TenantScope,
  rec: { purpose: ChallengePurpose; challenge: string; userId: number | null; ttlMs: number },
): Promise<string> {
  await tx
    .delete(webauthnChallenge)
    .where(and(eq(webauthnChallenge.tenantId, tenantId), lt(webauthnChallenge.expiresAt, sql`now()`)));
  const [row] = await tx
    .insert(webauthnChallenge)
    .values({
      tenantId,
      purpose: rec.purpose,
      challenge: rec.challenge,
      userId: rec.userId,
      expiresAt: new Date(Date.now() + rec.ttlMs),
    })
    .returning({ id: webauthnChallenge.id });
  return row!.id;
}

/** Takes a live challenge once: it is deleted whether or not the answer then verifies. */
export async function consumeChallenge(
  { tx, tenantId }: TenantScope,
  id: string,
  purpose: ChallengePurpose,
): Promise<{ challenge: string; userId: number | null } | null> {
  const [row] = await tx
    .delete(webauthnChallenge)
    .where(
      and(
        eq(webauthnChallenge.tenantId, tenantId),
        eq(webauthnChallenge.id, id),
        eq(webauthnChallenge.purpose, purpose),
        gt(webauthnChallenge.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenge.challenge, userId: webauthnChallenge.userId });
  return row ?? null;
}

export async function listUserCredentials({ tx, tenantId }: TenantScope, userId: number) {
  return tx
    .select({ credentialId: webauthnCredential.credentialId, transports: webauthnCredential.transports })
    .from(webauthnCredential)
    .where(and(eq(webauthnCredential.tenantId, tenantId), eq(webauthnCredential.userId, userId)));
}

export async function countUserCredentials({ tx, tenantId }: TenantScope, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(webauthnCredential)
    .where(and(eq(webauthnCredential.tenantId, tenantId), eq(webauthnCredential.userId, userId)));
  return row?.n ?? 0;
}

/** A credential with its (live) owner, by credential id. */
export async function findCredential({ tx, tenantId }: TenantScope, credentialId: string) {
  const [row] = await tx
    .select({
      id: webauthnCredential.id,
      userId: webauthnCredential.userId,
      credentialId: webauthnCredential.credentialId,
      publicKey: webauthnCredential.publicKey,
      counter: webauthnCredential.counter,
      transports: webauthnCredential.transports,
    })
    .from(webauthnCredential)
    .innerJoin(
      users,
      and(eq(users.tenantId, webauthnCredential.tenantId), eq(users.id, webauthnCredential.userId)),
    )
    .where(
      and(
        eq(webauthnCredential.tenantId, tenantId),
        eq(webauthnCredential.credentialId, credentialId),
        eq(users.delFlag, false),
      ),
    );
  return row ?? null;
}

/** Deletes every credential of a user; answers how many there were. */
export async function deleteUserCredentials({ tx, tenantId }: TenantScope, userId: number): Promise<number> {
  const rows = await tx
    .delete(webauthnCredential)
    .where(and(eq(webauthnCredential.tenantId, tenantId), eq(webauthnCredential.userId, userId)))
    .returning({ id: webauthnCredential.id });
  return rows.length;
}

export async function insertCredential(
  { tx, tenantId }: TenantScope,
  rec: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    deviceType: string;
    backedUp: boolean;
  },
) {
  const [row] = await tx
    .insert(webauthnCredential)
    .values({ ...rec, tenantId })
    .onConflictDoNothing()
    .returning({ id: webauthnCredential.id, createdAt: webauthnCredential.createdAt });
  return row ?? null;
}

export async function updateCounter({ tx, tenantId }: TenantScope, id: number, counter: number) {
  await tx
    .update(webauthnCredential)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(and(eq(webauthnCredential.tenantId, tenantId), eq(webauthnCredential.id, id)));
}
