export { jobAdminFeature } from './manifest';
export { jobAdminQueryKeys } from './api/job-admin';
