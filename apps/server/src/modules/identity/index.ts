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
