import {
  lockMessageEndpoint,
  messageReadByIdEndpoint,
  messageReadByUserEndpoint,
  myMessageByDateScopeEndpoint,
  myMessageByTypeEndpoint,
  unreadMessageCountEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import {
  countUnreadMessages,
  listLockReminders,
  listMyMessages,
  listMyMessagesByDateScope,
  readAllMessages,
  readMessage,
} from './messages.service';

/** The signed-in user's inbox: every call is scoped to the caller's own messages. */
export const messageRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: myMessageByTypeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, lang }) =>
        listMyMessages(scope, principal.userId, query, lang),
    }),
    defineRoute({
      endpoint: myMessageByDateScopeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, lang }) =>
        listMyMessagesByDateScope(scope, principal.userId, query, lang),
    }),
    defineRoute({
      endpoint: messageReadByIdEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, lang }) =>
        readMessage(scope, principal.userId, query.id, lang),
    }),
    defineRoute({
      endpoint: messageReadByUserEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => readAllMessages(scope, principal.userId),
    }),
    defineRoute({
      endpoint: unreadMessageCountEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => countUnreadMessages(scope, principal.userId),
    }),
    defineRoute({
      endpoint: lockMessageEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, lang }) => listLockReminders(scope, principal.userId, lang),
    }),
  ] as RouteDef[];
