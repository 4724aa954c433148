import { dictByTypeEndpoint, settingByTypeEndpoint } from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { getDict, getSetting } from './settings.service';

export const settingsRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: settingByTypeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => getSetting(scope!, query.type),
    }),
    defineRoute({
      endpoint: dictByTypeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, params }) => getDict(scope!, params.type),
    }),
  ] as RouteDef[];
