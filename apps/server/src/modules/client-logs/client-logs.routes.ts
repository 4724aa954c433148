import { clientLogsEndpoint, dynamicLogEndpoint } from '@psy/contracts';
import type { Database } from '../../core/db/database';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { limitClientLogUploads, listClientLogs, storeClientLogs } from './client-logs.service';

export const clientLogRoutes = (database: Database): RouteDef[] =>
  [
    defineRoute({
      endpoint: clientLogsEndpoint,
      access: AUTHENTICATED,
      outsideTransaction: {
        before: (token) => limitClientLogUploads(database.system, token.tenantId, token.userId),
      },
      handler: async ({ scope, principal, body }) => storeClientLogs(scope, principal.userId, body),
    }),
    defineRoute({
      endpoint: dynamicLogEndpoint,
      access: permission('admin_log_view'),
      handler: async ({ scope, query }) => listClientLogs(scope, query),
    }),
  ] as RouteDef[];
