import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { encryptPassword, signRequest, HEADER, type TokenResponse } from '@psy/contracts';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../core/db/database';
import { rowsOf } from '../core/db/rows';
import { loadEnv, type Env } from '../env';
import type { SeededSchool } from '../seed/school';
import { leaseDatabase } from './reuse';
import { PASSWORD } from './schools';
import {
  APP_ROLE,
  MIGRATIONS,
  TEST_PGLITE_SETTINGS,
  createPostgresDatabase,
  extractSnapshot,
  openMigrated,
  readSnapshot,
  seedTestSchools,
  testPgliteAssets,
  type TestTemplates,
} from './template';

/**
 * The templates of this run (test/global-setup.ts), when they are of the database this file runs on;
 * undefined when the file runs without the global setup (then each file migrates and seeds its own).
 */
function templates(): TestTemplates | undefined {
  const provided = inject('serverTestTemplates') as TestTemplates | undefined;
  return provided?.kind === (onPostgres() ? 'postgres' : 'pglite') ? provided : undefined;
}

type TestDatabase = Database & { dispose(): Promise<void> };

/**
 * A database of its own for one test file, holding what the template `which` ('empty' or 'seeded') holds when
 * there is one: on PostgreSQL a copy of the template database; on PGlite an engine of this worker that an
 * earlier file used, put back to the template, or a new copy of its snapshot (reuse.ts).
 */
async function openCopy(which: 'empty' | 'seeded'): Promise<TestDatabase> {
  const tpl = templates();
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const open = () => openPgliteCopy(tpl?.[which]);
    // Without templates a file seeds its own schools: nothing to put an engine back to.
    if (!tpl) {
      const database = await open();
      return Object.assign(database, { dispose: () => database.close() });
    }
    return leaseDatabase(which, open);
  }
  const { url, drop } = await createPostgresDatabase(base, tpl?.[which]);
  const database = await openMigrated(url);
  return Object.assign(database, {
    async dispose() {
      await database.close();
      await drop();
    },
  });
}

/** A new PGlite engine holding the template snapshot `snapshot` (a fresh migrated database without one). */
export function openPgliteCopy(snapshot: string | undefined): Promise<Database> {
  return openDatabase({
    appRole: APP_ROLE,
    migrationsDir: MIGRATIONS,
    loadDataDir: snapshot ? readSnapshot(snapshot) : undefined,
    pgliteSettings: TEST_PGLITE_SETTINGS,
    pgliteAssets: testPgliteAssets(),
  });
}

/**
 * A fresh migrated database without schools for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL (the suite's second run).
 */
export function createTestDatabase(): Promise<TestDatabase> {
  return openCopy('empty');
}

/** True when the suite runs against a real PostgreSQL server rather than PGlite. */
export const onPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

/** A table's rows as the planner estimates them (`reltuples`, kept by analyze) and as counted. */
export async function plannerRows(database: Database, table: string) {
  const [row] = rowsOf<{ estimated: number; counted: number }>(
    await database.system.db.execute(sql`
      select (select reltuples from pg_class where relname = ${table})::int as estimated,
             (select count(*) from ${sql.identifier(table)})::int as counted`),
  );
  return row!;
}

/**
 * A database that outlives the process using it, to test restarts: a PGlite data directory or a
 * PostgreSQL database. `open()` may be called again after the previous handle was closed.
 */
export async function createPersistentTestDatabase() {
  const tpl = templates();
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const { url, drop } = await createPostgresDatabase(base, tpl?.empty);
    return {
      open: () => openMigrated(url),
      dispose: drop,
      /** Where another process opens the same database. */
      location: { url } as { url?: string; dataDir?: string },
    };
  }
  const dir = path.join(os.tmpdir(), `psy-pglite-${randomUUID()}`);
  if (tpl) extractSnapshot(tpl.empty, dir);
  return {
    open: () =>
      openDatabase({
        dataDir: dir,
        appRole: APP_ROLE,
        migrationsDir: MIGRATIONS,
        pgliteSettings: TEST_PGLITE_SETTINGS,
      }),
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
    location: { dataDir: dir } as { url?: string; dataDir?: string },
  };
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `psy-test-${randomUUID()}`),
    SMS_ADAPTER: 'dev',
    JOB_WORKERS: '0',
    LOGIN_IP_LIMIT_PER_MIN: '1000',
    ...overrides,
  });
}

export { ALPHA, BETA, PASSWORD } from './schools';

export interface RequestOptions {
  token?: string;
  tenantId?: number | null;
  headers?: Record<string, string>;
  /** Skip signing (to test refusal) or sign with these overrides. */
  unsigned?: boolean;
  requestId?: string;
  now?: number;
  form?: boolean;
  /** Sends `body` (a string) as it is under a JSON content type: a malformed body. */
  rawJson?: boolean;
}

export interface TestResponse {
  status: number;
  body: { code: number; msg: string; data: any };
  headers: Record<string, unknown>;
  raw: string;
}

export interface TestContext {
  app: App;
  database: Database & { dispose(): Promise<void> };
  alpha: SeededSchool;
  beta: SeededSchool;
  request(method: string, url: string, body?: unknown, opts?: RequestOptions): Promise<TestResponse>;
  get(url: string, opts?: RequestOptions): Promise<TestResponse>;
  post(url: string, body?: unknown, opts?: RequestOptions): Promise<TestResponse>;
  login(
    username: string,
    opts?: { tenantId?: number; password?: string; headers?: Record<string, string>; query?: string },
  ): Promise<TestResponse>;
  /** Logs in and answers the access token; fails the test if the login fails. */
  tokenFor(username: string, tenantId?: number): Promise<string>;
  close(): Promise<void>;
}

/** The captcha answer in tests (the real generator draws random text). */
export const TEST_CAPTCHA = 'k7pq';

/** Builds the real app on a fresh database with the two schools, and a signing HTTP client for it. */
export async function createTestContext(envOverrides: Record<string, string> = {}): Promise<TestContext> {
  const tpl = templates();
  const database = await openCopy('seeded');
  const env = testEnv(envOverrides);
  const app = await buildApp({
    env,
    database,
    logger: false,
    captcha: () => ({ text: TEST_CAPTCHA, svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
  });
  await app.app.ready();
  // A copy of the seeded template holds the schools already; the ids are the ones seeding answered.
  const { alpha, beta } = tpl ? structuredClone(tpl.schools) : await seedTestSchools(database);

  const request = async (
    method: string,
    url: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<TestResponse> => {
    const payload =
      body === undefined
        ? undefined
        : opts.rawJson
          ? String(body)
          : opts.form
            ? new URLSearchParams(body as Record<string, string>).toString()
            : JSON.stringify(body);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (payload !== undefined)
      headers['content-type'] = opts.form ? 'application/x-www-form-urlencoded' : 'application/json';
    if (opts.token) headers[HEADER.authorization] = `Bearer ${opts.token}`;
    const tenantId = opts.tenantId === undefined ? alpha.tenantId : opts.tenantId;
    if (tenantId !== null) headers[HEADER.tenantId] = String(tenantId);
    if (!opts.unsigned) {
      Object.assign(
        headers,
        await signRequest({
          method,
          pathWithQuery: url,
          body: payload,
          accessToken: opts.token,
          now: opts.now,
          requestId: opts.requestId,
        }),
        opts.headers ?? {},
      );
    }
    const res = await app.app.inject({ method: method as 'GET', url, payload, headers });
    let parsed: TestResponse['body'];
    try {
      parsed = res.json();
    } catch {
      parsed = { code: -1, msg: 'not json', data: null };
    }
    return { status: res.statusCode, body: parsed, headers: res.headers, raw: res.body };
  };

  let publicKey: { keyId: string; spki: string } | undefined;
  const login: TestContext['login'] = async (username, o = {}) => {
    if (!publicKey) publicKey = (await request('GET', '/auth/publicKey')).body.data;
    const password = await encryptPassword(publicKey!, o.password ?? PASSWORD);
    return request(
      'POST',
      `/auth/oauth/token?grant_type=password${o.query ?? ''}`,
      { username, password },
      {
        form: true,
        tenantId: o.tenantId ?? alpha.tenantId,
        headers: o.headers,
      },
    );
  };

  return {
    app,
    database,
    alpha,
    beta,
    request,
    get: (url, opts) => request('GET', url, undefined, opts),
    post: (url, body, opts) => request('POST', url, body, opts),
    login,
    async tokenFor(username, tenantId) {
      const res = await login(username, { tenantId });
      if (res.status !== 200) throw new Error(`login of ${username} failed: ${res.status} ${res.raw}`);
      return (res.body.data as TokenResponse).access_token;
    },
    async close() {
      await app.app.close();
      await database.dispose();
    },
  };
}
