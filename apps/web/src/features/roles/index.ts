export { rolesFeature } from './manifest';
export { roleAdminQueryKeys } from './api/roles';
export { roleDetailsHref } from './lib/role-buttons';
