import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema } from './common';

/**
 * Background file work (spec S0.3 "Import task", S0.7 `/download/*`): one table, `task_progress`, holds
 * user imports and exports alike (docs/user-import.md).
 */
export const TASK_TYPE = { importCreate: 0, importUpdate: 1, export: 2 } as const;
export type TaskType = (typeof TASK_TYPE)[keyof typeof TASK_TYPE];

/**
 * 0 queued, 1 processing, 2 done (spec S0.3), plus 3 failed (an error ended it; `error` says why) and
 * 4 cancelled (its creator cancelled it; rows committed before that stay).
 */
export const TASK_STATUS = { queued: 0, processing: 1, done: 2, failed: 3, cancelled: 4 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

/** Statuses of a task that is over. */
export const FINISHED_TASK_STATUSES: readonly number[] = [
  TASK_STATUS.done,
  TASK_STATUS.failed,
  TASK_STATUS.cancelled,
];

/** Finished task files are deleted this many days after the task ended (then `isDownload` is 0). */
export const TASK_FILE_RETENTION_DAYS = 7;

export const taskProgressSchema = z.object({
  id: z.number().int(),
  taskType: z.number().int().describe('0 import (create users), 1 import (update users), 2 export file'),
  taskStatus: z.number().int().describe('0 queued, 1 processing, 2 done, 3 failed, 4 cancelled'),
  /** The uploaded file's name (imports) or the generated file's name (exports). */
  importFileName: z.string(),
  fileName: z.string().describe('same as importFileName'),
  totalProgress: z.number().int().describe('units of work in all (data rows of an import; 1 for an export)'),
  currentProgress: z.number().int().describe('units done so far'),
  totalCount: z.number().int().describe('data rows of the file (imports)'),
  successCount: z.number().int().describe('rows imported or updated'),
  failCount: z.number().int().describe('rows refused (listed in the result file)'),
  isDownload: z.number().int().describe('1 when a file (export, or import result) can be downloaded'),
  error: z.string().nullable().describe('why the task failed'),
  createUserId: z.number().int(),
  createUserName: z.string(),
  createTime: dateTimeSchema,
  finishTime: dateTimeSchema.nullable(),
  /** When the file will be deleted (finished tasks with a file). */
  expireTime: dateTimeSchema.nullable(),
});
export type TaskProgress = z.infer<typeof taskProgressSchema>;

/** The export side keeps its earlier names. */
export const downloadTaskSchema = taskProgressSchema;
export type DownloadTask = TaskProgress;

export const TASK_CATEGORIES = ['import', 'export'] as const;
export type TaskCategory = (typeof TASK_CATEGORIES)[number];

/**
 * Lists of tasks: paged; `category` import (default; needs `admin_userInfo_userImport_btn`) or export
 * (the caller's own files, any signed-in user).
 */
export const taskListQuerySchema = boundedPageQuery(100).extend({
  category: z.enum(TASK_CATEGORIES).default('import').describe("'import' (default) or 'export'"),
});

const tasksTag = ['downloads'];

export const downloadingCountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/download/downloadFile/getDownLoadingCount',
  summary: "Number of the signed-in user's export files still being generated (queued or processing)",
  tags: tasksTag,
  response: z.number().int(),
});

/** Queued and processing tasks of the caller (import records 'queued/importing' tab), newest first. */
export const runningTasksEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/download/taskProgress/findRunningTask',
  summary: "The caller's queued and processing tasks, newest first",
  tags: tasksTag,
  body: taskListQuerySchema,
  response: pageOf(taskProgressSchema),
});

export const mineFinishedTasksEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/download/taskProgress/findMineFinishTask',
  summary: "The caller's finished (done, failed, cancelled) tasks, latest first",
  tags: tasksTag,
  body: taskListQuerySchema,
  response: pageOf(taskProgressSchema),
});

/**
 * Every finished import task of the school that the caller may see ('all' sub-tab): a sub-administrator
 * sees the tasks whose target department is in their data scope. Import category only.
 */
export const allFinishedTasksEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/download/taskProgress/findAllFinishTask',
  summary: 'Finished import tasks of the school within the caller data scope, latest first',
  tags: tasksTag,
  body: taskListQuerySchema,
  response: pageOf(taskProgressSchema),
});

/** Progress of one task (polled every 5 s, spec S0.9.6). Own tasks, or import tasks in the data scope. */
export const taskProgressByIdEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/download/taskProgress/getTaskProgressById',
  summary: 'One task with its progress',
  tags: tasksTag,
  query: z.object({ id: idSchema.describe('task id') }),
  response: taskProgressSchema,
});

/** The caller's latest import task, or null (the floating badge, spec S0.4). */
export const firstTaskProgressEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/download/taskProgress/getFirstTaskProgress',
  summary: "The caller's latest import task (null when none)",
  tags: tasksTag,
  response: taskProgressSchema.nullable(),
});

/**
 * Cancels a queued or processing task of the caller (creator only, spec S0.4). A processing import
 * stops at its next chunk; rows committed before stay. Answers the task (status 4).
 */
export const cancelTaskEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/download/taskProgress/cancel',
  summary: 'Cancel one of the caller queued or processing tasks',
  tags: tasksTag,
  query: z.object({ id: idSchema.describe('task id') }),
  response: taskProgressSchema,
});

/**
 * The file of a finished task, for the user who created it only (spec S0.4, S0.7 `taskProgress/download`):
 * the export file, or the import result (rows refused, with row number, column and reason).
 * Answers the file itself (attachment), not the JSON envelope; 404 when the task is not the caller's,
 * has no file (`isDownload` 0) or the file expired.
 */
export const downloadTaskFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/download/taskProgress/download',
  summary: "The file of one of the caller's finished tasks",
  tags: tasksTag,
  query: z.object({ id: idSchema.describe('task id') }),
  response: null,
  produces: 'application/octet-stream',
});
