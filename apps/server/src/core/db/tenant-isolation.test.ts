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

/**
 * What a database distributed by tenant (Citus: every tenant table distributed by `tenant_id`, the shared
 * tables replicated as reference tables) needs of the schema, read from the migrated database's catalog
 * (docs/scaling.md "A database distributed by school").
 */
describe('distribution by tenant', () => {
  /**
   * Tables without `tenant_id`, each placed by name. `reference`: small shared catalogues, replicated to
   * every node (a tenant table may reference them). `coordinator`: the platform's own state that belongs
   * to no school (keys, rate-limit counters, tokens before a tenant is known), kept on the coordinator.
   * A new table without `tenant_id` fails the test until it is placed here.
   */
  const REFERENCE = ['tenant', 'product'];
  const COORDINATOR = ['server_key', 'rate_limit', 'captcha', 'request_nonce', 'job_schedule'];
  /**
   * Tables with an optional `tenant_id` that are infrastructure, not school data: the job queue and the
   * development SMS outbox stay on the coordinator (a queue row for no school has no shard).
   */
  const INFRASTRUCTURE = ['job', 'dev_sms_outbox'];

  const catalog = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q));
  const tablesOf = async (withTenant: boolean) =>
    (
      await catalog<{ t: string }>(sql`
        select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and ${withTenant} = exists (select 1 from pg_attribute a
            where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        order by 1`)
    ).map((r) => r.t);

  it('every table without tenant_id is named as a reference or coordinator table', async () => {
    expect(await tablesOf(false)).toEqual([...REFERENCE, ...COORDINATOR].sort());
  });

  it('every foreign key between tenant tables includes tenant_id on both sides (co-location)', async () => {
    const fks = await catalog<{ name: string; src: string; dst: string; cols: string[]; refs: string[] }>(sql`
      select c.conname as name, c.conrelid::regclass::text as src, c.confrelid::regclass::text as dst,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as cols,
        array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as refs
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`);
    expect(fks.length).toBeGreaterThan(50);
    const tenantTables = new Set(await tablesOf(true));
    const distributed = (t: string) => tenantTables.has(t) && !INFRASTRUCTURE.includes(t);
    const bad: string[] = [];
    for (const fk of fks) {
      const from = fk.src.replace(/^public\./, '');
      const to = fk.dst.replace(/^public\./, '');
      if (distributed(from) && distributed(to)) {
        // The same column position on both sides: the referencing row's tenant is the referenced row's.
        const i = fk.cols.indexOf('tenant_id');
        if (i < 0 || fk.refs[i] !== 'tenant_id') bad.push(`${from}.${fk.name} -> ${to}`);
      } else if (distributed(to)) {
        bad.push(`${from}.${fk.name} -> ${to} (into a distributed table from a shared one)`);
      } else if (!REFERENCE.includes(to) && (distributed(from) || REFERENCE.includes(from))) {
        // Shards and replicas may point only at what every node holds: reference tables.
        bad.push(`${from}.${fk.name} -> ${to} (to a table kept on the coordinator)`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('ids come from bigint sequences or identities, never from one database-wide counter of int4', async () => {
    // Citus gives each node of a distributed table's bigint sequence its own range (the node's group id in
    // the high bits), so ids stay unique across nodes; an int4 sequence can only be drawn on the
    // coordinator. Ids are then unique per node range, and every key and reference is (tenant_id, id).
    const cols = await catalog<{ t: string; col: string; type: string }>(sql`
      select c.relname as t, a.attname as col, format_type(a.atttypid, a.atttypmod) as type
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and (a.attidentity <> '' or pg_get_expr(d.adbin, d.adrelid) like 'nextval(%')`);
    expect(cols.length).toBeGreaterThan(20);
    const tenantTables = new Set(await tablesOf(true));
    const narrow = cols.filter((c) => tenantTables.has(c.t) && c.type !== 'bigint');
    expect(narrow.map((c) => `${c.t}.${c.col} ${c.type}`)).toEqual([]);
  });

  it('no view or security-definer function lets the app role read past row-level security', async () => {
    // A view runs as its owner (who is not subject to RLS) unless it is security_invoker; a security
    // definer function likewise. Either could let one request read two tenants' rows, so a definer
    // function the app role may call must confine itself to the transaction's tenant, as the policy does.
    const views = await catalog<{ v: string }>(sql`
      select c.relname as v from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('v', 'm')
        and not coalesce('security_invoker=true' = any(c.reloptions), false)`);
    expect(views.map((r) => r.v)).toEqual([]);
    const definers = await catalog<{ f: string; body: string }>(sql`
      select p.proname as f, p.prosrc as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef
        and has_function_privilege(${database.appRole}, p.oid, 'execute')`);
    // user_search_ids (migration 0006) lets the GIN index serve the name search, which RLS would bar.
    expect(definers.map((r) => r.f)).toEqual(['user_search_ids']);
    for (const d of definers)
      expect(d.body, d.f).toMatch(
        /WHERE tenant_id = nullif\(current_setting\('app\.tenant_id', true\), ''\)::bigint AND /,
      );
  });
});
