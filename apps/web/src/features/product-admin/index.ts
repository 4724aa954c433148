export { ProductAdminPage } from './components/product-admin-page';
export { productAdminQueryKeys } from './api/product-admin';
