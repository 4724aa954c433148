import { adminPage, defineFeature } from '../../shared/feature/manifest';
import { DEPT_BUTTONS } from './lib/dept-buttons';

/** The departments page (the organisation picker is used by other features through `index.ts`). */
export const deptsFeature = defineFeature({
  name: 'depts',
  pages: [adminPage('/admin/dept/index', () => import('./components/depts-page'), 'DeptsPage')],
  cataloguePart: 'admin',
  buttons: Object.values(DEPT_BUTTONS),
});
