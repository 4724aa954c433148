export * from './notices.table';
export { noticeRoutes } from './notices.routes';
