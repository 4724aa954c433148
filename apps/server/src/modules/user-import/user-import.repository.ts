import { asc, eq, and, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf } from '../../core/db/rows';
import { userImportChunk, userImportError } from './user-import.table';

/**
 * Set-based statements of the import: one round trip per statement per chunk (arrays through
 * unnest), look-ups by index. The users and their roles are written by identity's set-based functions
 * (modules/identity/users.bulk.repository.ts): per-row calls would cost a round trip per row
 * (docs/user-import.md "Speed").
 */

const arr = (values: readonly unknown[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/**
 * Plans the rest of the transaction's statements for their actual values and table size. The server
 * names frequent statements (core/db/named-statements.ts), and PostgreSQL may then keep a generic plan
 * made while sys_user was small (a sequential scan): during a 100,000-row import the account look-up
 * went from 1 ms to over a second per chunk that way.
 */
export async function preferCustomPlans({ tx }: TenantScope) {
  await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
}

export interface ErrorRow {
  rowNo: number;
  column: string;
  reason: string;
}

/**
 * Keeps a chunk's refused cells, in row order, while the task has fewer than `cap` kept; the rest are
 * counted on the chunk's marker. Run after the task row is locked (addTaskProgress), so the count of
 * those already kept includes every other chunk's and the cap holds exactly.
 */
export async function insertImportErrors(
  { tx, tenantId }: TenantScope,
  taskId: number,
  chunkNo: number,
  rows: ErrorRow[],
  cap: number,
) {
  if (rows.length === 0) return;
  const seq = new Map<number, number>();
  const seqs = rows.map((r) => {
    const n = (seq.get(r.rowNo) ?? 0) + 1;
    seq.set(r.rowNo, n);
    return n;
  });
  const res =
    await tx.execute(sql`insert into user_import_error (tenant_id, task_id, row_no, seq, column_name, reason)
    select ${tenantId}, ${taskId}, v.r, v.s, v.c, v.m
    from unnest(${arr(
      rows.map((r) => r.rowNo),
      'int',
    )}, ${arr(seqs, 'int')}, ${arr(
      rows.map((r) => r.column),
      'text',
    )}, ${arr(
      rows.map((r) => r.reason),
      'text',
    )}) as v(r, s, c, m)
    order by v.r, v.s
    limit greatest(0, ${cap} - (select count(*) from user_import_error e
      where e.tenant_id = ${tenantId} and e.task_id = ${taskId}))
    on conflict do nothing
    returning 1`);
  const omitted = rows.length - rowsOf(res).length;
  if (omitted > 0) {
    await tx
      .update(userImportChunk)
      .set({ errorsOmitted: omitted })
      .where(
        and(
          eq(userImportChunk.tenantId, tenantId),
          eq(userImportChunk.taskId, taskId),
          eq(userImportChunk.chunkNo, chunkNo),
        ),
      );
  }
}

/** Refused cells of a task not kept (over the cap). */
export async function countOmittedErrors({ tx, tenantId }: TenantScope, taskId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${userImportChunk.errorsOmitted}), 0)::int` })
    .from(userImportChunk)
    .where(and(eq(userImportChunk.tenantId, tenantId), eq(userImportChunk.taskId, taskId)));
  return Number(row?.n ?? 0);
}

/** The refused rows of a task, in row order. */
export async function findImportErrors({ tx, tenantId }: TenantScope, taskId: number) {
  return tx
    .select({
      rowNo: userImportError.rowNo,
      column: userImportError.columnName,
      reason: userImportError.reason,
    })
    .from(userImportError)
    .where(and(eq(userImportError.tenantId, tenantId), eq(userImportError.taskId, taskId)))
    .orderBy(asc(userImportError.rowNo), asc(userImportError.seq));
}

/** Marks a chunk of a task as written; false if it already was (the caller then writes nothing). */
export async function claimChunk(
  { tx, tenantId }: TenantScope,
  taskId: number,
  chunkNo: number,
  rows: number,
) {
  const out = await tx
    .insert(userImportChunk)
    .values({ tenantId, taskId, chunkNo, rows })
    .onConflictDoNothing()
    .returning({ chunkNo: userImportChunk.chunkNo });
  return out.length === 1;
}

/** Records the users a chunk created and their rows (its transaction, after the insert). */
export async function setChunkUsers(
  { tx, tenantId }: TenantScope,
  taskId: number,
  chunkNo: number,
  created: readonly { userId: number; rowNo: number }[],
) {
  if (created.length === 0) return;
  await tx
    .update(userImportChunk)
    .set({ userIds: created.map((c) => c.userId), rowNos: created.map((c) => c.rowNo) })
    .where(
      and(
        eq(userImportChunk.tenantId, tenantId),
        eq(userImportChunk.taskId, taskId),
        eq(userImportChunk.chunkNo, chunkNo),
      ),
    );
}

/** The users each chunk of a task created with their rows, in chunk order (chunks that created none left out). */
export async function findChunkUsers({ tx, tenantId }: TenantScope, taskId: number) {
  const chunks = await tx
    .select({ userIds: userImportChunk.userIds, rowNos: userImportChunk.rowNos })
    .from(userImportChunk)
    .where(and(eq(userImportChunk.tenantId, tenantId), eq(userImportChunk.taskId, taskId)))
    .orderBy(asc(userImportChunk.chunkNo));
  return chunks.filter((c) => c.userIds.length > 0);
}

/** The chunk numbers of a task already written. */
export async function findDoneChunks({ tx, tenantId }: TenantScope, taskId: number) {
  const rows = await tx
    .select({ chunkNo: userImportChunk.chunkNo })
    .from(userImportChunk)
    .where(and(eq(userImportChunk.tenantId, tenantId), eq(userImportChunk.taskId, taskId)));
  return new Set(rows.map((r) => r.chunkNo));
}
