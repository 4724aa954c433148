export {
  addClientLog,
  badgeText,
  clearClientLogs,
  CLIENT_LOG_CAP,
  ERROR_BADGE_MAX,
  ERROR_LOG_PAGE_SIZE,
  readClientLogs,
  useClientLogs,
  type ClientLog,
  type ClientLogType,
} from './model/log-store';
export { installErrorCapture, recordError, recordRenderError } from './lib/capture';
export { uploadClientLogs, useUploadClientLogs } from './api/upload-logs';
export { ErrorLogButton } from './components/error-log-button';
export { ErrorLogDialog } from './components/error-log-dialog';
