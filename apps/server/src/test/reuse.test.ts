import { describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../core/db/database';
import { onPostgres, openPgliteCopy } from './harness';
import { leaseDatabase, reuseCounts } from './reuse';
import { APP_ROLE, type TestTemplates } from './template';

// A server test file on PGlite gets an engine another file used, put back to its template (reuse.ts). These
// tests hold a reset engine to what a fresh copy of the template is, down to the planner's statistics and the
// session, and check that what a reset cannot put back makes the next file start a new engine.

/** Its own template key, so no other file's engine is handed out here, nor this file's elsewhere. */
const KEY = 'seeded (reuse.test.ts)';

const openCopy = () => openPgliteCopy((inject('serverTestTemplates') as TestTemplates).seeded);

const rows = async <T = Record<string, unknown>>(database: Database, text: string) =>
  (await database.pglite!.query<T>(text)).rows;

/**
 * Everything a test could read of the database: each table's rows, the sequences, the statistics, the session.
 * The tenant setting as the app reads it (`currentTenant`, core/db/columns.ts): a session cannot forget a
 * setting it has defined, and after a reset it is '' where a new engine has none; the app reads both as none.
 */
async function state(database: Database) {
  const tables = await rows<{ name: string }>(
    database,
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = 'public' order by 1`,
  );
  const content: Record<string, unknown> = {};
  for (const { name } of tables) {
    [content[name]] = await rows(
      database,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as rows from ${name} t`,
    );
  }
  return {
    content,
    sequences: await rows(
      database,
      `select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`,
    ),
    statistics: await rows(
      database,
      `select c.relname, c.relpages, c.reltuples, c.relallvisible, (select count(*)::int from pg_statistic s where s.starelid = c.oid) as columns
         from pg_class c where c.relnamespace = 'public'::regnamespace order by 1`,
    ),
    session: await rows(
      database,
      `select current_user, current_setting('statement_timeout') as timeout, nullif(current_setting('app.tenant_id', true), '') as tenant,
              current_setting('session_replication_role') as replication, (select count(*)::int from pg_prepared_statements) as prepared`,
    ),
  };
}

describe.skipIf(onPostgres())(
  'PGlite engines reused between test files (PGlite only: PostgreSQL copies a template database)',
  () => {
    it('puts back the rows, sequences, statistics and session a file changed, and fences off its old handle', async () => {
      const fresh = await openCopy();
      const expected = await state(fresh);
      await fresh.close();

      const first = await leaseDatabase(KEY, openCopy);
      expect(await state(first)).toEqual(expected);
      const tables = Object.entries(expected.content) as [string, { n: number }][];
      const filled = tables.filter(([, t]) => t.n > 0).map(([name]) => name);
      const empty = tables.filter(([, t]) => t.n === 0).map(([name]) => name);
      expect(filled.length).toBeGreaterThan(5);
      // Every kind of write a file makes: rows changed, removed and added, sequences moved, session settings.
      await first.pglite!.exec(`
      set session_replication_role = replica;
      update sys_user set real_name = real_name || ' (changed)';
      delete from ${filled.filter((name) => name !== 'public.sys_user').join('; delete from ')};
      insert into dev_sms_outbox (tenant_id, phone, text) select id, '13800000000', 'x' from tenant;
      set statement_timeout = 4321;
      select set_config('app.tenant_id', '99', false);
      prepare left_over as select 1;
    `);
      await rows(
        first,
        `select ${expected.sequences.map((s) => `nextval('public.${(s as { sequencename: string }).sequencename}')`).join(', ')}`,
      );
      expect(await state(first)).not.toEqual(expected);
      expect(empty.length).toBeGreaterThan(0);
      await first.dispose();

      const reused = reuseCounts.reused;
      const second = await leaseDatabase(KEY, openCopy);
      expect(reuseCounts.reused).toBe(reused + 1);
      expect(await state(second)).toEqual(expected);
      // The first file's handle, kept by a timer it left, no longer reaches the engine.
      const stale = await first.db.execute(sql`select 1`).then(
        () => null,
        (err: Error) => err,
      );
      expect((stale?.cause as Error | undefined)?.message).toMatch(/disposed of/);
      await expect(first.pglite!.query('select 1')).rejects.toThrow(/disposed of/);
      await second.dispose();
    });

    it.each([
      ['a table created', 'create table public.reuse_probe (n int)'],
      ['statistics refreshed', 'analyze sys_user'],
      ['a grant', `grant select on sys_user to public`],
      ['a setting of the role', `alter role ${APP_ROLE} set statement_timeout = 1000`],
    ])('starts a new engine for the next file after %s', async (_, statement) => {
      const fresh = await openCopy();
      const expected = await state(fresh);
      await fresh.close();

      const changed = await leaseDatabase(KEY, openCopy);
      await changed.pglite!.exec(statement);
      await changed.dispose();
      const started = reuseCounts.started;
      const next = await leaseDatabase(KEY, openCopy);
      expect(reuseCounts.started).toBe(started + 1);
      expect(await state(next)).toEqual(expected);
      await next.dispose();
    });

    it('starts a new engine after a file that left a LISTEN open or closed its database', async () => {
      const listening = await leaseDatabase(KEY, openCopy);
      await listening.pglite!.listen('reuse_probe', () => undefined);
      await listening.dispose();
      let started = reuseCounts.started;
      const closing = await leaseDatabase(KEY, openCopy);
      expect(reuseCounts.started).toBe(started + 1);
      await closing.close();
      await closing.dispose();
      started = reuseCounts.started;
      const last = await leaseDatabase(KEY, openCopy);
      expect(reuseCounts.started).toBe(started + 1);
      // Not left idle in this worker: closing it ends the engine.
      await last.close();
    });
  },
);
