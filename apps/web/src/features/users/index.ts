export { UsersPage, USER_DETAIL_PATH } from './components/users-page';
export { UserDetailPage } from './components/user-detail-page';
export { parseUserId } from './lib/user-detail';
export { userQueryKeys } from './api/users';
