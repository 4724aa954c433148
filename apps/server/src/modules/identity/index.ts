export * from './identity.table';
export {
  loadPrincipalData,
  findUserForLogin,
  findUsersByPhone,
  findUserPassword,
  updateUserPassword,
} from './identity.repository';
export type { PrincipalData } from './identity.repository';
export { buildPrincipal, permissionsOfUsableRoles, isRoleUsable } from './identity.policy';
export { identityRoutes } from './identity.routes';
export { getDeptTree } from './identity.service';
export * from './roles.table';
export { roleRoutes } from './roles.routes';
export { userTypeRoutes } from './user-types.routes';
export { userAdminRoutes, type UserAdminRouteDeps } from './users.routes';
export { recordPersonalDataRead } from './users.service';
export { deptScopeOf, isDeptInScope, type DeptScope } from './identity.policy';
export { USER_EXPORT_QUEUE, createUserExportJob, type UserExportPayload } from './users.export';
