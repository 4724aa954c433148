import { eq, sql } from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { tenant } from './tenants.table';

export async function findTenantById({ db }: SystemScope, id: number) {
  const [row] = await db.select().from(tenant).where(eq(tenant.id, id));
  return row ?? null;
}

export async function findTenantByCode({ db }: SystemScope, code: string) {
  const [row] = await db
    .select()
    .from(tenant)
    .where(sql`lower(${tenant.code}) = lower(${code})`);
  return row ?? null;
}

export async function insertTenant(
  { db }: SystemScope,
  row: { code: string; name: string; domain?: string | null },
) {
  const [created] = await db.insert(tenant).values(row).returning();
  return created!;
}

/** Every school's id, oldest first (per-school work over all schools, e.g. backfills at start). */
export async function findTenantIds({ db }: SystemScope): Promise<number[]> {
  const rows = await db.select({ id: tenant.id }).from(tenant).orderBy(tenant.id);
  return rows.map((r) => r.id);
}

/** The school's own short name and web address. */
export async function findTenantDomain({ tx, tenantId }: TenantScope) {
  const res = await tx.execute(sql`select id, code, domain from tenant where id = ${tenantId}`);
  const row = rowsOf<{ id: unknown; code: string; domain: string | null }>(res)[0];
  return row ? { tenantId: toNumber(row.id), code: row.code, domain: row.domain ?? null } : null;
}
