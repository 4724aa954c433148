import type { ModuleManifest } from '../../core/module';
import { clientLogRoutes } from './client-logs.routes';

/** Error-log entries uploaded by the web app, and their administration page. */
export const clientLogsModule: ModuleManifest = {
  name: 'client-logs',
  layer: 'platform',
  routes: ({ database }) => clientLogRoutes(database),
  catalog: {
    menus: [
      {
        // Our page over GET /admin/log/dynamicLog (the spec names the call, not a route).
        product: 'SYSTEM',
        order: 110,
        code: 'sys_client_log',
        name: '前端日志',
        nameEn: 'Client logs',
        path: '/admin/log/index',
        buttons: [{ code: 'admin_log_view', name: '查看前端日志', nameEn: 'View client logs' }],
      },
    ],
  },
};
