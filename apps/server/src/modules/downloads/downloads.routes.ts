import {
  allFinishedTasksEndpoint,
  cancelTaskEndpoint,
  downloadTaskFileEndpoint,
  downloadingCountEndpoint,
  firstTaskProgressEndpoint,
  mineFinishedTasksEndpoint,
  runningTasksEndpoint,
  taskProgressByIdEndpoint,
} from '@psy/contracts';
import { notFound } from '../../core/http/app-error';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { FileStorage } from '../../core/storage/file-storage';
import {
  cancelTask,
  countMyGeneratingFiles,
  findMyTaskFile,
  getFirstTaskProgress,
  getTaskProgress,
  listAllFinishedTasks,
  listMyFinishedTasks,
  listMyRunningTasks,
} from './downloads.service';

const CONTENT_TYPES: Record<string, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Task calls (docs/user-import.md "Task calls"). Every call needs a signed-in user; the import category
 * additionally needs `admin_userInfo_userImport_btn` (checked by the service, since one call serves
 * both categories); exports are visible to their creator only.
 */
export const downloadRoutes = (files: FileStorage): RouteDef[] =>
  [
    defineRoute({
      endpoint: downloadingCountEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => countMyGeneratingFiles(scope, principal.userId),
    }),
    defineRoute({
      endpoint: runningTasksEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => listMyRunningTasks(scope, principal, body),
    }),
    defineRoute({
      endpoint: mineFinishedTasksEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => listMyFinishedTasks(scope, principal, body),
    }),
    defineRoute({
      endpoint: allFinishedTasksEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => listAllFinishedTasks(scope, principal, body),
    }),
    defineRoute({
      endpoint: taskProgressByIdEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => getTaskProgress(scope, principal, query.id),
    }),
    defineRoute({
      endpoint: firstTaskProgressEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => getFirstTaskProgress(scope, principal),
    }),
    defineRoute({
      endpoint: cancelTaskEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => cancelTask(scope, principal, query.id),
    }),
    defineRoute({
      // Only the task's creator: the file may hold personal data of many people.
      endpoint: downloadTaskFileEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, reply }) => {
        const task = await findMyTaskFile(scope, principal.userId, query.id);
        const bytes = task ? await files.get(task.fileKey) : null;
        if (!task || !bytes) throw notFound('file');
        const ext = task.fileName.split('.').pop() ?? '';
        await reply
          .header('cache-control', 'no-store')
          .header(
            'content-disposition',
            `attachment; filename="${task.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(task.fileName)}`,
          )
          .type(CONTENT_TYPES[ext] ?? 'application/octet-stream')
          .send(bytes);
        return undefined;
      },
    }),
  ] as RouteDef[];
