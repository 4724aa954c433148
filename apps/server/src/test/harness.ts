import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { encryptPassword, signRequest, HEADER, type TokenResponse } from '@psy/contracts';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../core/db/database';
import { loadEnv, SERVER_ROOT, type Env } from '../env';
import { seedSchool, type SchoolSeed, type SeededSchool } from '../seed/school';

const MIGRATIONS = path.join(SERVER_ROOT, 'drizzle');

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on the PostgreSQL server of
 * TEST_DATABASE_URL (the suite's second run).
 */
export async function createTestDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ appRole: 'psy_app', migrationsDir: MIGRATIONS });
    return Object.assign(database, { dispose: () => database.close() });
  }
  const { url, drop } = await createPostgresDatabase(base);
  const database = await openDatabase({ url, appRole: 'psy_app', migrationsDir: MIGRATIONS, poolSize: 5 });
  return Object.assign(database, {
    async dispose() {
      await database.close();
      await drop();
    },
  });
}

/** True when the suite runs against a real PostgreSQL server rather than PGlite. */
export const onPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

async function createPostgresDatabase(base: string) {
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A database that outlives the process using it, to test restarts: a PGlite data directory or a
 * PostgreSQL database. `open()` may be called again after the previous handle was closed.
 */
export async function createPersistentTestDatabase() {
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const { url, drop } = await createPostgresDatabase(base);
    return {
      open: () => openDatabase({ url, appRole: 'psy_app', migrationsDir: MIGRATIONS, poolSize: 5 }),
      dispose: drop,
      /** Where another process opens the same database. */
      location: { url } as { url?: string; dataDir?: string },
    };
  }
  const dir = path.join(os.tmpdir(), `psy-pglite-${randomUUID()}`);
  return {
    open: () => openDatabase({ dataDir: dir, appRole: 'psy_app', migrationsDir: MIGRATIONS }),
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

export const PASSWORD = 'Passw0rd!x';

/** Two small schools: 'alpha' (the one under test) and 'beta' (the other tenant for isolation checks). */
export const ALPHA: SchoolSeed = {
  code: 'alpha',
  name: 'Alpha University',
  depts: [{ name: 'Psychology Centre' }, { name: 'Engineering', children: [{ name: 'Class 2024' }] }],
  settings: [{ type: 'singleRoleSwitch', enable: true }],
  users: [
    {
      username: 'admin',
      password: PASSWORD,
      realName: 'Alpha Admin',
      roles: ['ROLE_ADMIN'],
      phone: '13800000001',
    },
    {
      username: 'counsellor',
      password: PASSWORD,
      realName: 'Alpha Counsellor',
      roles: ['ROLE_CONSULTANT'],
      phone: '13800000002',
    },
    {
      username: 'teacher',
      password: PASSWORD,
      realName: 'Alpha Teacher',
      roles: ['ROLE_CONSULTANT', 'ROLE_SUPERVISOR'],
      phone: '13800000003',
    },
    {
      // A sub-administrator limited to the Engineering subtree (data scope, spec S0.1.2).
      username: 'subadmin',
      password: PASSWORD,
      realName: 'Alpha Sub Admin',
      roles: ['ROLE_SUB_ADMIN'],
      phone: '13800000004',
      dept: 'Engineering',
    },
    {
      username: 'student',
      password: PASSWORD,
      realName: 'Alpha Student',
      roles: ['ROLE_GENERAL'],
      phone: '13900000001',
      dept: 'Class 2024',
    },
  ],
};

export const BETA: SchoolSeed = {
  code: 'beta',
  name: 'Beta College',
  users: [
    {
      username: 'admin',
      password: PASSWORD,
      realName: 'Beta Admin',
      roles: ['ROLE_ADMIN'],
      phone: '13800000001',
    },
    {
      username: 'student',
      password: PASSWORD,
      realName: 'Beta Student',
      roles: ['ROLE_GENERAL'],
      phone: '13900000009',
    },
  ],
};

export interface RequestOptions {
  token?: string;
  tenantId?: number | null;
  headers?: Record<string, string>;
  /** Skip signing (to test refusal) or sign with these overrides. */
  unsigned?: boolean;
  requestId?: string;
  now?: number;
  form?: boolean;
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

/** Builds the real app on a fresh database with the two schools, and a signing HTTP client for it. */
/** The captcha answer in tests (the real generator draws random text). */
export const TEST_CAPTCHA = 'k7pq';

export async function createTestContext(envOverrides: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const env = testEnv(envOverrides);
  const app = await buildApp({
    env,
    database,
    logger: false,
    captcha: () => ({ text: TEST_CAPTCHA, svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' }),
  });
  await app.app.ready();
  const alpha = await seedSchool(database, ALPHA);
  const beta = await seedSchool(database, BETA);

  const request = async (
    method: string,
    url: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<TestResponse> => {
    const payload =
      body === undefined
        ? undefined
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
