import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { countRows, preferCustomPlans } from '../../core/db/paging';
import { usersView } from '../identity';
import type { TenantScope } from '../../core/db/database';
import { clientLog } from './client-logs.table';

/** Identity's users as it lets other modules read them (modules/identity/identity.views.ts). */
const users = usersView('sys_user');

export interface NewClientLog {
  userId: number;
  type: string;
  url: string;
  message: string;
  stack: string | null;
  info: string | null;
  time: string;
}

/** Inserts the entries in one statement; answers how many. */
export async function insertClientLogs({ tx, tenantId }: TenantScope, rows: NewClientLog[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(clientLog)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .returning({ id: clientLog.id });
  return inserted.length;
}

export interface ClientLogFilter {
  type?: string | undefined;
  userId?: number | undefined;
  /** create_time >= from */
  from?: Date | undefined;
  /** create_time < to */
  to?: Date | undefined;
}

/**
 * A page of stored entries, newest first, with who uploaded each. The total is counted up to
 * EXACT_COUNT_LIMIT (estimated beyond); the page's ids come from the (tenant[, type | user], time, id)
 * indexes first, then their rows, so a deep offset skips index entries only.
 */
export async function findClientLogPage(
  { tx, tenantId }: TenantScope,
  f: ClientLogFilter,
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(clientLog.tenantId, tenantId),
    f.type !== undefined ? eq(clientLog.type, f.type) : undefined,
    f.userId !== undefined ? eq(clientLog.userId, f.userId) : undefined,
    f.from ? gte(clientLog.createTime, f.from) : undefined,
    f.to ? lt(clientLog.createTime, f.to) : undefined,
  );
  await preferCustomPlans(tx);
  const ids = tx
    .select({ id: clientLog.id, createTime: clientLog.createTime })
    .from(clientLog)
    .where(where)
    .orderBy(desc(clientLog.createTime), desc(clientLog.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('p');
  const rows = await tx
    .select({
      id: clientLog.id,
      userId: clientLog.userId,
      username: users.username,
      realName: users.realName,
      type: clientLog.type,
      url: clientLog.url,
      message: clientLog.message,
      stack: clientLog.stack,
      info: clientLog.info,
      time: clientLog.time,
      createTime: clientLog.createTime,
    })
    .from(ids)
    .innerJoin(clientLog, and(eq(clientLog.tenantId, tenantId), eq(clientLog.id, ids.id)))
    .leftJoin(users, and(eq(users.tenantId, clientLog.tenantId), eq(users.id, clientLog.userId)))
    .orderBy(desc(ids.createTime), desc(ids.id));
  const total = await countRows(
    tx,
    tx
      .select({ one: sql`1` })
      .from(clientLog)
      .where(where)
      .getSQL(),
  );
  return { rows, total };
}
