import {
  noticeDetailEndpoint,
  noticePageEndpoint,
  noticeReadEndpoint,
  noticeUnreadCountEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { countMyUnreadNotices, getNotice, listNotices, readNotice } from './notices.service';

export const noticeRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: noticeUnreadCountEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => countMyUnreadNotices(scope!, principal!.userId),
    }),
    defineRoute({
      endpoint: noticeReadEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => readNotice(scope!, principal!.userId, body.id),
    }),
    defineRoute({
      endpoint: noticePageEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => listNotices(scope!, principal!.userId, query),
    }),
    defineRoute({
      endpoint: noticeDetailEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => getNotice(scope!, principal!.userId, query.id),
    }),
  ] as RouteDef[];
