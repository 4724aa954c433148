import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf } from '../../core/db/rows';
import { menu, product, roleMenu, tenantProduct, userProduct } from './products.table';
import { rolesView } from '../identity';

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

/** Every product of the school's catalogue with its status, in the school's order. */
export async function findTenantProductStatuses({ tx, tenantId }: TenantScope) {
  return tx
    .select({
      id: product.id,
      productCode: product.productCode,
      productName: product.productName,
      productNameEn: product.productNameEn,
      type: product.type,
      icon: product.icon,
      sort: tenantProduct.sort,
      enabled: tenantProduct.enabled,
      redirectUrl: tenantProduct.redirectUrl,
    })
    .from(tenantProduct)
    .innerJoin(product, eq(product.id, tenantProduct.productId))
    .where(eq(tenantProduct.tenantId, tenantId))
    .orderBy(asc(tenantProduct.sort), asc(product.sort), asc(product.id));
}

/** Sets a product's status (and redirect address when given); false when the school lacks the product. */
export async function updateTenantProduct(
  { tx, tenantId }: TenantScope,
  productId: number,
  patch: { enabled: boolean; redirectUrl?: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(tenantProduct)
    .set(patch)
    .where(and(eq(tenantProduct.tenantId, tenantId), eq(tenantProduct.productId, productId)))
    .returning({ id: tenantProduct.productId });
  return rows.length === 1;
}

const adminMenuColumns = {
  id: menu.id,
  parentId: menu.parentId,
  productId: menu.productId,
  menuCode: menu.menuCode,
  name: menu.name,
  nameEn: menu.nameEn,
  path: menu.path,
  permission: menu.permission,
  type: menu.type,
  sort: menu.sort,
  isHidden: menu.isHidden,
  keepAlive: menu.keepAlive,
};
export interface AdminMenuRow {
  id: number;
  parentId: number | null;
  productId: number;
  menuCode: string | null;
  name: string;
  nameEn: string | null;
  path: string | null;
  permission: string | null;
  type: number;
  sort: number;
  isHidden: boolean;
  keepAlive: boolean;
}

/** Live menu entries and buttons of one product (all of them: the caller builds the tree). */
export async function findProductMenus({ tx, tenantId }: TenantScope, productId: number) {
  return (await tx
    .select(adminMenuColumns)
    .from(menu)
    .where(and(eq(menu.tenantId, tenantId), eq(menu.productId, productId), eq(menu.delFlag, false)))
    .orderBy(asc(menu.sort), asc(menu.id))) as AdminMenuRow[];
}

/** Live menu entries and buttons of the school's enabled products. */
export async function findEnabledProductMenus({ tx, tenantId }: TenantScope) {
  return (await tx
    .select(adminMenuColumns)
    .from(menu)
    .innerJoin(
      tenantProduct,
      and(
        eq(tenantProduct.tenantId, menu.tenantId),
        eq(tenantProduct.productId, menu.productId),
        eq(tenantProduct.enabled, true),
      ),
    )
    .where(and(eq(menu.tenantId, tenantId), eq(menu.delFlag, false)))
    .orderBy(asc(menu.sort), asc(menu.id))) as AdminMenuRow[];
}

export async function findMenuById({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select(adminMenuColumns)
    .from(menu)
    .where(and(eq(menu.tenantId, tenantId), eq(menu.id, id), eq(menu.delFlag, false)));
  return (row as AdminMenuRow | undefined) ?? null;
}

/** Writes the editable fields of one entry. */
export async function updateMenu(
  { tx, tenantId }: TenantScope,
  id: number,
  patch: { name?: string; nameEn?: string; isHidden?: boolean; keepAlive?: boolean },
) {
  await tx
    .update(menu)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(menu.tenantId, tenantId), eq(menu.id, id)));
}

/** Numbers the given entries 1..n in the order given. */
export async function renumberMenus({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update menu set sort = v.ord, updated_at = now()
    from unnest(${`{${ids.join(',')}}`}::bigint[]) with ordinality as v(id, ord)
    where menu.tenant_id = ${tenantId} and menu.id = v.id`);
}

/** Menu ids granted to a role. */
export async function findRoleMenuIds({ tx, tenantId }: TenantScope, roleId: number): Promise<number[]> {
  const rows = await tx
    .select({ menuId: roleMenu.menuId })
    .from(roleMenu)
    .where(and(eq(roleMenu.tenantId, tenantId), eq(roleMenu.roleId, roleId)));
  return rows.map((r) => r.menuId);
}

/**
 * Replaces a role's grants among the given menus (those of the enabled products): grants outside them
 * (disabled products) stay as they are.
 */
export async function replaceRoleMenus(
  { tx, tenantId }: TenantScope,
  roleId: number,
  scopeMenuIds: number[],
  menuIds: number[],
) {
  if (scopeMenuIds.length > 0) {
    await tx
      .delete(roleMenu)
      .where(
        and(
          eq(roleMenu.tenantId, tenantId),
          eq(roleMenu.roleId, roleId),
          inArray(roleMenu.menuId, scopeMenuIds),
        ),
      );
  }
  if (menuIds.length > 0) {
    await tx
      .insert(roleMenu)
      .values(menuIds.map((menuId) => ({ tenantId, roleId, menuId })))
      .onConflictDoNothing();
  }
}

/** Permission keys of some menu entries, by id (entries without a key are left out). */
export async function findMenuPermissionKeys(
  { tx, tenantId }: TenantScope,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: menu.id, permission: menu.permission })
    .from(menu)
    .where(and(eq(menu.tenantId, tenantId), inArray(menu.id, ids)));
  return new Map(rows.filter((r) => r.permission !== null).map((r) => [r.id, r.permission!]));
}

/**
 * Grants a role the live menu entries of `codes` it does not hold yet, with their ancestors (a granted
 * entry needs its parent to show in the tree); its other grants stay as they are. For the modules'
 * backfills of grants the catalogue gives new schools (manifest `backfillSchool`). Answers how many
 * grants were added.
 */
export async function addRoleMenus(
  { tx, tenantId }: TenantScope,
  roleId: number,
  codes: readonly string[],
): Promise<number> {
  if (codes.length === 0) return 0;
  const res = await tx.execute(sql`
    with recursive wanted as (
      select id, parent_id from ${menu}
      where tenant_id = ${tenantId} and not del_flag
        and menu_code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})
      union
      select m.id, m.parent_id from ${menu} m
      join wanted w on m.tenant_id = ${tenantId} and m.id = w.parent_id and not m.del_flag
    )
    insert into ${roleMenu} (tenant_id, role_id, menu_id)
    select ${tenantId}::bigint, ${roleId}::bigint, id from wanted
    on conflict do nothing
    returning menu_id`);
  return rowsOf(res).length;
}

/** Id of a product by its code (the inbox's `type`); the catalogue is shared by every school. */
export async function findProductIdByCode({ tx }: TenantScope, code: string): Promise<number | null> {
  const [row] = await tx.select({ id: product.id }).from(product).where(eq(product.productCode, code));
  return row?.id ?? null;
}

/** Whether the school has switched a product on (false for an unknown code or no switch row). */
export async function isProductEnabled({ tx, tenantId }: TenantScope, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ enabled: tenantProduct.enabled })
    .from(tenantProduct)
    .innerJoin(product, eq(product.id, tenantProduct.productId))
    .where(and(eq(tenantProduct.tenantId, tenantId), eq(product.productCode, code)));
  return row?.enabled ?? false;
}

/*
 * Grants as SQL for identity's statements (identity sits below products and reads them through the
 * `roleGrants` port it defines): the same subqueries the principal and the role checks ran before.
 */

/**
 * Permission keys per role, as a JSON object role id -> keys, of the roles `roleIds` (a subquery of
 * role ids) of the school `tenantId`; a product the school has switched off grants nothing, though its
 * grants are kept for re-enabling. `= any(array(...))` rather than `in (...)`: the role ids come first and
 * the grants are read through the key's index; with `in` the planner scanned every school's grants (it
 * runs on every request: 1.8 ms against 0.8 for an administrator's on PGlite, and the scan grows with the
 * schools).
 */
export const permissionsByRoleSql = (tenantId: SQL, roleIds: SQL): SQL =>
  sql`coalesce((
        select json_object_agg(p.role_id, p.perms) from (
          select rm.role_id, array_agg(distinct m.permission) as perms
          from ${roleMenu} rm
          join ${menu} m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id and not m.del_flag and m.permission is not null
          join ${tenantProduct} tp on tp.tenant_id = m.tenant_id and tp.product_id = m.product_id and tp.enabled
          where rm.tenant_id = ${tenantId} and rm.role_id = any(array(${roleIds}))
          group by rm.role_id) p), '{}'::json)`;

/** Permission keys granted to one role (an array; every product counts). */
export const permissionsOfRoleSql = (tenantId: SQL, roleId: SQL): SQL =>
  sql`coalesce((select array_agg(distinct m.permission) from ${roleMenu} rm
        join ${menu} m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id and not m.del_flag and m.permission is not null
        where rm.tenant_id = ${tenantId} and rm.role_id = ${roleId}), '{}')`;

/* ------------------------------------------------------------ backfill of catalogue menus ----------- */

/** Every menu and button code the school has (removed ones too: the backfill does not bring them back). */
export async function findSchoolMenuIds({ tx, tenantId }: TenantScope): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: menu.id, code: menu.menuCode })
    .from(menu)
    .where(eq(menu.tenantId, tenantId));
  return new Map(rows.filter((r) => r.code !== null).map((r) => [r.code!, r.id]));
}

/** The catalogue's product ids by code (the products the platform has). */
export async function findProductIds({ tx }: TenantScope): Promise<Map<string, number>> {
  const rows = await tx.select({ id: product.id, code: product.productCode }).from(product);
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The school's live roles of the given codes (the seeded roles an administrator kept). */
export async function findLiveRoleIdsByCode(
  { tx, tenantId }: TenantScope,
  codes: string[],
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const r = rolesView('r');
  const rows = await tx
    .select({ id: r.id, code: r.roleCode })
    .from(r)
    .where(and(eq(r.tenantId, tenantId), eq(r.delFlag, false), inArray(r.roleCode, codes)));
  return new Map(rows.map((x) => [x.code, x.id]));
}

/** Which of the menus each role holds, as `${roleId}:${menuId}`. */
export async function findGrantPairs({ tx, tenantId }: TenantScope, menuIds: number[]): Promise<Set<string>> {
  if (menuIds.length === 0) return new Set();
  const rows = await tx
    .select({ roleId: roleMenu.roleId, menuId: roleMenu.menuId })
    .from(roleMenu)
    .where(and(eq(roleMenu.tenantId, tenantId), inArray(roleMenu.menuId, menuIds)));
  return new Set(rows.map((x) => `${x.roleId}:${x.menuId}`));
}
