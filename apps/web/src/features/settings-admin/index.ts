export { settingsAdminFeature } from './manifest';
