import { DOWNLOAD_TASK_STATUS, type DownloadTask } from '@psy/contracts';
import { pageWindow, pageAnswer } from '../../core/db/paging';
import type { TenantScope } from '../../core/db/database';
import {
  countUserTasks,
  finishDownloadTask,
  findUserTask,
  findUserTasks,
  insertDownloadTask,
  type DownloadTaskRow,
} from './downloads.repository';

function toTask(r: DownloadTaskRow): DownloadTask {
  return {
    id: r.id,
    fileName: r.fileName,
    status: r.status,
    isDownload: r.status === DOWNLOAD_TASK_STATUS.done && r.fileKey ? 1 : 0,
    error: r.error,
    createTime: r.createTime.toISOString(),
    finishTime: r.finishTime ? r.finishTime.toISOString() : null,
  };
}

/** Files of the user still being generated (the top bar's download count, spec S0.1.3). */
export function countMyGeneratingFiles(scope: TenantScope, userId: number): Promise<number> {
  return countUserTasks(scope, userId, DOWNLOAD_TASK_STATUS.generating);
}

/** The user's finished tasks, done or failed, latest first. */
export async function listMyFinishedTasks(
  scope: TenantScope,
  userId: number,
  p: { current: number; size: number },
) {
  const { rows, total } = await findUserTasks(
    scope,
    userId,
    [DOWNLOAD_TASK_STATUS.done, DOWNLOAD_TASK_STATUS.failed],
    pageWindow(p),
  );
  return pageAnswer(p, rows.map(toTask), total);
}

/** Starts a download task for a user (status generating); exports call this, then finish it. */
export async function createDownloadTask(
  scope: TenantScope,
  input: { userId: number; fileName: string },
): Promise<DownloadTask> {
  return toTask(await insertDownloadTask(scope, input.userId, input.fileName));
}

/** Marks a generating task done with its stored file; null if it was not generating. */
export async function completeDownloadTask(scope: TenantScope, id: number, fileKey: string) {
  const row = await finishDownloadTask(scope, id, {
    status: DOWNLOAD_TASK_STATUS.done,
    fileKey,
    error: null,
  });
  return row ? toTask(row) : null;
}

/** Marks a generating task failed with the reason; null if it was not generating. */
export async function failDownloadTask(scope: TenantScope, id: number, error: string) {
  const row = await finishDownloadTask(scope, id, {
    status: DOWNLOAD_TASK_STATUS.failed,
    fileKey: null,
    error,
  });
  return row ? toTask(row) : null;
}

/** The stored file of a finished task of the user: its name and storage key; null if none. */
export async function findMyTaskFile(scope: TenantScope, userId: number, id: number) {
  const row = await findUserTask(scope, userId, id);
  if (!row || row.status !== DOWNLOAD_TASK_STATUS.done || !row.fileKey) return null;
  return { fileName: row.fileName, fileKey: row.fileKey };
}
