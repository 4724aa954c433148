import { eq, sql } from 'drizzle-orm';
import type { SystemScope } from '../../core/db/database';
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
