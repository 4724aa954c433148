import { eq, sql } from 'drizzle-orm';
import type { SystemScope } from '../../core/db/database';
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

/** Every school's id, for jobs that visit each school in turn (system context). */
export async function findTenantIds({ db }: SystemScope): Promise<number[]> {
  const res = await db.execute(sql`select id from tenant order by id`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}
