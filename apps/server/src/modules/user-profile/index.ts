export * from './user-profile.table';
export { userProfileRoutes } from './user-profile.routes';
