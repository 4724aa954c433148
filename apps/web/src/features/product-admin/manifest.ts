import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** Products and menus of the school (docs/roles-and-products.md). */
export const productAdminFeature = defineFeature({
  name: 'product-admin',
  pages: [
    adminPage('/admin/product/index', () => import('./components/product-admin-page'), 'ProductAdminPage'),
  ],
  cataloguePart: 'admin',
  buttons: [],
});
