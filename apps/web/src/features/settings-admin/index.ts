export { SettingsPage } from './components/settings-page';
export { PageSetupPage } from './components/page-setup-page';
