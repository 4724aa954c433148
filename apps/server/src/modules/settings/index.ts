export * from './settings.table';
export { isSettingEnabled, getSetting, getPageSetup } from './settings.service';
export { settingsRoutes } from './settings.routes';
