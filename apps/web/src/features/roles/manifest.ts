import { adminPage, defineFeature } from '../../shared/feature/manifest';
import { ROLE_BUTTONS } from './lib/role-buttons';

/** Role administration: the list and the grants of one role (docs/roles-and-products.md). */
export const rolesFeature = defineFeature({
  name: 'roles',
  pages: [
    adminPage('/admin/role/index', () => import('./components/roles-page'), 'RolesPage'),
    adminPage('/roleDetails/index', () => import('./components/role-details-route'), 'RoleDetailsRoute'),
  ],
  cataloguePart: 'admin',
  buttons: Object.values(ROLE_BUTTONS),
});
