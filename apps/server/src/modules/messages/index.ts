import { on } from '../../core/events';
import { pageCode } from '../../core/catalog';
import type { ModuleManifest } from '../../core/module';
import { userPasswordReset } from '../identity';
import { messageStreamRoutes } from './message-stream.routes';
import { registerMessageStream } from './message-stream.service';
import { messageTemplateRoutes } from './message-templates.routes';
import { seedMessageTemplates, sendMessageByEvent } from './message-templates.service';
import { messageRoutes } from './messages.routes';

export { sendMessage, type SendMessageInput } from './messages.service';
// Appointments' SMS repeats the in-app message it rendered.
export { findMessageTexts } from './messages.repository';
export {
  renderMessageByEvent,
  sendMessageByEvent,
  seedMessageTemplates,
  type SendByEventInput,
} from './message-templates.service';

const SYSTEM = 'SYSTEM' as const;

/** The in-app inbox, its templates per event, and the push stream (docs/messages-and-notices.md). */
export const messagesModule: ModuleManifest = {
  name: 'messages',
  layer: 'platform',
  routes: () => [...messageRoutes(), ...messageStreamRoutes(), ...messageTemplateRoutes()],
  server: (app, { database }) => registerMessageStream(app, database),
  events: [
    on(userPasswordReset, async (scope, e) => {
      await sendMessageByEvent(scope, {
        event: 'USER_PASSWORD_RESET',
        userIds: [e.userId],
        params: { realName: e.realName, operator: e.operator },
      });
    }),
  ],
  catalog: {
    menus: [
      {
        product: SYSTEM,
        order: 180,
        code: 'sys_message',
        name: '系统消息',
        nameEn: 'System messages',
        path: '/message/systemInformation',
      },
      {
        // Our page over /message/messageManager/* (the spec names the calls, not a route).
        product: SYSTEM,
        order: 190,
        code: 'sys_message_manage',
        name: '消息模板',
        nameEn: 'Message templates',
        path: '/message/messageManage',
        buttons: [{ code: 'admin_message_manage', name: '消息管理', nameEn: 'Manage message templates' }],
      },
    ],
    pages: [
      {
        product: SYSTEM,
        order: 220,
        path: '/messageManageDetails',
        name: '消息详情',
        nameEn: 'Message detail',
      },
    ],
    grants: [
      {
        roles: [
          'ROLE_GENERAL',
          'ROLE_CONSULTANT',
          'ROLE_INTERVIEWER',
          'ROLE_ASSESSMENT',
          'ROLE_SUPERVISOR',
          'ROLE_APPOINTMENT',
          'ROLE_RECEPTIONIST',
          'CRISIS_ROLE_CLASS',
        ],
        grants: ['menu:sys_message'],
      },
      { roles: '*', grants: [`menu:${pageCode('/messageManageDetails')}`] },
    ],
  },
  // Templates of every module's declared events, with their default texts.
  seedSchool: ({ tx, tenantId }) => seedMessageTemplates(tx, tenantId),
  // A school created before an event was declared gets its template (existing ones stay as edited).
  backfillSchool: ({ tx, tenantId }) => seedMessageTemplates(tx, tenantId),
};
