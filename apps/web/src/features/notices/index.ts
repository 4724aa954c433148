export { NoticeCenter, useNoticeMenuItem } from './components/notice-center';
export { noticeQueryKeys, useNoticeUnreadCount } from './api/notices';
export { closeNoticeDrawer, openNoticeDrawer } from './model/notice-drawer';
export { noticePlainText } from './lib/notice-text';
export { NoticeDetailPage } from './components/notice-detail-page';
