import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { menu, product, roleMenu, tenantProduct, userProduct } from './products.table';

/**
 * Enabled products of the tenant in which any of the roles has a menu, with the user's favourites: in the
 * user's order (spec S0.4.5), then the products without one in catalogue order.
 */
export async function findProductsForRoles({ tx, tenantId }: TenantScope, userId: number, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return tx
    .select({
      id: product.id,
      productCode: product.productCode,
      productName: product.productName,
      productNameEn: product.productNameEn,
      type: product.type,
      icon: product.icon,
      sort: tenantProduct.sort,
      redirectUrl: tenantProduct.redirectUrl,
      tuck: userProduct.tuck,
      userSort: userProduct.userSort,
    })
    .from(tenantProduct)
    .innerJoin(product, eq(product.id, tenantProduct.productId))
    .leftJoin(
      userProduct,
      and(
        eq(userProduct.tenantId, tenantProduct.tenantId),
        eq(userProduct.productId, tenantProduct.productId),
        eq(userProduct.userId, userId),
      ),
    )
    .where(
      and(
        eq(tenantProduct.tenantId, tenantId),
        eq(tenantProduct.enabled, true),
        sql`exists (select 1 from ${roleMenu} rm join ${menu} m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id
                    where rm.tenant_id = ${tenantId} and m.product_id = ${tenantProduct.productId} and not m.del_flag
                      and rm.role_id in (${sql.join(
                        roleIds.map((id) => sql`${id}`),
                        sql`, `,
                      )}))`,
      ),
    )
    .orderBy(
      sql`${userProduct.userSort} asc nulls last`,
      asc(tenantProduct.sort),
      asc(product.sort),
      asc(product.id),
    );
}

/** Saves favourite flags and order of products for a user (insert or update per product). */
export async function upsertUserProducts(
  { tx, tenantId }: TenantScope,
  userId: number,
  items: { productId: number; userSort: number; tuck: number }[],
) {
  if (items.length === 0) return;
  await tx
    .insert(userProduct)
    .values(items.map((i) => ({ tenantId, userId, ...i })))
    .onConflictDoUpdate({
      target: [userProduct.tenantId, userProduct.userId, userProduct.productId],
      set: { tuck: sql`excluded.tuck`, userSort: sql`excluded.user_sort` },
    });
}

/** Menu rows of one product granted to any of the roles. */
export async function findMenusForRoles({ tx, tenantId }: TenantScope, productId: number, roleIds: number[]) {
  if (roleIds.length === 0) return [];
  return tx
    .selectDistinct({
      id: menu.id,
      parentId: menu.parentId,
      menuCode: menu.menuCode,
      name: menu.name,
      nameEn: menu.nameEn,
      path: menu.path,
      icon: menu.icon,
      permission: menu.permission,
      type: menu.type,
      sort: menu.sort,
      isHidden: menu.isHidden,
      keepAlive: menu.keepAlive,
      menuGroup: menu.menuGroup,
      query: menu.query,
      meta: menu.meta,
    })
    .from(menu)
    .innerJoin(roleMenu, and(eq(roleMenu.tenantId, menu.tenantId), eq(roleMenu.menuId, menu.id)))
    .where(
      and(
        eq(menu.tenantId, tenantId),
        eq(menu.productId, productId),
        eq(menu.delFlag, false),
        inArray(roleMenu.roleId, roleIds),
      ),
    );
}
