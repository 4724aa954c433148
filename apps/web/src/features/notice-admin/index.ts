export { noticeAdminFeature } from './manifest';
export { noticeAdminQueryKeys } from './api/notice-admin';
