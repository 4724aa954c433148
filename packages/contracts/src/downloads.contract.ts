import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema } from './common';

/** Download (export) task status: 0 generating, 1 done, 2 failed. */
export const DOWNLOAD_TASK_STATUS = { generating: 0, done: 1, failed: 2 } as const;

export const downloadTaskSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.number().int().describe('0 generating, 1 done, 2 failed'),
  isDownload: z.number().int().describe('1 when the file can be downloaded'),
  error: z.string().nullable().describe('why generating failed'),
  createTime: dateTimeSchema,
  finishTime: dateTimeSchema.nullable(),
});
export type DownloadTask = z.infer<typeof downloadTaskSchema>;

export const downloadingCountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/download/downloadFile/getDownLoadingCount',
  summary: "Number of the signed-in user's files still being generated",
  tags: ['downloads'],
  response: z.number().int(),
});

export const mineFinishedTasksEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/download/taskProgress/findMineFinishTask',
  summary: "The signed-in user's finished (done or failed) download tasks, latest first",
  tags: ['downloads'],
  body: boundedPageQuery(100),
  response: pageOf(downloadTaskSchema),
});

/**
 * The file of a finished task, for the user who asked for it only (spec S0.7 `taskProgress/download`).
 * Answers the file itself (attachment), not the JSON envelope; 404 when the task is not the caller's,
 * not done or its file is gone.
 */
export const downloadTaskFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/download/taskProgress/download',
  summary: "The file of one of the caller's finished download tasks",
  tags: ['downloads'],
  query: z.object({ id: idSchema.describe('download task id') }),
  response: null,
  produces: 'application/octet-stream',
});
