import type { ModuleManifest } from '../../core/module';
import { workforceRoutes } from './workforce.routes';
import { freeCounsellorOptions } from './workforce.service';

export { isStaff, isWorkforceMember } from './workforce.policy';
export { freeCounsellorOptions } from './workforce.service';
// Scheduling's counsellor views: a counsellor's categories and whether they accept bookings.
export { findWorkforce } from './workforce.repository';

/** Counsellor workforce: service categories per counsellor, free counsellors (docs/workforce.md). */
export const workforceModule: ModuleManifest = {
  name: 'workforce',
  layer: 'business',
  routes: () => workforceRoutes(),
  // The form engine validates answers of `/consult/workforce/schedule/freeUser?categoryId={...}` against it.
  optionLists: { '/consult/workforce/schedule/freeUser': freeCounsellorOptions },
  catalog: {
    buttons: [
      {
        // The service-category card of a counsellor (docs/workforce.md); ROLE_ADMIN has it with SYSTEM.
        menu: 'sys_user_detail',
        code: 'consult_workforce_edit',
        name: '设置服务类别',
        nameEn: 'Set service categories',
      },
    ],
  },
};
