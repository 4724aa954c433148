import { and, asc, count, desc, eq, gt, ilike, lt, or, sql } from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { usersView } from '../identity';
import { ssoFlow, ssoLink, ssoLoginToken, ssoProvider } from './sso.table';

export type ProviderRow = typeof ssoProvider.$inferSelect;

export async function listProviders({ tx, tenantId }: TenantScope): Promise<ProviderRow[]> {
  return tx.select().from(ssoProvider).where(eq(ssoProvider.tenantId, tenantId)).orderBy(asc(ssoProvider.id));
}

export async function findProviderByCode({ tx, tenantId }: TenantScope, code: string) {
  const [row] = await tx
    .select()
    .from(ssoProvider)
    .where(and(eq(ssoProvider.tenantId, tenantId), eq(ssoProvider.code, code)));
  return row ?? null;
}

export async function findProviderById({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(ssoProvider)
    .where(and(eq(ssoProvider.tenantId, tenantId), eq(ssoProvider.id, id)));
  return row ?? null;
}

export type ProviderValues = Omit<
  typeof ssoProvider.$inferInsert,
  'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'secretSealed'
>;

/** Inserts a provider; null when the school has one with that code already. */
export async function insertProvider({ tx, tenantId }: TenantScope, values: ProviderValues) {
  const [row] = await tx
    .insert(ssoProvider)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateProvider({ tx, tenantId }: TenantScope, id: number, values: ProviderValues) {
  const [row] = await tx
    .update(ssoProvider)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(ssoProvider.tenantId, tenantId), eq(ssoProvider.id, id)))
    .returning();
  return row ?? null;
}

export async function updateProviderSecret(
  { tx, tenantId }: TenantScope,
  id: number,
  secretSealed: string | null,
) {
  await tx
    .update(ssoProvider)
    .set({ secretSealed })
    .where(and(eq(ssoProvider.tenantId, tenantId), eq(ssoProvider.id, id)));
}

export async function deleteProvider({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .delete(ssoProvider)
    .where(and(eq(ssoProvider.tenantId, tenantId), eq(ssoProvider.id, id)))
    .returning({ id: ssoProvider.id });
  return rows.length > 0;
}

const users = usersView('sys_user');

const linkColumns = {
  id: ssoLink.id,
  providerId: ssoLink.providerId,
  subject: ssoLink.subject,
  userId: ssoLink.userId,
  username: users.username,
  realName: users.realName,
};

/** One page of a provider's links, newest first; `keyword` is a contains match on subject, account, name. */
export async function pageLinks(
  { tx, tenantId }: TenantScope,
  providerId: number,
  keyword: string | undefined,
  window: { offset: number; limit: number },
) {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(ssoLink.tenantId, tenantId),
    eq(ssoLink.providerId, providerId),
    like
      ? or(ilike(ssoLink.subject, like), ilike(users.username, like), ilike(users.realName, like))
      : undefined,
  );
  const from = () =>
    tx
      .select(linkColumns)
      .from(ssoLink)
      .innerJoin(users, and(eq(users.tenantId, ssoLink.tenantId), eq(users.id, ssoLink.userId)));
  const records = await from()
    .where(where)
    .orderBy(desc(ssoLink.id))
    .offset(window.offset)
    .limit(window.limit);
  const [counted] = await tx
    .select({ n: count() })
    .from(ssoLink)
    .innerJoin(users, and(eq(users.tenantId, ssoLink.tenantId), eq(users.id, ssoLink.userId)))
    .where(where);
  return { records, total: counted?.n ?? 0 };
}

export async function findLink({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select(linkColumns)
    .from(ssoLink)
    .innerJoin(users, and(eq(users.tenantId, ssoLink.tenantId), eq(users.id, ssoLink.userId)))
    .where(and(eq(ssoLink.tenantId, tenantId), eq(ssoLink.id, id)));
  return row ?? null;
}

/** Links a subject to a user (a new link for the subject replaces the old one). */
export async function upsertLink(
  { tx, tenantId }: TenantScope,
  link: { providerId: number; subject: string; userId: number },
) {
  const [row] = await tx
    .insert(ssoLink)
    .values({ ...link, tenantId })
    .onConflictDoUpdate({
      target: [ssoLink.tenantId, ssoLink.providerId, ssoLink.subject],
      set: { userId: link.userId },
    })
    .returning({ id: ssoLink.id });
  return row!.id;
}

export async function deleteLink({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .delete(ssoLink)
    .where(and(eq(ssoLink.tenantId, tenantId), eq(ssoLink.id, id)))
    .returning({ id: ssoLink.id });
  return rows.length > 0;
}

/** The live user an explicit link names, or null. */
export async function findLinkedUser({ tx, tenantId }: TenantScope, providerId: number, subject: string) {
  const [row] = await tx
    .select({ userId: ssoLink.userId })
    .from(ssoLink)
    .innerJoin(users, and(eq(users.tenantId, ssoLink.tenantId), eq(users.id, ssoLink.userId)))
    .where(
      and(
        eq(ssoLink.tenantId, tenantId),
        eq(ssoLink.providerId, providerId),
        eq(ssoLink.subject, subject),
        eq(users.delFlag, false),
      ),
    );
  return row?.userId ?? null;
}

/** Stores a flow (and drops expired flows and login tokens of every school, so the tables stay small). */
export async function insertFlow(
  { db }: SystemScope,
  flow: Omit<typeof ssoFlow.$inferInsert, 'id'>,
): Promise<void> {
  await db.delete(ssoFlow).where(lt(ssoFlow.expiresAt, sql`now()`));
  await db.delete(ssoLoginToken).where(lt(ssoLoginToken.expiresAt, sql`now()`));
  await db.insert(ssoFlow).values(flow);
}

/** Takes a live flow once by its state's hash: deleted whether or not the sign-on then succeeds. */
export async function takeFlow({ db }: SystemScope, stateHash: string) {
  const [row] = await db
    .delete(ssoFlow)
    .where(and(eq(ssoFlow.stateHash, stateHash), gt(ssoFlow.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

export async function insertLoginToken(
  { db }: SystemScope,
  token: Omit<typeof ssoLoginToken.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(ssoLoginToken).values(token);
}

/** Takes a live login token once by its hash. */
export async function takeLoginToken({ db }: SystemScope, tokenHash: string) {
  const [row] = await db
    .delete(ssoLoginToken)
    .where(and(eq(ssoLoginToken.tokenHash, tokenHash), gt(ssoLoginToken.expiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}
