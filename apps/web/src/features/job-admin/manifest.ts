import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The school's background jobs and the recurring ones (docs/api.md "Background jobs"). */
export const jobAdminFeature = defineFeature({
  name: 'job-admin',
  pages: [adminPage('/admin/job/index', () => import('./components/jobs-page'), 'JobsPage')],
  cataloguePart: 'admin',
  buttons: [],
});
