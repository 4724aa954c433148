import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The settings page and the page setup, each a chunk of its own (docs/settings-and-dictionaries.md). */
export const settingsAdminFeature = defineFeature({
  name: 'settings-admin',
  pages: [
    adminPage('/admin/setting/index', () => import('./components/settings-page'), 'SettingsPage'),
    adminPage('/admin/pageSetup/index', () => import('./components/page-setup-page'), 'PageSetupPage'),
  ],
  cataloguePart: 'admin',
  buttons: [],
});
