import {
  deptTreeEndpoint,
  editMyEndpoint,
  userDetailEndpoint,
  userInfoEndpoint,
  userPortPermissionEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { getDeptTreeQuery } from './depts.service';
import { editMyBasicInfo, getUserDetail, getUserInfo, listPortRoles } from './identity.service';

export const identityRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: userInfoEndpoint,
      access: AUTHENTICATED,
      // Says mustChangePassword: the web's start-up dialog reads it.
      allowPasswordChangePending: true,
      handler: async ({ principal }) => getUserInfo(principal),
    }),
    defineRoute({
      endpoint: userDetailEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => getUserDetail(scope, principal),
    }),
    defineRoute({
      // Own data only: the user is the principal, so no permission key is needed (spec S0.2.24).
      endpoint: editMyEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => editMyBasicInfo(scope, principal, body),
    }),
    defineRoute({
      // Every signed-in user may pick their own department (profile rewrite, spec S0.2.24).
      endpoint: deptTreeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => getDeptTreeQuery(scope, query),
    }),
    defineRoute({
      endpoint: userPortPermissionEndpoint,
      access: AUTHENTICATED,
      // The user's own roles: the web decides the role choice from them before the layout shows.
      allowPasswordChangePending: true,
      handler: async ({ principal }) => listPortRoles(principal),
    }),
  ] as RouteDef[];
