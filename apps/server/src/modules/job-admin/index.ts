import type { ModuleManifest } from '../../core/module';
import { jobAdminRoutes } from './job-admin.routes';

export { jobAdminRoutes } from './job-admin.routes';

/** The school's background jobs and the platform's schedules, for administrators (docs/api.md "Jobs"). */
export const jobAdminModule: ModuleManifest = {
  name: 'job-admin',
  layer: 'platform',
  routes: () => jobAdminRoutes(),
  catalog: {
    menus: [
      // Last of the system menus, where migration 0015 adds it for schools made before it.
      {
        product: 'SYSTEM',
        order: 195,
        code: 'sys_job',
        name: '后台任务',
        nameEn: 'Background jobs',
        path: '/admin/job/index',
      },
    ],
  },
};
