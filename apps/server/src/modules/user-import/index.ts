import type { ModuleManifest } from '../../core/module';
import { userImportRoutes } from './user-import.routes';
import { USER_IMPORT_QUEUE, createUserImportJob } from './user-import.service';

export {
  USER_IMPORT_QUEUE,
  IMPORT_CHUNK_ROWS,
  createUserImportJob,
  runImportTask,
  type UserImportPayload,
} from './user-import.service';

/** Bulk user import: templates, upload, the chunked and resumable job (docs/user-import.md). */
export const userImportModule: ModuleManifest = {
  name: 'user-import',
  layer: 'platform',
  routes: ({ files }) => userImportRoutes(files),
  jobs: (deps) => [
    { queue: USER_IMPORT_QUEUE, handler: createUserImportJob(deps), options: { leaseSeconds: 600 } },
  ],
  messageEvents: ['USER_IMPORT_FINISHED'],
};
