import { DOWNLOAD_TASK_STATUS } from '@psy/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { downloadTask } from './downloads.table';

export type DownloadTaskRow = typeof downloadTask.$inferSelect;

export async function countUserTasks({ tx, tenantId }: TenantScope, userId: number, status: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(downloadTask)
    .where(
      and(
        eq(downloadTask.tenantId, tenantId),
        eq(downloadTask.userId, userId),
        eq(downloadTask.status, status),
      ),
    );
  return row?.n ?? 0;
}

/** A page of the user's tasks with one of the statuses, latest finished (then created) first. */
export async function findUserTasks(
  { tx, tenantId }: TenantScope,
  userId: number,
  statuses: number[],
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(downloadTask.tenantId, tenantId),
    eq(downloadTask.userId, userId),
    inArray(downloadTask.status, statuses),
  );
  const rows = await tx
    .select()
    .from(downloadTask)
    .where(where)
    .orderBy(
      sql`${downloadTask.finishTime} desc nulls last`,
      desc(downloadTask.createTime),
      desc(downloadTask.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(downloadTask).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function insertDownloadTask({ tx, tenantId }: TenantScope, userId: number, fileName: string) {
  const [row] = await tx.insert(downloadTask).values({ tenantId, userId, fileName }).returning();
  return row!;
}

/** Ends a generating task as done (with its file) or failed (with the reason); null if not generating. */
export async function finishDownloadTask(
  { tx, tenantId }: TenantScope,
  id: number,
  outcome: { status: number; fileKey: string | null; error: string | null },
) {
  const [row] = await tx
    .update(downloadTask)
    .set({ ...outcome, finishTime: sql`now()` })
    .where(
      and(
        eq(downloadTask.tenantId, tenantId),
        eq(downloadTask.id, id),
        eq(downloadTask.status, DOWNLOAD_TASK_STATUS.generating),
      ),
    )
    .returning();
  return row ?? null;
}

/** One task of a user (any status), or null. */
export async function findUserTask({ tx, tenantId }: TenantScope, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(downloadTask)
    .where(
      and(eq(downloadTask.tenantId, tenantId), eq(downloadTask.userId, userId), eq(downloadTask.id, id)),
    );
  return row ?? null;
}
