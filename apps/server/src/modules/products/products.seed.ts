import type { MenuSeed, ProductSeed, RoleSeed } from '../../core/catalog';
import type { Db, TenantScope, Tx } from '../../core/db/database';
import type { Catalog, SchoolSeedContext } from '../../core/module';
import {
  findGrantPairs,
  findLiveRoleIdsByCode,
  findProductIds,
  findSchoolMenuIds,
} from './products.repository';
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

/**
 * Inserts the menus and buttons of `seeds` the school lacks (`have`: code to id, filled as they are
 * inserted; empty for a new school), under their parent; answers nothing, records the new codes in
 * `added`, a parent before its children. One level of the tree at a time, its menus in one statement and
 * their buttons in another: a school has over 200 entries, and one statement each was 5,754 inserts and
 * 4.2 s of database time in a run of the server tests on PGlite.
 */
async function insertMenus(
  tx: Tx,
  tenantId: number,
  productId: number,
  seeds: MenuSeed[],
  parentId: number | null,
  have: Map<string, number>,
  added: string[],
) {
  type NewMenu = typeof menu.$inferInsert & { menuCode: string };
  const insert = async (rows: NewMenu[]) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const inserted = await tx
        .insert(menu)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .returning({ id: menu.id, code: menu.menuCode });
      for (const row of inserted) have.set(row.code!, row.id);
    }
    // In the order of the rows, whatever order the database answered in.
    for (const row of rows) added.push(row.menuCode);
  };
  let level: { seeds: MenuSeed[]; parentId: number | null }[] = [{ seeds, parentId }];
  while (level.length > 0) {
    // A code met twice is inserted once, where it is met first, as the catalogue's walk did before.
    const queued = new Set<string>();
    const menus: NewMenu[] = [];
    for (const group of level) {
      for (const [i, m] of group.seeds.entries()) {
        if (have.has(m.code) || queued.has(m.code)) continue;
        queued.add(m.code);
        menus.push({
          tenantId,
          productId,
          parentId: group.parentId,
          menuCode: m.code,
          name: m.name,
          nameEn: m.nameEn,
          path: m.path ?? null,
          permission: m.permission === undefined ? m.code : m.permission,
          type: 0,
          sort: i + 1,
          isHidden: m.hidden ?? false,
          keepAlive: m.keepAlive ?? true,
        });
      }
    }
    await insert(menus);
    const buttons: NewMenu[] = [];
    const next: typeof level = [];
    for (const group of level) {
      for (const m of group.seeds) {
        const id = have.get(m.code)!;
        for (const [j, b] of (m.buttons ?? []).entries()) {
          if (have.has(b.code) || queued.has(b.code)) continue;
          queued.add(b.code);
          buttons.push({
            tenantId,
            productId,
            parentId: id,
            menuCode: b.code,
            name: b.name,
            nameEn: b.nameEn,
            permission: b.code,
            type: 1,
            sort: j + 1,
          });
        }
        if (m.children?.length) next.push({ seeds: m.children, parentId: id });
      }
    }
    await insert(buttons);
    level = next;
  }
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters at 12 columns a row. */
const INSERT_CHUNK = 1000;

/** Every menu, child and button code of a product's catalogue menus. */
function catalogCodes(list: readonly MenuSeed[]): string[] {
  return list.flatMap((m) => [
    m.code,
    ...(m.buttons ?? []).map((b) => b.code),
    ...catalogCodes(m.children ?? []),
  ]);
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

/** The codes a seeded role's catalogue grants cover (a granted child brings its parent). */
function roleCodes(catalog: Catalog, r: RoleSeed): Set<string> {
  const codes = new Set<string>();
  for (const g of r.grants) {
    if (g.startsWith('menu:')) codes.add(g.slice(5));
    else for (const c of catalogCodes(catalog.menus[g] ?? [])) codes.add(c);
  }
  for (const c of r.except ?? []) codes.delete(c);
  // A granted child needs its parent to show in the tree.
  for (const c of [...codes]) {
    const parent = findParentCode(catalog, c);
    if (parent) codes.add(parent);
  }
  return codes;
}

/**
 * A new school's products (all enabled), its own copy of every product's menus and buttons, and each
 * seeded role's grants.
 */
export async function seedSchoolProducts({ tx, tenantId, catalog, ids }: SchoolSeedContext): Promise<void> {
  const productIds = await seedCatalog(tx, catalog.products);
  for (const [i, p] of catalog.products.entries()) {
    await tx
      .insert(tenantProduct)
      .values({ tenantId, productId: productIds.get(p.code)!, enabled: true, sort: i + 1 });
  }

  const menuIds = new Map<string, number>();
  for (const p of catalog.products) {
    await insertMenus(tx, tenantId, productIds.get(p.code)!, catalog.menus[p.code] ?? [], null, menuIds, []);
  }

  for (const r of catalog.roles) {
    const values = [...roleCodes(catalog, r)]
      .filter((c) => menuIds.has(c))
      .map((c) => ({ tenantId, roleId: ids.roles[r.code]!, menuId: menuIds.get(c)! }));
    if (values.length) await tx.insert(roleMenu).values(values);
  }
}

/**
 * Gives a school the catalogue's menus and buttons it lacks (a module's menu declared after the school
 * was made), under their product and parent, and grants each of them to the seeded roles whose
 * catalogue grants cover it. Only the menus inserted now are granted: a grant an administrator took
 * away from a menu the school had is not brought back, and neither is a new child granted to a role
 * that no longer holds its (older) parent. A menu the school has, even removed (`del_flag`), is kept
 * as it is. Products the platform does not have yet are skipped (they come with a new school's seed,
 * which runs as the system). Idempotent.
 */
export async function backfillSchoolMenus(scope: TenantScope, catalog: Catalog): Promise<void> {
  const { tx, tenantId } = scope;
  const have = await findSchoolMenuIds(scope);
  const productIds = await findProductIds(scope);
  const added: string[] = [];
  for (const p of catalog.products) {
    const productId = productIds.get(p.code);
    if (productId === undefined) continue;
    await insertMenus(tx, tenantId, productId, catalog.menus[p.code] ?? [], null, have, added);
  }
  if (added.length === 0) return;

  const roleIds = await findLiveRoleIdsByCode(
    scope,
    catalog.roles.map((r) => r.code),
  );
  const parentIds = added
    .map((c) => findParentCode(catalog, c))
    .filter((c): c is string => c !== null)
    .map((c) => have.get(c)!);
  const held = await findGrantPairs(scope, parentIds);
  const isNew = new Set(added);
  const values: { tenantId: number; roleId: number; menuId: number }[] = [];
  for (const r of catalog.roles) {
    const roleId = roleIds.get(r.code);
    if (roleId === undefined) continue;
    const codes = roleCodes(catalog, r);
    const granted = new Set<string>();
    // `added` lists a parent before its children, so a new parent's grant is decided first.
    for (const c of added) {
      if (!codes.has(c)) continue;
      const parent = findParentCode(catalog, c);
      const parentHeld =
        parent === null ||
        (isNew.has(parent) ? granted.has(parent) : held.has(`${roleId}:${have.get(parent)}`));
      if (!parentHeld) continue;
      granted.add(c);
      values.push({ tenantId, roleId, menuId: have.get(c)! });
    }
  }
  if (values.length) await tx.insert(roleMenu).values(values).onConflictDoNothing();
}
