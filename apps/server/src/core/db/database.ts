import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensureAppRole } from './app-role';
import { NamedStatementClient, withNamedStatements } from './named-statements';

/** No schema object: queries name their tables, and nothing uses drizzle's relational queries. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** What queries inside a transaction run on: a drizzle transaction, or a handle bound to one connection. */
export type Tx = Db;

/** A transaction bound to one tenant, running as the app role under row-level security. */
export interface TenantScope {
  readonly tx: Tx;
  readonly tenantId: number;
  /**
   * Runs an effect outside the database once the transaction has committed, and never if it rolls
   * back: removing a file the committed rows no longer name. The effect must not throw (the request
   * has succeeded by then); it runs outside the transaction, so the system handle may be used.
   */
  readonly afterCommit?: (effect: () => Promise<void>) => void;
}

/** Owner access that bypasses row-level security: tenant lookup, token lookup, job claims, seeding. */
export interface SystemScope {
  readonly db: Db;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  readonly appRole: string;
  /** Runs `fn` in one transaction with the tenant set and the app role assumed; commits or rolls back whole. */
  withTenant<T>(tenantId: number, fn: (scope: TenantScope) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (PGlite has one connection): runs each part in a tenant transaction of its own, on a
   * connection of its own, at the same time, so one bulk write uses more than one core. May be called
   * inside a request's transaction, which it leaves alone. All or nothing: the parts commit only once
   * every one has finished, and a failure in any rolls back all. The commits follow one another, so when
   * a later one fails after an earlier one went through, `undo` runs for each committed part (its result,
   * in a new transaction) before the error is thrown. The parts must not wait for each other's rows
   * (disjoint keys), or they would wait for ever for a commit that comes after them.
   */
  inParallel?<T>(
    tenantId: number,
    parts: readonly ((scope: TenantScope) => Promise<T>)[],
    undo: (scope: TenantScope, result: T) => Promise<void>,
  ): Promise<T[]>;
  system: SystemScope;
  /** Raw access to the node-postgres pool (benchmarks, LISTEN); undefined on PGlite. */
  readonly pool?: pg.Pool;
  readonly pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` or undefined for an in-memory database. */
  dataDir?: string;
  /**
   * PGlite in memory only: start from this data-directory snapshot (`PGlite#dumpDataDir`) instead of an
   * empty cluster. The test suite starts every file this way.
   */
  loadDataDir?: Blob;
  poolSize?: number;
  appRole: string;
  /**
   * Leave the app role and its grants as they are (no `ensureAppRole`): for the crash tests' and
   * benchmarks' worker processes, which work a database the app or the test has opened before and do
   * not load the module list the grants are made from.
   */
  keepGrants?: boolean;
  migrationsDir: string;
  /** Name frequent statements so the database plans each once per connection (default true; core/db/named-statements.ts). */
  namedStatements?: boolean;
  /** PGlite only: server settings (`-c name=value` at start) in addition to PGlite's own. */
  pgliteSettings?: Readonly<Record<string, string>>;
  /**
   * PGlite only: the engine's compiled code and file bundle, read once by a process that starts many
   * databases (the test workers) instead of from the package's files at every start.
   */
  pgliteAssets?: PgliteAssets;
}

/** What every PGlite start reads from the package: its WebAssembly module and its file-system bundle. */
export interface PgliteAssets {
  wasmModule: NonNullable<PGliteOptions['pgliteWasmModule']>;
  fsBundle: Blob;
}

const MIGRATION_LOCK = 7262_0001;

/** Set while a tenant transaction runs, so system access inside one is caught (it would deadlock PGlite). */
const insideTenantTx = new AsyncLocalStorage<number>();

/**
 * The owner handle, guarded: using it inside a tenant transaction throws. On PGlite (one connection) that
 * would wait forever for the transaction's own connection; on PostgreSQL it would escape the transaction.
 */
function guardSystemDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const tenant = insideTenantTx.getStore();
        if (tenant !== undefined) {
          throw new Error(
            `system database access inside the transaction of tenant ${tenant}: use the tenant scope`,
          );
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

type TenantRunner = <T>(tenantId: number, fn: (scope: TenantScope) => Promise<T>) => Promise<T>;

function makeDatabase(
  kind: Database['kind'],
  db: Db,
  appRole: string,
  close: () => Promise<void>,
  extra: Partial<Database>,
  runTenant?: TenantRunner,
) {
  const setTenant = (tenantId: number) =>
    sql`select set_config('app.tenant_id', ${String(tenantId)}, true), set_config('role', ${appRole}, true)`;
  const guarded = guardSystemDb(db);
  const database: Database = {
    kind,
    db: guarded,
    appRole,
    system: { db: guarded },
    async withTenant(tenantId, fn) {
      if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
      if (insideTenantTx.getStore() !== undefined) throw new Error('tenant transactions do not nest');
      const effects: (() => Promise<void>)[] = [];
      const run = (scope: TenantScope) =>
        fn({ ...scope, afterCommit: (effect) => void effects.push(effect) });
      const result = runTenant
        ? await insideTenantTx.run(tenantId, () => runTenant(tenantId, run))
        : await guarded.transaction((tx) =>
            insideTenantTx.run(tenantId, async () => {
              await tx.execute(setTenant(tenantId));
              return run({ tx, tenantId });
            }),
          );
      for (const effect of effects) await effect();
      return result;
    },
    close,
    ...extra,
  };
  return database;
}

/**
 * Tenant transactions on node-postgres: BEGIN and the tenant and role settings go in one round trip (a
 * simple-protocol message of two statements; the tenant id is a checked integer and the role a checked
 * identifier, so nothing is interpolated that a client controls). Queries inside run on one drizzle
 * instance routed to the transaction's connection, built once rather than per request.
 */
function pgTenantRunner(pool: pg.Pool, appRole: string) {
  const current = new AsyncLocalStorage<pg.PoolClient>();
  const routed = {
    query: (...args: unknown[]) => {
      const client = current.getStore();
      if (!client) throw new Error('query outside its tenant transaction');
      return (client.query as (...a: unknown[]) => unknown)(...args);
    },
  };
  const bound = drizzlePg(routed as unknown as pg.PoolClient, { casing: 'snake_case' }) as unknown as Db;
  // A nested drizzle transaction would send its own BEGIN/COMMIT on this connection and end ours early.
  const tx = new Proxy(bound, {
    get(target, prop, receiver) {
      if (prop === 'transaction') throw new Error('tenant transactions do not nest');
      return Reflect.get(target, prop, receiver);
    },
  });
  const begin = (client: pg.PoolClient, tenantId: number) =>
    client.query(
      `begin; select set_config('app.tenant_id', '${tenantId}', true), set_config('role', '${appRole}', true)`,
    );
  const run: TenantRunner = async (tenantId, fn) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await begin(client, tenantId);
      // Awaited inside run(): a returned query builder executes only when awaited, and must see the connection.
      const result = await current.run(client, async () => await fn({ tx, tenantId }));
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.release(broken);
    }
  };
  async function inParallel<T>(
    tenantId: number,
    parts: readonly ((scope: TenantScope) => Promise<T>)[],
    undo: (scope: TenantScope, result: T) => Promise<void>,
  ): Promise<T[]> {
    const clients: pg.PoolClient[] = [];
    const broken = new Map<pg.PoolClient, Error>();
    const rollback = (c: pg.PoolClient) => c.query('rollback').catch((e: Error) => broken.set(c, e));
    try {
      for (const _ of parts) clients.push(await pool.connect());
      for (const c of clients) await begin(c, tenantId);
      // Every part runs to its end before anything is decided: a connection is never left mid-statement.
      const settled = await Promise.allSettled(
        parts.map((fn, i) => current.run(clients[i]!, async () => await fn({ tx, tenantId }))),
      );
      const failed = settled.find((r) => r.status === 'rejected');
      if (failed) {
        for (const c of clients) await rollback(c);
        throw failed.reason;
      }
      const results = settled.map((r) => (r as PromiseFulfilledResult<T>).value);
      let committed = 0;
      try {
        for (const c of clients) {
          await c.query('commit');
          committed += 1;
        }
      } catch (err) {
        for (const c of clients.slice(committed + 1)) await rollback(c);
        for (let i = 0; i < committed; i += 1) {
          await run(tenantId, (scope) => undo(scope, results[i]!));
        }
        throw err;
      }
      return results;
    } finally {
      for (const c of clients) c.release(broken.get(c));
    }
  }
  return { run, inParallel };
}

/** Opens the database, applies pending migrations and prepares the app role. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.namedStatements === false ? {} : { Client: NamedStatementClient }),
    });
    // An idle connection that the server drops (restart, failover, admin shutdown) must not crash the
    // process: the pool discards it and opens a new one on demand.
    pool.on('error', (err: Error & { code?: string }) => {
      if (err.code !== '57P01') process.stderr.write(`database connection lost: ${err.message}\n`);
    });
    const db = drizzlePg(pool, { casing: 'snake_case' }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several processes may start at once: one migrates, the others wait.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { casing: 'snake_case' }), {
        migrationsFolder: options.migrationsDir,
      });
      if (!options.keepGrants)
        await ensureAppRole((text) => client.query(text).then(() => undefined), options.appRole);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    const runner = pgTenantRunner(pool, options.appRole);
    return makeDatabase(
      'postgres',
      db,
      options.appRole,
      () => pool.end(),
      { pool, inParallel: runner.inParallel },
      runner.run,
    );
  }

  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  if (dataDir && options.loadDataDir) throw new Error('loadDataDir is for an in-memory database');
  // btree_gist: the exclusion constraints over time ranges (docs/appointments.md) need it, as on PostgreSQL.
  const settings = Object.entries(options.pgliteSettings ?? {});
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist },
    ...(options.pgliteAssets
      ? { pgliteWasmModule: options.pgliteAssets.wasmModule, fsBundle: options.pgliteAssets.fsBundle }
      : {}),
    ...(settings.length
      ? { startParams: [...PGlite.defaultStartParams, ...settings.flatMap(([k, v]) => ['-c', `${k}=${v}`])] }
      : {}),
  });
  await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), {
    migrationsFolder: options.migrationsDir,
  });
  if (!options.keepGrants)
    await ensureAppRole((text) => client.exec(text).then(() => undefined), options.appRole);
  return pgliteDatabase(client, options.appRole, { namedStatements: options.namedStatements });
}

/**
 * The app's handle on a PGlite engine that is open and migrated (`openDatabase` makes one per engine; the
 * server tests make one per test file over an engine they reset between files, apps/server/src/test/reuse.ts).
 * Closing it closes the engine.
 */
export function pgliteDatabase(
  client: PGlite,
  appRole: string,
  { namedStatements = true }: { namedStatements?: boolean } = {},
): Database {
  const queries = namedStatements ? withNamedStatements(client) : client;
  const db = drizzlePglite({ client: queries, casing: 'snake_case' }) as unknown as Db;
  return makeDatabase('pglite', db, appRole, () => client.close(), { pglite: client });
}

/**
 * Refreshes the planner's statistics of every table (`analyze`). PostgreSQL's autovacuum does this as
 * tables change, but PGlite runs no background worker, and a table never analyzed is planned from guesses:
 * the statement that loads the signed-in user's grants on every request took 15 ms on a freshly seeded
 * database and 4 ms once analyzed. Called after bulk seeding and, on PGlite, every hour
 * (`statistics.hourly`, modules/auth).
 */
export async function refreshStatistics(database: Database): Promise<void> {
  await database.system.db.execute(sql`analyze`);
}
