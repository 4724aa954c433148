import type { FOCUS_SETTING_EDIT_PERMISSION } from '@psy/contracts';
import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The key-person option lists (docs/focus-settings.md). */
export const focusSettingsFeature = defineFeature({
  name: 'focus-settings',
  pages: [
    adminPage(
      '/focusperson/setting/index',
      () => import('./components/focus-settings-page'),
      'FocusSettingsPage',
    ),
  ],
  cataloguePart: 'admin',
  // Typed as the contract's constant, not imported with its contract file (the manifest loads with the layout).
  buttons: ['focus_setting_edit' satisfies typeof FOCUS_SETTING_EDIT_PERMISSION],
});
