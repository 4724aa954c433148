import { QueryBuilder } from 'drizzle-orm/pg-core';
import { menu, roleMenu, tenantProduct } from './products.table';

/*
 * Products' read views for other modules' queries (docs/modules.md "Reading another module's data"):
 * who holds a permission key is a join of roles, their grants, the menus that carry the key and the
 * school's product switches, and a module that answers it inside one statement joins these, never
 * products' tables. Subqueries of plain columns: PostgreSQL flattens them into the caller's statement,
 * and row-level security applies as the caller.
 */

const qb = new QueryBuilder();

/** Menus and buttons: the permission key each carries, its product, its deleted flag. */
export const menusView = (alias: string) =>
  qb
    .select({
      tenantId: menu.tenantId,
      id: menu.id,
      productId: menu.productId,
      permission: menu.permission,
      delFlag: menu.delFlag,
    })
    .from(menu)
    .as(alias);

/** Which role is granted which menu. */
export const roleMenusView = (alias: string) =>
  qb
    .select({ tenantId: roleMenu.tenantId, roleId: roleMenu.roleId, menuId: roleMenu.menuId })
    .from(roleMenu)
    .as(alias);

/** The school's product switches. */
export const tenantProductsView = (alias: string) =>
  qb
    .select({
      tenantId: tenantProduct.tenantId,
      productId: tenantProduct.productId,
      enabled: tenantProduct.enabled,
    })
    .from(tenantProduct)
    .as(alias);
