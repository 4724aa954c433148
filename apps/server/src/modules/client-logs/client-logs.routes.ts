import { clientLogsEndpoint } from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { storeClientLogs } from './client-logs.service';

export const clientLogRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: clientLogsEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => storeClientLogs(scope!, principal!.userId, body),
    }),
  ] as RouteDef[];
