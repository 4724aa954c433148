export { JobsPage } from './components/jobs-page';
export { jobAdminQueryKeys } from './api/job-admin';
