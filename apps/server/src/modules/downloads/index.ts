export * from './downloads.table';
export { createDownloadTask, completeDownloadTask, failDownloadTask } from './downloads.service';
export { downloadRoutes } from './downloads.routes';
