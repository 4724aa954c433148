import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The dictionaries of the school's forms (docs/settings-and-dictionaries.md). */
export const dictsFeature = defineFeature({
  name: 'dicts',
  pages: [adminPage('/admin/dict/index', () => import('./components/dicts-page'), 'DictsPage')],
  cataloguePart: 'admin',
  buttons: [],
});
