import type { ModuleManifest } from '../../core/module';
import { interviewResultOptions, schemeCategoryOptions } from './lookups.service';
import { loginPageRoutes } from './login-page.routes';
import { settingsRoutes } from './settings.routes';
import { seedSchoolSettings } from './settings.seed';

export {
  isSettingEnabled,
  getSetting,
  getPageSetup,
  getSettingState,
  enabledSettingOfEverySchool,
} from './settings.service';
export { SETTINGS_PERMISSIONS } from './settings.policy';
export { getDict, requireDictItems } from './settings.service';
export { findScheduleTime, interviewResultOptions, schemeCategoryOptions } from './lookups.service';
export { settingEnabledSql } from './settings.repository';
export { settingSaving } from './settings.events';
// Read views for other modules' joins (sites and rooms beside slots and bookings).
export { siteRoomsView, sitesView } from './settings.views';

/** Setting records, page setup, sites and rooms, dictionaries (docs/settings-and-dictionaries.md). */
export const settingsModule: ModuleManifest = {
  name: 'settings',
  layer: 'platform',
  routes: ({ database }) => [...settingsRoutes(database.system), ...loginPageRoutes(database)],
  catalog: {
    menus: [
      {
        product: 'SYSTEM',
        order: 90,
        code: 'sys_dict',
        name: '字典管理',
        nameEn: 'Dictionaries',
        path: '/admin/dict/index',
      },
      {
        product: 'SYSTEM',
        order: 100,
        code: 'sys_setting',
        name: '系统设置',
        nameEn: 'Settings',
        path: '/admin/setting/index',
      },
      {
        product: 'SYSTEM',
        order: 120,
        code: 'sys_page_setup',
        name: '页面设置',
        nameEn: 'Page setup',
        path: '/admin/pageSetup/index',
      },
    ],
  },
  optionLists: {
    '/plantest/interview/results/list': interviewResultOptions,
    '/activity/schemeCategory': schemeCategoryOptions,
  },
  seedSchool: seedSchoolSettings,
};
