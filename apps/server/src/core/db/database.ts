import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { ensureAppRole } from './app-role';
import { NamedStatementClient } from './named-statements';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A transaction bound to one tenant, running as the app role under row-level security. */
export interface TenantScope {
  readonly tx: Tx;
  readonly tenantId: number;
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
  poolSize?: number;
  appRole: string;
  migrationsDir: string;
  /** PostgreSQL only: name frequent statements so each connection plans them once (default true). */
  namedStatements?: boolean;
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

function makeDatabase(
  kind: Database['kind'],
  db: Db,
  appRole: string,
  close: () => Promise<void>,
  extra: Partial<Database>,
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
      return guarded.transaction((tx) =>
        insideTenantTx.run(tenantId, async () => {
          await tx.execute(setTenant(tenantId));
          return fn({ tx, tenantId });
        }),
      );
    },
    close,
    ...extra,
  };
  return database;
}

/** Opens the database, applies pending migrations and prepares the app role. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.namedStatements === false ? {} : { Client: NamedStatementClient }),
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several processes may start at once: one migrates, the others wait.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { casing: 'snake_case' }), {
        migrationsFolder: options.migrationsDir,
      });
      await ensureAppRole((text) => client.query(text).then(() => undefined), options.appRole);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return makeDatabase('postgres', db, options.appRole, () => pool.end(), { pool });
  }

  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create(dataDir ? { dataDir } : {});
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(drizzlePglite(client, { casing: 'snake_case' }), {
    migrationsFolder: options.migrationsDir,
  });
  await ensureAppRole((text) => client.exec(text).then(() => undefined), options.appRole);
  return makeDatabase('pglite', db, options.appRole, () => client.close(), { pglite: client });
}
