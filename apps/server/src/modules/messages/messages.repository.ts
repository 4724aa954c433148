import { MESSAGE_STATUS, type MessageParamValues } from '@psy/contracts';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { message } from './messages.table';

export type MessageRow = typeof message.$inferSelect;

export interface MessageFilter {
  status?: number;
  type?: number;
  typeCode?: string;
  /** create_time >= from */
  from?: Date;
  /** create_time < to */
  to?: Date;
}

function whereOf(tenantId: number, userId: number, f: MessageFilter): SQL | undefined {
  return and(
    eq(message.tenantId, tenantId),
    eq(message.userId, userId),
    f.status !== undefined ? eq(message.status, f.status) : undefined,
    f.type !== undefined ? eq(message.type, f.type) : undefined,
    f.typeCode !== undefined ? eq(message.typeCode, f.typeCode) : undefined,
    f.from ? gte(message.createTime, f.from) : undefined,
    f.to ? lt(message.createTime, f.to) : undefined,
  );
}

/** One page of a user's messages, newest first, and the number matching in all. */
export async function findUserMessages(
  { tx, tenantId }: TenantScope,
  userId: number,
  filter: MessageFilter,
  page: { offset: number; limit: number },
) {
  const where = whereOf(tenantId, userId, filter);
  const rows = await tx
    .select()
    .from(message)
    .where(where)
    .orderBy(desc(message.createTime), desc(message.id))
    .limit(page.limit)
    .offset(page.offset);
  // A first page that is not full holds every match: no count needed.
  if (page.offset === 0 && rows.length < page.limit) return { rows, total: rows.length };
  const [total] = await tx.select({ n: count() }).from(message).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Marks one of the user's messages read (keeping the first read time); null when it is not theirs. */
export async function markMessageRead({ tx, tenantId }: TenantScope, userId: number, id: number) {
  const [row] = await tx
    .update(message)
    .set({ status: MESSAGE_STATUS.read, readTime: sql`coalesce(${message.readTime}, now())` })
    .where(and(eq(message.tenantId, tenantId), eq(message.userId, userId), eq(message.id, id)))
    .returning();
  return row ?? null;
}

/** Marks all the user's unread messages read; answers how many. */
export async function markAllMessagesRead({ tx, tenantId }: TenantScope, userId: number): Promise<number> {
  const rows = await tx
    .update(message)
    .set({ status: MESSAGE_STATUS.read, readTime: sql`now()` })
    .where(
      and(
        eq(message.tenantId, tenantId),
        eq(message.userId, userId),
        eq(message.status, MESSAGE_STATUS.unread),
      ),
    )
    .returning({ id: message.id });
  return rows.length;
}

/** Unread counts of a user per product (null: no product). */
export async function countUnreadByType({ tx, tenantId }: TenantScope, userId: number) {
  return tx
    .select({ type: message.type, count: count() })
    .from(message)
    .where(
      and(
        eq(message.tenantId, tenantId),
        eq(message.userId, userId),
        eq(message.status, MESSAGE_STATUS.unread),
      ),
    )
    .groupBy(message.type);
}

export interface NewMessage {
  userId: number;
  type: number | null;
  typeCode: string;
  title: string;
  content: string;
  event?: string | null;
  params?: MessageParamValues | null;
}

export async function insertMessages({ tx, tenantId }: TenantScope, rows: NewMessage[]) {
  if (rows.length === 0) return [];
  return tx
    .insert(message)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .returning({ id: message.id, userId: message.userId });
}

/** Message contents by id (appointments' SMS text is the rendered in-app message). */
export async function findMessageTexts({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: message.id, userId: message.userId, title: message.title, content: message.content })
    .from(message)
    .where(and(eq(message.tenantId, tenantId), inArray(message.id, ids)));
}
