export * from './settings.table';
export { isSettingEnabled, getSetting, getPageSetup, getSettingState } from './settings.service';
export { SETTINGS_PERMISSIONS } from './settings.policy';
export { settingsRoutes } from './settings.routes';
export { getDict } from './settings.service';
export { findScheduleTime, interviewResultOptions, schemeCategoryOptions } from './lookups.service';
