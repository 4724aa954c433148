import { downloadingCountEndpoint, mineFinishedTasksEndpoint } from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { countMyGeneratingFiles, listMyFinishedTasks } from './downloads.service';

export const downloadRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: downloadingCountEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => countMyGeneratingFiles(scope!, principal!.userId),
    }),
    defineRoute({
      endpoint: mineFinishedTasksEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => listMyFinishedTasks(scope!, principal!.userId, body),
    }),
  ] as RouteDef[];
