export { NoticeCenter, useNoticeMenuItem } from './components/notice-center';
export { noticeQueryKeys, useNoticeUnreadCount } from './api/notices';
export { closeNoticeDrawer, openNoticeDrawer } from './model/notice-drawer';
export { noticePlainText } from './lib/notice-text';
export { noticesFeature } from './manifest';
