export { NoticePublishPage } from './components/notice-publish-page';
export { noticeAdminQueryKeys } from './api/notice-admin';
