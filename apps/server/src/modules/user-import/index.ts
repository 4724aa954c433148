import type { ModuleManifest } from '../../core/module';
import { userImportRoutes } from './user-import.routes';
import { USER_IMPORT_QUEUE, createUserImportJob, failUserImportTask } from './user-import.service';

export {
  USER_IMPORT_QUEUE,
  IMPORT_CHUNK_ROWS,
  createUserImportJob,
  failUserImportTask,
  runImportTask,
  type UserImportPayload,
} from './user-import.service';

/** Bulk user import: templates, upload, the chunked and resumable job (docs/user-import.md). */
export const userImportModule: ModuleManifest = {
  name: 'user-import',
  layer: 'platform',
  routes: ({ files, database }) => userImportRoutes(files, database.system),
  jobs: (deps) => [
    {
      queue: USER_IMPORT_QUEUE,
      handler: createUserImportJob(deps),
      // The import's last failure ends its task; the user uploads again, so no administrator retry.
      options: { onFinalFailure: failUserImportTask(deps), retryable: false },
    },
  ],
  messageEvents: ['USER_IMPORT_FINISHED'],
};
