// PGlite engines reused between the server test files of a worker, each put back to its template first.
//
// Starting a copy of a template costs 0.4 to 1 CPU-second in a test worker (the engine's files, the
// snapshot's 1,173 files, the database's start); putting an engine back to what its template holds costs
// about 0.15. A file still gets what a copy gave it: the template's rows, sequences and planner statistics,
// a session with nothing left from the previous file, and a handle that stops working once the file has
// disposed of it. An engine whose schema, catalog or statistics a file changed is closed, not reused.
import type { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase, type Database } from '../core/db/database';

/** Where an engine keeps what its template held, to put it back (tenant-isolation tests look only in public). */
const PRISTINE = 'test_reset';

/** The catalogs a schema change, a grant, a role, a setting or an `analyze` writes to. */
const CATALOGS = [
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_constraint',
  'pg_index',
  'pg_type',
  'pg_proc',
  'pg_trigger',
  'pg_policy',
  'pg_rewrite',
  'pg_namespace',
  'pg_sequence',
  'pg_extension',
  'pg_statistic',
  'pg_authid',
  'pg_auth_members',
  'pg_db_role_setting',
  'pg_database',
];

interface Engine {
  client: PGlite;
  appRole: string;
  /** One script that truncates every table, refills them from PRISTINE, sets the sequences and statistics back. */
  reset: string;
  /** The last transaction id of the latest reset: a catalog row written after it means the file changed the schema. */
  mark: string;
}

/** What a worker's engines went through, for the tests of this module. */
export const reuseCounts = { started: 0, reused: 0, closed: new Map<string, number>() };

/** At most one idle engine per template in a worker: a file with two databases starts its second. */
const idle = new Map<string, Engine>();

const q = (client: PGlite, text: string) => client.query<Record<string, unknown>>(text).then((r) => r.rows);

/** Saves what the engine's database holds now (a fresh copy of its template) and builds its reset. */
async function prepare(client: PGlite, appRole: string): Promise<Engine> {
  const tables = (await q(
    client,
    `select c.oid::int8 as oid, format('%I.%I', n.nspname, c.relname) as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle', '${PRISTINE}')
        and n.nspname not like 'pg\\_%' order by 2`,
  )) as { oid: number; name: string }[];
  const counts = (
    await q(
      client,
      `select ${tables.map((t, i) => `(select count(*) from ${t.name})::int as c${i}`).join(', ')}`,
    )
  )[0]!;
  const filled = tables.filter((_, i) => (counts[`c${i}`] as number) > 0);
  const save: string[] = [`create schema ${PRISTINE}`];
  const refill: string[] = [];
  for (const [i, table] of filled.entries()) {
    const [{ columns }] = (await q(
      client,
      `select string_agg(quote_ident(attname), ', ' order by attnum) as columns from pg_attribute
        where attrelid = ${table.oid} and attnum > 0 and not attisdropped and attgenerated = ''`,
    )) as [{ columns: string }];
    save.push(`create table ${PRISTINE}.t${i} as select ${columns} from ${table.name}`);
    refill.push(
      `insert into ${table.name} (${columns}) overriding system value select * from ${PRISTINE}.t${i}`,
    );
  }
  // Every relation of the app (tables, indexes, toast): a truncate sets its planner statistics to "never
  // analysed", which the reset puts back.
  save.push(
    `create table ${PRISTINE}.relstats as select oid, relpages, reltuples, relallvisible from pg_class where oid >= 16384`,
  );
  await client.exec(save.map((s) => `${s};`).join('\n'));
  const sequences = (await q(
    client,
    `select format('%I.%I', schemaname, sequencename) as name, coalesce(last_value, start_value)::text as value,
            last_value is not null as called
       from pg_sequences where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')`,
  )) as { name: string; value: string; called: boolean }[];
  const reset = [
    // The session as a new engine starts it.
    'reset all',
    'reset session authorization',
    'unlisten *',
    'select pg_advisory_unlock_all()',
    'deallocate all',
    'close all',
    // Rows exactly as saved: no trigger, no foreign-key check.
    'set session_replication_role = replica',
    `truncate ${tables.map((t) => t.name).join(', ')}`,
    ...refill,
    ...(sequences.length
      ? [`select ${sequences.map((s) => `setval('${s.name}', ${s.value}, ${s.called})`).join(', ')}`]
      : []),
    `update pg_class c set relpages = s.relpages, reltuples = s.reltuples, relallvisible = s.relallvisible
       from ${PRISTINE}.relstats s
      where c.oid = s.oid and (c.relpages, c.reltuples, c.relallvisible) is distinct from (s.relpages, s.reltuples, s.relallvisible)`,
    'reset session_replication_role',
  ]
    .map((s) => `${s};`)
    .join('\n');
  return { client, appRole, reset, mark: await markOf(client) };
}

const markOf = async (client: PGlite) =>
  String(((await q(client, 'select txid_current()::text as xid')) as [{ xid: string }])[0].xid);

/** The catalogs' rows written since the engine's last reset (0: the file changed no schema, grant, role or statistics). */
async function catalogWrites(engine: Engine): Promise<number> {
  const [{ n }] = (await q(
    engine.client,
    `select (${CATALOGS.map((c) => `(select count(*) from ${c} where xmin::text::int8 > ${engine.mark})`).join(' + ')})::int as n`,
  )) as [{ n: number }];
  return n;
}

interface Lease {
  released: boolean;
  closed: boolean;
  listeners: number;
}

/**
 * The engine as one file sees it: every call after the file disposed of it fails, as on a closed engine
 * (a timer the file left would otherwise write into the next file's database); LISTENs are counted, and
 * `close` closes the engine for good.
 */
function fenced(client: PGlite, lease: Lease): PGlite {
  const disposed = () => new Error('this test database was disposed of (its engine now serves another file)');
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (prop === 'listen') {
        return async (...args: unknown[]) => {
          if (lease.released) throw disposed();
          const stop = (await fn.apply(target, args)) as (...a: unknown[]) => Promise<void>;
          lease.listeners += 1;
          let stopped = false;
          return (...a: unknown[]) => {
            if (!stopped) lease.listeners -= 1;
            stopped = true;
            return stop(...a);
          };
        };
      }
      if (prop === 'close') {
        return () => {
          lease.closed = true;
          return fn.apply(target, []);
        };
      }
      // Rejected, as a closed engine's calls are (all but a few of PGlite's methods answer promises).
      return (...args: unknown[]) => (lease.released ? Promise.reject(disposed()) : fn.apply(target, args));
    },
  });
}

/**
 * A database for one test file on an engine that holds exactly what `key`'s template holds: an idle engine
 * of this worker put back to it, else one `open` starts. `dispose` hands the engine back for the next file,
 * or closes it when the file changed what a reset does not put back.
 */
export async function leaseDatabase(
  key: string,
  open: () => Promise<Database>,
): Promise<Database & { dispose(): Promise<void> }> {
  let engine = idle.get(key);
  idle.delete(key);
  if (engine) reuseCounts.reused += 1;
  else {
    const database = await open();
    engine = await prepare(database.pglite!, database.appRole);
    reuseCounts.started += 1;
  }
  const lease: Lease = { released: false, closed: false, listeners: 0 };
  const database = pgliteDatabase(fenced(engine.client, lease), engine.appRole);
  const own = engine;
  return Object.assign(database, { dispose: () => release(key, own, lease) });
}

async function release(key: string, engine: Engine, lease: Lease): Promise<void> {
  if (lease.released) return;
  lease.released = true;
  if (lease.closed || engine.client.closed) return;
  let reason: string | null = lease.listeners
    ? 'a LISTEN left open'
    : idle.has(key)
      ? 'another engine of its template is idle'
      : engine.client.isInTransaction()
        ? 'a transaction left open'
        : null;
  try {
    if (!reason && (await catalogWrites(engine))) reason = 'schema, grants or statistics changed';
    if (!reason) {
      await engine.client.exec(engine.reset);
      engine.mark = await markOf(engine.client);
      idle.set(key, engine);
      return;
    }
  } catch (err) {
    reason = `reset failed: ${(err as Error).message}`;
  }
  reuseCounts.closed.set(reason, (reuseCounts.closed.get(reason) ?? 0) + 1);
  await engine.client.close().catch(() => undefined);
}
