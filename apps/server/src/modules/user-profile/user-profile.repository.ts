import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { lockUser } from '../identity';
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
  await lockUser({ tx, tenantId }, rec.userId);
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
