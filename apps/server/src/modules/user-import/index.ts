import type { ModuleManifest } from '../../core/module';
import { userImportRoutes } from './user-import.routes';
import {
  USER_IMPORT_QUEUE,
  createUserImportJob,
  failUserImportTask,
  importLimitsOf,
} from './user-import.service';

export {
  USER_IMPORT_QUEUE,
  IMPORT_CHUNK_ROWS,
  createUserImportJob,
  failUserImportTask,
  importLimitsOf,
  runImportTask,
  type UserImportPayload,
} from './user-import.service';

/** Bulk user import: templates, upload, the chunked and resumable job (docs/user-import.md). */
export const userImportModule: ModuleManifest = {
  name: 'user-import',
  layer: 'platform',
  // The configuration's bounds (env.ts IMPORT_*) hold for the upload and for the job alike.
  routes: ({ files, database, env }) => userImportRoutes(files, database.system, importLimitsOf(env)),
  jobs: (deps) => [
    {
      queue: USER_IMPORT_QUEUE,
      handler: createUserImportJob({ ...deps, limits: importLimitsOf(deps.env) }),
      // The import's last failure ends its task; the user uploads again, so no administrator retry.
      options: { onFinalFailure: failUserImportTask(deps), retryable: false },
    },
  ],
  messageEvents: ['USER_IMPORT_FINISHED'],
};
