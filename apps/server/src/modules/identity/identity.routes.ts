import { userDetailEndpoint, userInfoEndpoint, userPortPermissionEndpoint } from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { getUserDetail, getUserInfo, listPortRoles } from './identity.service';

export const identityRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: userInfoEndpoint,
      access: AUTHENTICATED,
      handler: async ({ principal }) => getUserInfo(principal!),
    }),
    defineRoute({
      endpoint: userDetailEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => getUserDetail(scope!, principal!),
    }),
    defineRoute({
      endpoint: userPortPermissionEndpoint,
      access: AUTHENTICATED,
      handler: async ({ principal }) => listPortRoles(principal!),
    }),
  ] as RouteDef[];
