export { ClientLogsPage } from './components/client-logs-page';
export { clientLogAdminQueryKeys } from './api/client-log-admin';
