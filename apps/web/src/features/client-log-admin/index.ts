export { clientLogAdminFeature } from './manifest';
export { clientLogAdminQueryKeys } from './api/client-log-admin';
