export { productAdminFeature } from './manifest';
export { productAdminQueryKeys } from './api/product-admin';
