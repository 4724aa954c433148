// The builder's own chunk entry (an administration page, docs/forms.md "Web").
export { FormAdminPage } from './components/form-admin-page';
