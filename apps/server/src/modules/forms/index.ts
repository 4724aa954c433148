export * from './forms.table';
export { formRoutes } from './forms.routes';
export { seedDefaultForms } from './forms.seed';
