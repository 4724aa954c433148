export { RolesPage } from './components/roles-page';
export { RoleDetailsPage, type RoleDetailsPageProps } from './components/role-details-page';
export { roleAdminQueryKeys } from './api/roles';
export { parseRoleId, roleDetailsHref } from './lib/role-buttons';
