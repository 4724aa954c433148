import { TASK_STATUS } from '@psy/contracts';
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { taskProgress } from './downloads.table';
import { usersView } from '../identity';

export type TaskRow = typeof taskProgress.$inferSelect;
export type TaskInsert = Omit<typeof taskProgress.$inferInsert, 'tenantId' | 'id'>;

const ACTIVE = [TASK_STATUS.queued, TASK_STATUS.processing];

export interface TaskFilter {
  userId?: number;
  types: readonly number[];
  statuses: readonly number[];
  /** Only tasks whose target department is one of these (a sub-administrator's 'all' list). */
  deptIds?: readonly number[] | null;
}

function whereOf(tenantId: number, f: TaskFilter): SQL {
  const conds: SQL[] = [
    eq(taskProgress.tenantId, tenantId),
    inArray(taskProgress.taskType, [...f.types]),
    inArray(taskProgress.taskStatus, [...f.statuses]),
  ];
  if (f.userId !== undefined) conds.push(eq(taskProgress.createUserId, f.userId));
  if (f.deptIds) {
    conds.push(
      f.deptIds.length === 0
        ? sql`false`
        : sql`${taskProgress.deptId} = any(${sql.param([...f.deptIds])}::bigint[])`,
    );
  }
  return and(...conds)!;
}

export async function countTasks({ tx, tenantId }: TenantScope, f: TaskFilter) {
  const [row] = await tx.select({ n: count() }).from(taskProgress).where(whereOf(tenantId, f));
  return row?.n ?? 0;
}

/** A page of tasks, latest finished (then created) first. */
export async function findTasks(
  { tx, tenantId }: TenantScope,
  f: TaskFilter,
  page: { offset: number; limit: number },
) {
  const where = whereOf(tenantId, f);
  const rows = await tx
    .select()
    .from(taskProgress)
    .where(where)
    .orderBy(
      sql`${taskProgress.finishTime} desc nulls first`,
      desc(taskProgress.createTime),
      desc(taskProgress.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(taskProgress).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Records a task; without `createUserName` the creator's name is read from identity's users (same statement). */
export async function insertTask(
  { tx, tenantId }: TenantScope,
  values: Omit<TaskInsert, 'createUserName'> & { createUserName?: string },
) {
  const name =
    values.createUserName ??
    sql`coalesce((select u.real_name from ${usersView('u')} where u.tenant_id = ${tenantId} and u.id = ${values.createUserId}), '')`;
  const [row] = await tx
    .insert(taskProgress)
    .values({ ...values, createUserName: name as string, tenantId })
    .returning();
  return row!;
}

/**
 * Ends an active task (done, failed or cancelled) now: done tasks count all their units as done.
 * Null if it was already over.
 */
export async function finishActiveTask(
  scope: TenantScope,
  id: number,
  outcome: { taskStatus: number; fileKey: string | null; error: string | null; expireTime: Date | null },
) {
  return updateActiveTask(scope, id, {
    ...outcome,
    finishTime: sql`now()` as unknown as Date,
    ...(outcome.taskStatus === TASK_STATUS.done
      ? { currentProgress: sql`${taskProgress.totalProgress}` as unknown as number }
      : {}),
  });
}

export async function findTask({ tx, tenantId }: TenantScope, id: number, forUpdate = false) {
  const q = tx
    .select()
    .from(taskProgress)
    .where(and(eq(taskProgress.tenantId, tenantId), eq(taskProgress.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The user's latest task of these types, or null. */
export async function findLatestTask({ tx, tenantId }: TenantScope, userId: number, types: number[]) {
  const [row] = await tx
    .select()
    .from(taskProgress)
    .where(
      and(
        eq(taskProgress.tenantId, tenantId),
        eq(taskProgress.createUserId, userId),
        inArray(taskProgress.taskType, types),
      ),
    )
    .orderBy(desc(taskProgress.createTime), desc(taskProgress.id))
    .limit(1);
  return row ?? null;
}

/** Changes a task that is still queued or processing; null if it is over (or absent). */
export async function updateActiveTask(
  { tx, tenantId }: TenantScope,
  id: number,
  patch: Partial<TaskInsert>,
) {
  const [row] = await tx
    .update(taskProgress)
    .set(patch)
    .where(
      and(
        eq(taskProgress.tenantId, tenantId),
        eq(taskProgress.id, id),
        inArray(taskProgress.taskStatus, ACTIVE),
      ),
    )
    .returning();
  return row ?? null;
}

/** Sets the file (and params) of a cancelled or failed task that has none yet; false otherwise. */
export async function setEndedTaskFile(
  { tx, tenantId }: TenantScope,
  id: number,
  patch: { fileKey: string | null; params: Record<string, unknown>; expireTime: Date | null },
): Promise<boolean> {
  const rows = await tx
    .update(taskProgress)
    .set(patch)
    .where(
      and(
        eq(taskProgress.tenantId, tenantId),
        eq(taskProgress.id, id),
        inArray(taskProgress.taskStatus, [TASK_STATUS.cancelled, TASK_STATUS.failed]),
        isNull(taskProgress.fileKey),
      ),
    )
    .returning({ id: taskProgress.id });
  return rows.length === 1;
}

/** Adds a chunk's counts to an active task (the import's chunk transaction). */
export async function addTaskProgress(
  { tx, tenantId }: TenantScope,
  id: number,
  d: { processed: number; success: number; failed: number },
) {
  await tx
    .update(taskProgress)
    .set({
      currentProgress: sql`${taskProgress.currentProgress} + ${d.processed}`,
      successCount: sql`${taskProgress.successCount} + ${d.success}`,
      failCount: sql`${taskProgress.failCount} + ${d.failed}`,
    })
    .where(and(eq(taskProgress.tenantId, tenantId), eq(taskProgress.id, id)));
}

/** Finished tasks whose file is past its expiry, all schools (system context). */
export async function findExpiredFiles({ db }: SystemScope, limit: number) {
  return db
    .select({ tenantId: taskProgress.tenantId, id: taskProgress.id, fileKey: taskProgress.fileKey })
    .from(taskProgress)
    .where(and(isNotNull(taskProgress.fileKey), lt(taskProgress.expireTime, sql`now()`)))
    .limit(limit);
}

export async function clearFileKey({ db }: SystemScope, tenantId: number, id: number) {
  await db
    .update(taskProgress)
    .set({ fileKey: null })
    .where(and(eq(taskProgress.tenantId, tenantId), eq(taskProgress.id, id)));
}
