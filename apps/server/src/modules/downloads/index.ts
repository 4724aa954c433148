import { moduleRegistry, type ModuleManifest } from '../../core/module';
import { exportJobs, exportRoutes } from './downloads.exports';
import { downloadRoutes } from './downloads.routes';
import { TASK_FILES_EXPIRE_QUEUE, createTaskFilesExpireJob } from './downloads.service';

export {
  createDownloadTask,
  completeDownloadTask,
  failDownloadTask,
  runExportTask,
  failExportTask,
  taskFailureReason,
  createTask,
  completeTask,
  failTask,
  attachEndedTaskFile,
  toTask,
  TASK_FILES_EXPIRE_QUEUE,
  createTaskFilesExpireJob,
} from './downloads.service';
export { addTaskProgress, findTask, updateActiveTask, type TaskRow } from './downloads.repository';

/**
 * Background file tasks (imports and exports) and the download list. Serves every module's declared
 * exports (manifest `exports`): their endpoints and jobs.
 */
export const downloadsModule: ModuleManifest = {
  name: 'downloads',
  layer: 'platform',
  routes: (deps) => [...downloadRoutes(deps.files), ...exportRoutes(deps, moduleRegistry().exports)],
  jobs: (deps) => [
    { queue: TASK_FILES_EXPIRE_QUEUE, handler: createTaskFilesExpireJob(deps) },
    ...exportJobs(deps, moduleRegistry().exports),
  ],
  messageEvents: ['EXPORT_FINISHED'],
  catalog: {
    menus: [
      {
        product: 'SYSTEM',
        order: 150,
        code: 'sys_files',
        name: '文件列表',
        nameEn: 'Files',
        path: '/downloadFile/fileList',
      },
    ],
    // Anyone who can export must be able to fetch the file.
    grants: [{ roles: '*', grants: ['menu:sys_files'] }],
  },
  // Expired task files are deleted by a job every hour; each occurrence runs once across processes.
  schedules: [{ name: 'downloads.expire.hourly', queue: TASK_FILES_EXPIRE_QUEUE, rule: { every: 3600 } }],
};
