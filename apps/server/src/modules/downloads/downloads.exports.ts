import type { JobRecord } from '../../core/jobs/queue';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { ExportKind, ExportPayload, JobRegistration, ModuleDeps } from '../../core/module';
import { createDownloadTask, failExportTask, runExportTask } from './downloads.service';

/**
 * The endpoints of the modules' exports (manifest `exports`): each records a download task and queues
 * the kind's job, both in the request's transaction (the job exists only if the task does), and answers
 * the task ('the file is generating').
 */
export const exportRoutes = (deps: ModuleDeps, kinds: readonly ExportKind[]): RouteDef[] =>
  kinds.map((kind) =>
    defineRoute({
      endpoint: kind.endpoint,
      access: kind.access,
      handler: async (ctx) => {
        const { fileName, payload } = await kind.prepare(ctx);
        const task = await createDownloadTask(ctx.scope, { userId: ctx.principal.userId, fileName });
        await deps.jobs.enqueue(
          ctx.scope,
          kind.queue,
          { ...payload, taskId: task.id },
          { maxAttempts: kind.maxAttempts ?? 3 },
        );
        return task;
      },
    }),
  );

/** The export jobs: the kind writes the file, `runExportTask` stores it and ends the task. */
export const exportJobs = (deps: ModuleDeps, kinds: readonly ExportKind[]): JobRegistration[] =>
  kinds.map((kind) => ({
    queue: kind.queue,
    // A job that ends for good ends its task (failed, with a reason its requester reads); the user starts
    // a new one, so an administrator does not retry these jobs.
    options: { onFinalFailure: failExportTask(deps), retryable: false, ...kind.jobOptions },
    handler: async (job: JobRecord<ExportPayload>) => {
      const { taskId, viewerId, lang } = job.payload;
      await runExportTask(deps, job, { taskId, viewerId, lang }, () => kind.produce(deps, job));
    },
  }));
