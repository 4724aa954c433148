import {
  WORKFORCE_EDIT_PERMISSION,
  deleteWorkforceEndpoint,
  freeCounsellorsEndpoint,
  getWorkforceEndpoint,
  saveWorkforceEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { getWorkforce, listFreeCounsellors, removeWorkforce, saveWorkforce } from './workforce.service';

const EDIT = permission(WORKFORCE_EDIT_PERMISSION);

export const workforceRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: freeCounsellorsEndpoint,
      // Staff only; the service refuses ordinary users (students, visitors).
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => listFreeCounsellors(scope, principal, body.categoryId),
    }),
    defineRoute({
      endpoint: getWorkforceEndpoint,
      // The person themselves, or an editor within their data scope (checked in the service).
      access: AUTHENTICATED,
      handler: async ({ scope, principal, params }) => getWorkforce(scope, principal, params.id),
    }),
    defineRoute({
      endpoint: saveWorkforceEndpoint,
      access: EDIT,
      handler: async ({ scope, principal, body }) => saveWorkforce(scope, principal, body),
    }),
    defineRoute({
      endpoint: deleteWorkforceEndpoint,
      access: EDIT,
      handler: async ({ scope, principal, query }) => removeWorkforce(scope, principal, query.userId),
    }),
  ] as RouteDef[];
