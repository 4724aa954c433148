import type { Database } from '../core/db/database';
import type { Catalog, SchoolSeed, SchoolSeedContext } from '../core/module';
import { MODULES } from '../modules';
import { findTenantByCode, findTenantIds, insertTenant } from '../modules/tenants';
import { MENUS, PRODUCTS, ROLES } from './catalog';

export type { DeptSeed, SchoolSeed, UserSeed } from '../core/module';

export interface SeededSchool {
  tenantId: number;
  created: boolean;
  userIds: Record<string, number>;
  roleIds: Record<string, number>;
  deptIds: Record<string, number>;
}

const CATALOG: Catalog = { products: PRODUCTS, menus: MENUS, roles: ROLES };

/**
 * Creates a school: the tenant row, then each module's part (manifest `seedSchool`) in module-list
 * order: settings, departments, roles and users, products with menus and grants, message templates,
 * default forms, ... Runs in the system context in one transaction; a school that exists is left as
 * it is.
 */
export async function seedSchool(database: Database, seed: SchoolSeed): Promise<SeededSchool> {
  return database.db.transaction(async (tx) => {
    const existing = await findTenantByCode({ db: tx }, seed.code);
    if (existing) return { tenantId: existing.id, created: false, userIds: {}, roleIds: {}, deptIds: {} };

    const t = await insertTenant({ db: tx }, { code: seed.code, name: seed.name });
    const ctx: SchoolSeedContext = {
      tx,
      tenantId: t.id,
      school: seed,
      catalog: CATALOG,
      ids: { roles: {}, depts: {}, users: {} },
    };
    for (const m of MODULES) await m.seedSchool?.(ctx);
    return {
      tenantId: t.id,
      created: true,
      userIds: ctx.ids.users,
      roleIds: ctx.ids.roles,
      deptIds: ctx.ids.depts,
    };
  });
}

/**
 * Gives every existing school what the modules' `backfillSchool` adds (defaults declared since the
 * school was created), one tenant transaction per school and module. Runs at server start.
 */
export async function backfillSchools(database: Database): Promise<void> {
  const withBackfill = MODULES.filter((m) => m.backfillSchool);
  if (withBackfill.length === 0) return;
  for (const tenantId of await findTenantIds(database.system)) {
    for (const m of withBackfill)
      await database.withTenant(tenantId, (scope) => m.backfillSchool!(scope, CATALOG));
  }
}
