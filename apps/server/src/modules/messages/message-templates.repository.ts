import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { TenantScope, Tx } from '../../core/db/database';
import { messageTemplate } from './message-templates.table';

export type MessageTemplateRow = typeof messageTemplate.$inferSelect;
export type NewMessageTemplate = Omit<typeof messageTemplate.$inferInsert, 'tenantId' | 'id' | 'updatedAt'>;

/** Inserts the templates a school lacks (seeding); existing ones are left as edited. */
export async function insertMissingTemplates(tx: Tx, tenantId: number, rows: NewMessageTemplate[]) {
  if (rows.length === 0) return;
  await tx
    .insert(messageTemplate)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing();
}

export async function findTemplatePage(
  { tx, tenantId }: TenantScope,
  filter: { event?: string | undefined; events: string[] },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(messageTemplate.tenantId, tenantId),
    inArray(messageTemplate.event, filter.events),
    filter.event ? ilike(messageTemplate.event, `%${filter.event.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const rows = await tx.select().from(messageTemplate).where(where).orderBy(asc(messageTemplate.id));
  const [total] = await tx.select({ n: count() }).from(messageTemplate).where(where);
  return { rows: rows.slice(page.offset, page.offset + page.limit), total: total?.n ?? 0 };
}

export async function findTemplate({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(messageTemplate)
    .where(and(eq(messageTemplate.tenantId, tenantId), eq(messageTemplate.id, id)));
  return row ?? null;
}

export async function findTemplateByEvent({ tx, tenantId }: TenantScope, event: string) {
  const [row] = await tx
    .select()
    .from(messageTemplate)
    .where(and(eq(messageTemplate.tenantId, tenantId), eq(messageTemplate.event, event)));
  return row ?? null;
}

/** The school's templates of these events (reading messages sent by event). */
export async function findTemplatesByEvents({ tx, tenantId }: TenantScope, events: string[]) {
  if (events.length === 0) return [];
  return tx
    .select()
    .from(messageTemplate)
    .where(and(eq(messageTemplate.tenantId, tenantId), inArray(messageTemplate.event, events)));
}

export async function updateTemplate(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Pick<MessageTemplateRow, 'enabled' | 'titleZh' | 'contentZh' | 'titleEn' | 'contentEn'>>,
) {
  const [row] = await tx
    .update(messageTemplate)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(messageTemplate.tenantId, tenantId), eq(messageTemplate.id, id)))
    .returning();
  return row ?? null;
}
