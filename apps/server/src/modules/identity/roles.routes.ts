import {
  createRoleEndpoint,
  deleteRoleEndpoint,
  innerRoleListEndpoint,
  roleDetailEndpoint,
  rolePageEndpoint,
  updateRoleEndpoint,
} from '@psy/contracts';
import { permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { createRole, editRole, getRole, listRolePage, listRoles, removeRole } from './roles.service';

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
        // The sign-on provider's self-registration role (modules/sso).
        'sys_sso_edit',
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
  ] as RouteDef[];
