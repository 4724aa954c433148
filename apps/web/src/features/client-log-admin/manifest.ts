import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The stored client error-log entries. */
export const clientLogAdminFeature = defineFeature({
  name: 'client-log-admin',
  pages: [adminPage('/admin/log/index', () => import('./components/client-logs-page'), 'ClientLogsPage')],
  cataloguePart: 'admin',
  buttons: [],
});
