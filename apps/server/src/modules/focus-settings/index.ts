import type { ModuleManifest } from '../../core/module';
import { focusSettingRoutes } from './focus-settings.routes';
import { focusSettingOptions, seedFocusSettings } from './focus-settings.service';

export { focusSettingOptions } from './focus-settings.service';
export { FOCUS_SETTING_DEFAULTS } from './focus-settings.defaults';
// The crisis records name the entries they chose and check new choices through these.
export { findFocusSettingNames, findUsableFocusSettingIds } from './focus-settings.repository';

/** Key-person option lists per type (docs/focus-settings.md); the reference module of docs/modules.md. */
export const focusSettingsModule: ModuleManifest = {
  name: 'focus-settings',
  layer: 'business',
  routes: () => focusSettingRoutes(),
  // Focus categories (type 4) are a list path of the form engine.
  optionLists: { '/focus/setting/4/all': focusSettingOptions },
  catalog: {
    menus: [
      {
        // Our page over /focus/setting/* (spec S1.7.7 names the calls, not a route): the option lists.
        product: 'IMPORTANT_FOCUS_ON',
        order: 40,
        code: 'focus_setting',
        name: '重点关注设置',
        nameEn: 'Key-person settings',
        path: '/focusperson/setting/index',
        buttons: [
          { code: 'focus_setting_edit', name: '编辑重点关注设置', nameEn: 'Edit key-person settings' },
        ],
      },
    ],
  },
  seedSchool: ({ tx, tenantId }) => seedFocusSettings(tx, tenantId),
};
