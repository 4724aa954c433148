import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './rows';
import { sysUser } from '../../modules/identity/identity.table';
import { createTestDatabase, onPostgres, ALPHA, BETA } from '../../test/harness';
import { seedSchool, type SeededSchool } from '../../seed/school';
import { SYSTEM_ONLY_TABLES } from './app-role';

/** The database's own message, under the query builder's wrapper. */
function causeMessage(err: unknown): string {
  const e = err as { message?: string; cause?: { message?: string } } | undefined;
  return e?.cause?.message ?? e?.message ?? 'no error';
}

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
let alpha: SeededSchool;
let beta: SeededSchool;

beforeAll(async () => {
  database = await createTestDatabase();
  alpha = await seedSchool(database, ALPHA);
  beta = await seedSchool(database, BETA);
});
afterAll(() => database?.dispose());

const engine = onPostgres() ? 'PostgreSQL' : 'PGlite';

describe(`tenant isolation on ${engine}`, () => {
  it('a query with a forgotten tenant filter still returns only the current tenant rows', async () => {
    const names = await database.withTenant(alpha.tenantId, ({ tx }) =>
      tx.select({ name: sysUser.realName }).from(sysUser),
    );
    expect(names.length).toBe(ALPHA.users.length);
    expect(names.every((r) => r.name.startsWith('Alpha'))).toBe(true);

    const betaNames = await database.withTenant(beta.tenantId, ({ tx }) =>
      tx.select({ name: sysUser.realName }).from(sysUser),
    );
    expect(betaNames.map((r) => r.name).sort()).toEqual(['Beta Admin', 'Beta Student']);
  });

  it('another tenant rows cannot be read, updated or deleted even by id', async () => {
    const betaAdmin = beta.userIds.admin!;
    await database.withTenant(alpha.tenantId, async ({ tx }) => {
      const read = await tx.execute(
        sql`select id from sys_user where tenant_id = ${beta.tenantId} and id = ${betaAdmin}`,
      );
      expect(rowsOf(read)).toHaveLength(0);
      const upd = await tx.execute(
        sql`update sys_user set real_name = 'hacked' where id = ${betaAdmin} returning id`,
      );
      expect(rowsOf(upd)).toHaveLength(0);
      const del = await tx.execute(sql`delete from user_role where user_id = ${betaAdmin} returning user_id`);
      expect(rowsOf(del)).toHaveLength(0);
    });
    const still = await database.withTenant(beta.tenantId, ({ tx }) =>
      tx.select({ n: sysUser.realName }).from(sysUser),
    );
    expect(still.map((r) => r.n)).toContain('Beta Admin');
  });

  it('writing a row for another tenant is refused by the policy', async () => {
    const err = await database
      .withTenant(alpha.tenantId, ({ tx }) =>
        tx.insert(sysUser).values({ tenantId: beta.tenantId, username: 'intruder', realName: 'Intruder' }),
      )
      .catch((e: unknown) => e);
    expect(causeMessage(err)).toMatch(/row-level security/);
  });

  it('with no tenant set, the app role sees no tenant rows at all', async () => {
    const rows = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', ${database.appRole}, true)`);
      return rowsOf(await tx.execute(sql`select count(*)::int as n from sys_user`));
    });
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('request transactions run as a role that is neither superuser nor owner nor bypasses RLS', async () => {
    const row = await database.withTenant(
      alpha.tenantId,
      async ({ tx }) =>
        rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
          select current_user as who, r.rolsuper, r.rolbypassrls,
                 (select tableowner from pg_tables where tablename = 'sys_user') as owner
          from pg_roles r where r.rolname = current_user`),
        )[0],
    );
    expect(row).toMatchObject({ who: database.appRole, rolsuper: false, rolbypassrls: false });
    expect(row!.owner).not.toBe(database.appRole);
  });

  it('the app role has no access to system-only tables (tokens, captchas, keys)', async () => {
    for (const table of SYSTEM_ONLY_TABLES) {
      const err = await database
        .withTenant(alpha.tenantId, ({ tx }) => tx.execute(sql.raw(`select 1 from ${table} limit 1`)))
        .catch((e: unknown) => e);
      expect(causeMessage(err), table).toMatch(/permission denied/);
    }
  });
});

describe('schema invariants', () => {
  const tenantTables = async () =>
    rowsOf<{ table_name: string }>(
      await database.db.execute(sql`
        select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'tenant_id' order by table_name`),
    ).map((r) => r.table_name);

  it('every table with tenant_id has row-level security and a policy on tenant_id', async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThan(10);
    for (const t of tables) {
      const [rls] = rowsOf<{ relrowsecurity: boolean }>(
        await database.db.execute(
          sql`select relrowsecurity from pg_class where relname = ${t} and relkind = 'r'`,
        ),
      );
      expect(rls?.relrowsecurity, `${t} has RLS enabled`).toBe(true);
      const policies = rowsOf<{ qual: string }>(
        await database.db.execute(
          sql`select qual from pg_policies where schemaname = 'public' and tablename = ${t}`,
        ),
      );
      const guarded =
        SYSTEM_ONLY_TABLES.includes(t as never) ||
        policies.some((p) => p.qual.includes("current_setting('app.tenant_id'"));
      expect(guarded, `${t} has a tenant policy`).toBe(true);
    }
  });

  it('every tenant-owned table has tenant_id in its primary key and in every unique key', async () => {
    // Infrastructure tables that carry an optional tenant_id but are not tenant data.
    const infrastructure = new Set(['job', 'dev_sms_outbox']);
    for (const t of (await tenantTables()).filter((x) => !infrastructure.has(x))) {
      const keys = rowsOf<{ indexname: string; indexdef: string }>(
        await database.db.execute(sql`
          select i.relname as indexname, pg_get_indexdef(ix.indexrelid) as indexdef
          from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_class c on c.oid = ix.indrelid
          where c.relname = ${t} and (ix.indisunique or ix.indisprimary)`),
      );
      expect(keys.length, `${t} has a primary key`).toBeGreaterThan(0);
      for (const k of keys) expect(k.indexdef, `${t}.${k.indexname}`).toMatch(/\(tenant_id[,)]/);
    }
  });
});
