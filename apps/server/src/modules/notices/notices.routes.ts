import {
  noticeDetailEndpoint,
  noticeManagePageEndpoint,
  noticePageEndpoint,
  noticePublishEndpoint,
  noticeReadEndpoint,
  noticeUnreadCountEndpoint,
  noticeWithdrawEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import {
  countMyUnreadNotices,
  getNotice,
  listManagedNotices,
  listNotices,
  publishNotice,
  readNotice,
  withdrawNotice,
} from './notices.service';

export const noticeRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: noticeUnreadCountEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => countMyUnreadNotices(scope, principal),
    }),
    defineRoute({
      endpoint: noticeReadEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => readNotice(scope, principal, body.id),
    }),
    defineRoute({
      endpoint: noticePageEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => listNotices(scope, principal, query),
    }),
    defineRoute({
      endpoint: noticeDetailEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query }) => getNotice(scope, principal, query.id),
    }),
    defineRoute({
      endpoint: noticePublishEndpoint,
      access: permission('sys_notice_publish'),
      handler: async ({ scope, principal, body }) => publishNotice(scope, principal, body),
    }),
    defineRoute({
      endpoint: noticeWithdrawEndpoint,
      access: permission('sys_notice_publish'),
      handler: async ({ scope, body }) => withdrawNotice(scope, body.id),
    }),
    defineRoute({
      endpoint: noticeManagePageEndpoint,
      access: permission('sys_notice_publish'),
      handler: async ({ scope, query }) => listManagedNotices(scope, query),
    }),
  ] as RouteDef[];
