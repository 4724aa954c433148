export * from './downloads.table';
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
export { downloadRoutes } from './downloads.routes';
