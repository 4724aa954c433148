import {
  findRoleFormPermissionEndpoint,
  roleFormPermissionsEndpoint,
  saveRoleFormPermissionsEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { ROLE_READ } from '../identity';
import {
  findMyFormPermissions,
  getRoleFormPermissions,
  saveRoleFormPermissions,
} from './form-permissions.service';

/** Role form permissions: every user's own (`findRoleFormPermission`, spec S0.7.6) and the role details page's tab. */
export const formPermissionRoutes = (): RouteDef[] =>
  [
    defineRoute({
      // The caller's own roles: every signed-in user asks what their forms allow.
      endpoint: findRoleFormPermissionEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => findMyFormPermissions(scope, principal, query.formId),
    }),
    defineRoute({
      endpoint: roleFormPermissionsEndpoint,
      access: ROLE_READ,
      handler: async ({ scope, query }) => getRoleFormPermissions(scope, query.roleId),
    }),
    defineRoute({
      endpoint: saveRoleFormPermissionsEndpoint,
      access: permission('admin_role_edit'),
      handler: async ({ scope, body }) => saveRoleFormPermissions(scope, body),
    }),
  ] as RouteDef[];
