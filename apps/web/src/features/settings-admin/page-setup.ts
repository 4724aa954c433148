// A second entry of the feature, so the page setup (colour picker, upload) is a chunk of its own rather
// than part of the settings page's.
export { PageSetupPage } from './components/page-setup-page';
