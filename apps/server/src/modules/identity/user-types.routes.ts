import {
  createUserTypeEndpoint,
  deleteUserTypeEndpoint,
  updateUserTypeEndpoint,
  userTypeListEndpoint,
  userTypeRegisterEndpoint,
  userTypeRightEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, PUBLIC, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import {
  createUserType,
  editUserType,
  listAllUserTypes,
  listManagedUserTypes,
  listRegisterUserTypes,
  removeUserType,
} from './user-types.service';

/** User types (spec S0.7.12). */
export const userTypeRoutes = (): RouteDef[] =>
  [
    defineRoute({
      // The user list filters, the user form, the import dialog and the user-type page.
      endpoint: userTypeListEndpoint,
      // A plan's audience by user type names them too; a sign-on provider's self-registration picks one.
      access: permission(
        'sys_user_type',
        'sys_user',
        'sys_user_detail',
        'plantest_plan_edit',
        'sys_sso_edit',
      ),
      handler: async ({ scope }) => listAllUserTypes(scope),
    }),
    defineRoute({
      endpoint: userTypeRightEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => listManagedUserTypes(scope, principal),
    }),
    defineRoute({
      // Public: the self-registration page offers these before anyone signs in (TENANT-ID header).
      endpoint: userTypeRegisterEndpoint,
      access: PUBLIC,
      tenant: 'transaction',
      handler: async ({ scope }) => listRegisterUserTypes(scope),
    }),
    defineRoute({
      endpoint: createUserTypeEndpoint,
      access: permission('sys_user_type'),
      handler: async ({ scope, lang, body }) => createUserType(scope, lang, body),
    }),
    defineRoute({
      endpoint: updateUserTypeEndpoint,
      access: permission('sys_user_type'),
      handler: async ({ scope, lang, body }) => editUserType(scope, lang, body),
    }),
    defineRoute({
      endpoint: deleteUserTypeEndpoint,
      access: permission('sys_user_type'),
      handler: async ({ scope, lang, params }) => removeUserType(scope, lang, params.id),
    }),
  ] as RouteDef[];
