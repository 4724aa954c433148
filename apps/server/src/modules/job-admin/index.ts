export { jobAdminRoutes } from './job-admin.routes';
