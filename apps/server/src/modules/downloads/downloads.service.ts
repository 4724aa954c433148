import {
  FINISHED_TASK_STATUSES,
  TASK_FILE_RETENTION_DAYS,
  TASK_STATUS,
  TASK_TYPE,
  USER_IMPORT_PERMISSION,
  type Lang,
  type TaskCategory,
  type TaskProgress,
} from '@psy/contracts';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { Database, TenantScope } from '../../core/db/database';
import { forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { JobAttemptsExhaustedError, type JobHandler, type JobRecord } from '../../core/jobs/queue';
import { sendMessageByEvent } from '../messages';
import type { FileStorage } from '../../core/storage/file-storage';
import { deptScopeOf, isDeptInScope } from '../identity';
import {
  clearFileKey,
  countTasks,
  findExpiredFiles,
  findLatestTask,
  findTask,
  findTasks,
  finishActiveTask,
  insertTask,
  type TaskInsert,
  type TaskRow,
} from './downloads.repository';

const IMPORT_TYPES = [TASK_TYPE.importCreate, TASK_TYPE.importUpdate];
const EXPORT_TYPES = [TASK_TYPE.export];
const ACTIVE_STATUSES = [TASK_STATUS.queued, TASK_STATUS.processing];
const DAY_MS = 86_400_000;

export function toTask(r: TaskRow): TaskProgress {
  return {
    id: r.id,
    taskType: r.taskType,
    taskStatus: r.taskStatus,
    importFileName: r.fileName,
    fileName: r.fileName,
    totalProgress: r.totalProgress,
    currentProgress: r.currentProgress,
    totalCount: r.totalCount,
    successCount: r.successCount,
    failCount: r.failCount,
    isDownload: r.taskStatus === TASK_STATUS.done && r.fileKey ? 1 : 0,
    error: r.error,
    createUserId: r.createUserId,
    createUserName: r.createUserName,
    createTime: r.createTime.toISOString(),
    finishTime: r.finishTime ? r.finishTime.toISOString() : null,
    expireTime: r.fileKey && r.expireTime ? r.expireTime.toISOString() : null,
  };
}

const isImport = (r: TaskRow) => IMPORT_TYPES.includes(r.taskType as 0 | 1);

/** The task types of a list category; the import category needs the import permission. */
function typesOf(p: Principal, category: TaskCategory): number[] {
  if (category === 'export') return EXPORT_TYPES;
  if (!p.permissions.has(USER_IMPORT_PERMISSION)) throw forbidden();
  return IMPORT_TYPES;
}

type ListQuery = { current: number; size: number; category: TaskCategory };

/** Export files of the user still being generated (the top bar's download count, spec S0.1.3). */
export function countMyGeneratingFiles(scope: TenantScope, userId: number): Promise<number> {
  return countTasks(scope, { userId, types: EXPORT_TYPES, statuses: ACTIVE_STATUSES });
}

async function pageOfTasks(scope: TenantScope, q: ListQuery, f: Parameters<typeof findTasks>[1]) {
  const { rows, total } = await findTasks(scope, f, pageWindow(q));
  return pageAnswer(q, rows.map(toTask), total);
}

/** `findRunningTask`: the caller's queued and processing tasks. */
export function listMyRunningTasks(scope: TenantScope, p: Principal, q: ListQuery) {
  return pageOfTasks(scope, q, {
    userId: p.userId,
    types: typesOf(p, q.category),
    statuses: ACTIVE_STATUSES,
  });
}

/** `findMineFinishTask`: the caller's finished tasks (done, failed, cancelled), latest first. */
export function listMyFinishedTasks(scope: TenantScope, p: Principal, q: ListQuery) {
  return pageOfTasks(scope, q, {
    userId: p.userId,
    types: typesOf(p, q.category),
    statuses: FINISHED_TASK_STATUSES,
  });
}

/**
 * `findAllFinishTask`: finished import tasks of everyone, in the caller's data scope (a sub-administrator
 * sees the tasks that imported into their department subtree). Exports are private: refused.
 */
export async function listAllFinishedTasks(scope: TenantScope, p: Principal, q: ListQuery) {
  if (q.category === 'export') throw forbidden('exports are listed to their creator only');
  const ds = await deptScopeOf(scope, p);
  return pageOfTasks(scope, q, {
    types: typesOf(p, 'import'),
    statuses: FINISHED_TASK_STATUSES,
    deptIds: ds === null ? null : [...ds.deptIds],
  });
}

/** A task the caller may look at: their own, or an import in their data scope (with the permission). */
export async function getTaskProgress(scope: TenantScope, p: Principal, id: number): Promise<TaskProgress> {
  const row = await findTask(scope, id);
  if (row && row.createUserId === p.userId) return toTask(row);
  if (row && isImport(row) && p.permissions.has(USER_IMPORT_PERMISSION)) {
    if (isDeptInScope(await deptScopeOf(scope, p), row.deptId)) return toTask(row);
  }
  throw notFound('task');
}

/** `getFirstTaskProgress`: the caller's latest import task, or null. */
export async function getFirstTaskProgress(scope: TenantScope, p: Principal) {
  typesOf(p, 'import');
  const row = await findLatestTask(scope, p.userId, IMPORT_TYPES);
  return row ? toTask(row) : null;
}

/**
 * `cancel`: the creator cancels a queued or processing task. The job sees the status at its next chunk
 * and stops there (rows committed before stay); a queued job ends at once when it starts.
 */
export async function cancelTask(scope: TenantScope, p: Principal, id: number) {
  const row = await findTask(scope, id, true);
  if (!row || row.createUserId !== p.userId) throw notFound('task');
  if (isImport(row)) typesOf(p, 'import');
  const done = await finishActiveTask(scope, id, {
    taskStatus: TASK_STATUS.cancelled,
    fileKey: null,
    error: null,
    expireTime: null,
  });
  if (!done) throw forbidden('the task is already finished');
  return toTask(done);
}

/** The stored file of a finished task of the user: its name and storage key; null if none. */
export async function findMyTaskFile(scope: TenantScope, userId: number, id: number) {
  const row = await findTask(scope, id);
  if (!row || row.createUserId !== userId || row.taskStatus !== TASK_STATUS.done || !row.fileKey) return null;
  return { fileName: resultFileName(row), fileKey: row.fileKey };
}

/** The name a task's file downloads under: the export's, or `<upload>-result.xlsx` for an import. */
function resultFileName(row: TaskRow): string {
  if (!isImport(row)) return row.fileName;
  return `${row.fileName.replace(/\.(xlsx|xls)$/i, '')}-result.xlsx`;
}

/** Records a task (queued) for a user; imports and exports call this in their request's transaction. */
export async function createTask(
  scope: TenantScope,
  input: Omit<TaskInsert, 'createUserName'> & { createUserName?: string },
): Promise<TaskRow> {
  return insertTask(scope, input);
}

/** Starts an export task for a user (queued, one unit of work); the export job finishes it. */
export async function createDownloadTask(
  scope: TenantScope,
  input: { userId: number; fileName: string },
): Promise<TaskProgress> {
  const row = await createTask(scope, {
    taskType: TASK_TYPE.export,
    fileName: input.fileName,
    createUserId: input.userId,
    totalProgress: 1,
  });
  return toTask(row);
}

const expiry = () => new Date(Date.now() + TASK_FILE_RETENTION_DAYS * DAY_MS);

/** Ends an active task as done with its file (kept TASK_FILE_RETENTION_DAYS); null if it was over. */
export async function completeTask(scope: TenantScope, id: number, fileKey: string | null) {
  const row = await finishActiveTask(scope, id, {
    taskStatus: TASK_STATUS.done,
    fileKey,
    error: null,
    expireTime: fileKey ? expiry() : null,
  });
  return row ? toTask(row) : null;
}

/** Ends an active task as failed with the reason; null if it was over. */
export async function failTask(scope: TenantScope, id: number, error: string) {
  const row = await finishActiveTask(scope, id, {
    taskStatus: TASK_STATUS.failed,
    fileKey: null,
    error: error.slice(0, 500),
    expireTime: null,
  });
  return row ? toTask(row) : null;
}

/** Marks a generating export task done with its stored file; null if it was not generating. */
export const completeDownloadTask = (scope: TenantScope, id: number, fileKey: string) =>
  completeTask(scope, id, fileKey);

/** Marks a generating export task failed with the reason; null if it was not generating. */
export const failDownloadTask = failTask;

/**
 * The end every export job shares (docs/api.md "Exports"): `produce` writes the file; it is stored, the
 * task completed and its requester told in their inbox (EXPORT_FINISHED, in the language they asked
 * in). A task no longer generating (cancelled, or already ended) is left alone and nothing is produced.
 * A failure is thrown for the queue to retry; when the job ends for good, `failExportTask` ends the task.
 */
export async function runExportTask(
  deps: { database: Database; files: FileStorage },
  job: Pick<JobRecord, 'tenantId'>,
  task: { taskId: number; viewerId: number; lang: Lang },
  produce: () => Promise<Uint8Array>,
): Promise<void> {
  const tenantId = job.tenantId!;
  const active = await deps.database.withTenant(tenantId, (scope) => findTask(scope, task.taskId));
  if (!active || !ACTIVE_STATUSES.includes(active.taskStatus as 0 | 1)) return;
  const key = await deps.files.put(`tenant-${tenantId}/exports`, await produce());
  const done = await deps.database.withTenant(tenantId, async (scope) => {
    const row = await completeDownloadTask(scope, task.taskId, key);
    if (row) {
      await sendMessageByEvent(scope, {
        event: 'EXPORT_FINISHED',
        userIds: [task.viewerId],
        params: { fileName: row.fileName },
        lang: task.lang,
      });
    }
    return row;
  });
  // Cancelled while the file was written: the file has no task to download it from.
  if (!done) await deps.files.remove(key);
}

/** Why a task's job ended for good, as its requester reads it (in the language the task was asked in). */
export function taskFailureReason(kind: 'export' | 'import', lang: Lang, error: Error): string {
  const interrupted = error instanceof JobAttemptsExhaustedError && !error.lastError;
  const cause = error instanceof JobAttemptsExhaustedError ? (error.lastError ?? '') : error.message;
  const texts = {
    export: {
      'zh-CN': interrupted
        ? '导出多次中断（处理时服务器重启），已停止，请重新导出。'
        : `导出失败：${cause}。请重新导出。`,
      'en-US': interrupted
        ? 'The export was interrupted too many times (the server restarted while it ran) and was stopped; please export again.'
        : `The export failed: ${cause}. Please export again.`,
    },
    import: {
      'zh-CN': interrupted
        ? '导入多次中断（处理时服务器重启），已停止，请重新上传文件导入。'
        : `导入失败：${cause}。请重新上传文件导入。`,
      'en-US': interrupted
        ? 'The import was interrupted too many times (the server restarted while it ran) and was stopped; please upload the file again.'
        : `The import failed: ${cause}. Please upload the file again.`,
    },
  } as const;
  return texts[kind][lang];
}

/**
 * The final-failure end of every export job (core/jobs `onFinalFailure`): the task fails with a reason its
 * requester can read, so it leaves the "files being generated" count.
 */
export function failExportTask(deps: { database: Database }) {
  return async (job: JobRecord<{ taskId: number; lang: Lang }>, error: Error): Promise<void> => {
    const reason = taskFailureReason('export', job.payload.lang, error);
    await deps.database.withTenant(job.tenantId!, (scope) => failTask(scope, job.payload.taskId, reason));
  };
}

/** Queue of the periodic clean-up of expired task files (core/jobs). */
export const TASK_FILES_EXPIRE_QUEUE = 'downloads.expire';

/**
 * The clean-up job: deletes the files of tasks past their expiry (all schools) and clears their keys,
 * so those tasks show `isDownload` 0. The app enqueues it hourly as a singleton.
 */
export function createTaskFilesExpireJob(deps: { database: Database; files: FileStorage }): JobHandler {
  return async () => {
    let removed = 0;
    for (;;) {
      const batch = await findExpiredFiles(deps.database.system, 500);
      for (const r of batch) {
        if (r.fileKey) await deps.files.remove(r.fileKey);
        await clearFileKey(deps.database.system, r.tenantId, r.id);
      }
      removed += batch.length;
      if (batch.length < 500) break;
    }
    return { removed };
  };
}
