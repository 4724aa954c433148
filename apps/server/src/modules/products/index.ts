import type { ModuleManifest } from '../../core/module';
import { provide } from '../../core/module';
import { roleGrants } from '../identity';
import { permissionsByRoleSql, permissionsOfRoleSql } from './products.repository';
import { productRoutes } from './products.routes';
import { backfillSchoolMenus, seedSchoolProducts } from './products.seed';

export { getRoleGrantTree, saveRoleGrants } from './products.service';
export {
  // The crisis module's backfill gives schools created earlier the grants the catalogue now gives.
  addRoleMenus,
  findMenuPermissionKeys,
  findProductIdByCode,
  findRoleMenuIds,
  isProductEnabled,
} from './products.repository';
// Read views for other modules' joins (who holds a permission key, in one statement).
export { menusView, roleMenusView, tenantProductsView } from './products.views';

/** The product catalogue, each school's products and menus, favourites, and the grants of roles. */
export const productsModule: ModuleManifest = {
  name: 'products',
  layer: 'platform',
  routes: () => productRoutes(),
  tables: { readOnly: ['product'] },
  provides: [provide(roleGrants, { permissionsByRoleSql, permissionsOfRoleSql })],
  catalog: {
    menus: [
      {
        product: 'SYSTEM',
        order: 80,
        code: 'sys_product',
        name: '产品与菜单',
        nameEn: 'Products and menus',
        path: '/admin/product/index',
      },
    ],
  },
  seedSchool: seedSchoolProducts,
  // Menus a module declared after a school was made (e.g. `sys_sso`) reach that school at start.
  backfillSchool: backfillSchoolMenus,
};
