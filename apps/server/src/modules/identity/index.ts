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
export { recordPersonalDataRead, recordPersonalDataReads } from './users.service';
// The form engine (modules/forms) applies role form permissions and the personal-data rule to answers.
export { findMyFormPermissions } from './roles.service';
export { canSeeSensitive } from './identity.policy';
export { deptScopeOf, isDeptInScope, type DeptScope } from './identity.policy';
export { USER_EXPORT_QUEUE, createUserExportJob, type UserExportPayload } from './users.export';
// Bulk user import (modules/user-import) checks uploads and rows with the same helpers as addUser.
export { isRoleGrantableBy, isTenantWideAdminRole } from './identity.policy';
export { generateInitialPassword } from './users.service';
export { findRolesWithPermissions, userTypeExists } from './users.repository';
export { findDept, findDeptSubtreeIds } from './depts.repository';
// Modules that hold user ids (cases) show names and filter by name or department through these.
export { findUserBriefs, findUserIdsByName, findUserIdsInDepts, findAccessLog } from './users.repository';
