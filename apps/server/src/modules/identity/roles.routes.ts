import {
  createRoleEndpoint,
  deleteRoleEndpoint,
  findRoleFormPermissionEndpoint,
  innerRoleListEndpoint,
  roleDetailEndpoint,
  roleFormPermissionsEndpoint,
  rolePageEndpoint,
  saveRoleFormPermissionsEndpoint,
  updateRoleEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import {
  createRole,
  editRole,
  findMyFormPermissions,
  getRole,
  getRoleFormPermissions,
  listRolePage,
  listRoles,
  removeRole,
  saveRoleFormPermissions,
} from './roles.service';

/** Reading roles: the role list page and the role details page (the grant tree: modules/products). */
export const ROLE_READ = permission('sys_role', 'sys_role_detail');

/** Role administration (spec S0.6, S0.7.6, S0.7.17). */
export const roleRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: rolePageEndpoint,
      access: ROLE_READ,
      handler: async ({ scope, query }) => listRolePage(scope, query),
    }),
    defineRoute({
      // Role pickers: the user form, the role page, the agreement settings (user roles), the notice audience, forms.
      endpoint: innerRoleListEndpoint,
      access: permission(
        'sys_role',
        'sys_role_detail',
        'sys_user',
        'sys_user_detail',
        'sys_agreement',
        'sys_notice_publish',
        // The form builder's visibleCharacters picker (modules/forms).
        'sys_form',
      ),
      handler: async ({ scope, principal }) => listRoles(scope, principal),
    }),
    defineRoute({
      endpoint: roleDetailEndpoint,
      access: ROLE_READ,
      handler: async ({ scope, params }) => getRole(scope, params.id),
    }),
    defineRoute({
      endpoint: createRoleEndpoint,
      access: permission('admin_role_add'),
      handler: async ({ scope, principal, lang, body }) => createRole(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: updateRoleEndpoint,
      access: permission('admin_role_edit'),
      handler: async ({ scope, principal, lang, body }) => editRole(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: deleteRoleEndpoint,
      access: permission('admin_role_del'),
      handler: async ({ scope, principal, lang, params }) => removeRole(scope, principal, lang, params.id),
    }),
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
