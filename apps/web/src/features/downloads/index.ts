export { downloadsFeature } from './manifest';
export { DownloadButton, useDownloadMenuItem } from './components/download-button';
export { DOWNLOAD_LIST_PATH, downloadQueryKeys, downloadTaskFile, useGeneratingCount } from './api/downloads';
export { TASK_STATUS_BADGES } from './lib/task-status';
