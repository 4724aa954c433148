import type { USER_IMPORT_PERMISSION, WORKFORCE_EDIT_PERMISSION } from '@psy/contracts';
import { adminPage, defineFeature } from '../../shared/feature/manifest';
import { USER_BUTTONS } from './lib/user-actions';

// A manifest loads with the layout: permission keys are written here (typed as the contracts' constants)
// rather than imported with the contract files that define them.

/** User administration: the list and the details page (docs/users-and-departments.md). */
export const usersFeature = defineFeature({
  name: 'users',
  pages: [
    adminPage('/info/index', () => import('./components/users-page'), 'UsersPage'),
    adminPage('/user_manage/userinfo', () => import('./components/user-detail-route'), 'UserDetailRoute'),
  ],
  cataloguePart: 'admin',
  buttons: [
    ...Object.values(USER_BUTTONS),
    'admin_userInfo_userImport_btn' satisfies typeof USER_IMPORT_PERMISSION,
    'consult_workforce_edit' satisfies typeof WORKFORCE_EDIT_PERMISSION,
  ],
});
