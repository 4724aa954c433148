export { usersFeature } from './manifest';
export { userQueryKeys } from './api/users';
export { useRoleOptions, useUserTypeOptions } from './api/options';
