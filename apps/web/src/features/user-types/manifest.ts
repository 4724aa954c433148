import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The school's user types. */
export const userTypesFeature = defineFeature({
  name: 'user-types',
  pages: [adminPage('/admin/uType/index', () => import('./components/user-types-page'), 'UserTypesPage')],
  cataloguePart: 'admin',
  buttons: [],
});
