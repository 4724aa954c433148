import type { MenuSeed, ProductSeed } from '../../core/catalog';
import type { Db, Tx } from '../../core/db/database';
import type { Catalog, SchoolSeedContext } from '../../core/module';
import { menu, product, roleMenu, tenantProduct } from './products.table';

/** The platform's product catalogue; idempotent. */
export async function seedCatalog(
  db: Db | Tx,
  products: readonly ProductSeed[],
): Promise<Map<string, number>> {
  for (const [i, p] of products.entries()) {
    await db
      .insert(product)
      .values({
        productCode: p.code,
        productName: p.name,
        productNameEn: p.nameEn,
        type: p.type,
        icon: p.icon,
        sort: i + 1,
      })
      .onConflictDoNothing();
  }
  const rows = await db.select({ id: product.id, code: product.productCode }).from(product);
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function insertMenus(
  tx: Tx,
  tenantId: number,
  productId: number,
  seeds: MenuSeed[],
  parentId: number | null,
  out: Map<string, number>,
) {
  for (const [i, m] of seeds.entries()) {
    const [row] = await tx
      .insert(menu)
      .values({
        tenantId,
        productId,
        parentId,
        menuCode: m.code,
        name: m.name,
        nameEn: m.nameEn,
        path: m.path ?? null,
        permission: m.permission === undefined ? m.code : m.permission,
        type: 0,
        sort: i + 1,
        isHidden: m.hidden ?? false,
        keepAlive: m.keepAlive ?? true,
      })
      .returning({ id: menu.id });
    out.set(m.code, row!.id);
    for (const [j, b] of (m.buttons ?? []).entries()) {
      const [btn] = await tx
        .insert(menu)
        .values({
          tenantId,
          productId,
          parentId: row!.id,
          menuCode: b.code,
          name: b.name,
          nameEn: b.nameEn,
          permission: b.code,
          type: 1,
          sort: j + 1,
        })
        .returning({ id: menu.id });
      out.set(b.code, btn!.id);
    }
    if (m.children) await insertMenus(tx, tenantId, productId, m.children, row!.id, out);
  }
}

function findParentCode(catalog: Catalog, code: string): string | null {
  const walk = (list: MenuSeed[], parent: string | null): string | null | undefined => {
    for (const m of list) {
      if (m.code === code) return parent;
      for (const b of m.buttons ?? []) if (b.code === code) return m.code;
      const found = walk(m.children ?? [], m.code);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const list of Object.values(catalog.menus)) {
    const found = walk(list, null);
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * A new school's products (all enabled), its own copy of every product's menus and buttons, and each
 * seeded role's grants (a granted child brings its parent, so it shows in the tree).
 */
export async function seedSchoolProducts({ tx, tenantId, catalog, ids }: SchoolSeedContext): Promise<void> {
  const productIds = await seedCatalog(tx, catalog.products);
  for (const [i, p] of catalog.products.entries()) {
    await tx
      .insert(tenantProduct)
      .values({ tenantId, productId: productIds.get(p.code)!, enabled: true, sort: i + 1 });
  }

  const menuIds = new Map<string, number>();
  const productMenuCodes = new Map<string, string[]>();
  for (const p of catalog.products) {
    const before = new Set(menuIds.keys());
    await insertMenus(tx, tenantId, productIds.get(p.code)!, catalog.menus[p.code] ?? [], null, menuIds);
    productMenuCodes.set(
      p.code,
      [...menuIds.keys()].filter((k) => !before.has(k)),
    );
  }

  for (const r of catalog.roles) {
    const codes = new Set<string>();
    for (const g of r.grants) {
      if (g.startsWith('menu:')) codes.add(g.slice(5));
      else for (const c of productMenuCodes.get(g) ?? []) codes.add(c);
    }
    for (const c of r.except ?? []) codes.delete(c);
    // A granted child needs its parent to show in the tree.
    for (const c of [...codes]) {
      const parent = findParentCode(catalog, c);
      if (parent) codes.add(parent);
    }
    const values = [...codes]
      .filter((c) => menuIds.has(c))
      .map((c) => ({ tenantId, roleId: ids.roles[r.code]!, menuId: menuIds.get(c)! }));
    if (values.length) await tx.insert(roleMenu).values(values);
  }
}
