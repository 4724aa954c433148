export * from './focus-settings.table';
export { focusSettingRoutes } from './focus-settings.routes';
export { focusSettingOptions, seedFocusSettings } from './focus-settings.service';
export { FOCUS_SETTING_DEFAULTS } from './focus-settings.defaults';
