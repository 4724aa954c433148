export { usersFeature } from './manifest';
export { userQueryKeys } from './api/users';
