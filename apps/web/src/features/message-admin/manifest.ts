import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** Message templates per event (docs/messages-and-notices.md). */
export const messageAdminFeature = defineFeature({
  name: 'message-admin',
  pages: [
    adminPage(
      '/message/messageManage',
      () => import('./components/message-templates-page'),
      'MessageTemplatesPage',
    ),
  ],
  cataloguePart: 'admin',
  buttons: [],
});
