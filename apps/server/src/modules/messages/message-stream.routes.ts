import { streamTicketEndpoint } from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { issueStreamTicket } from './message-stream.service';

/** The signed call that opens a stream; the stream itself is registered by registerMessageStream. */
export const messageStreamRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: streamTicketEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => issueStreamTicket(scope, principal),
    }),
  ] as RouteDef[];
