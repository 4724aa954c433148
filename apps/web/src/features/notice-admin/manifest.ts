import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** Publishing and withdrawing notices (docs/messages-and-notices.md). */
export const noticeAdminFeature = defineFeature({
  name: 'notice-admin',
  pages: [
    adminPage(
      '/notice_manage/noticePublish',
      () => import('./components/notice-publish-page'),
      'NoticePublishPage',
    ),
  ],
  cataloguePart: 'admin',
  buttons: [],
});
