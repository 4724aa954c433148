// Benchmark of the user list (GET /admin/user/page) with a name filter on a real PostgreSQL 15: one
// school with 100,000 users (plus a second school of 20,000, so the search keys must tell schools apart),
// first page through the real HTTP app. `npm run bench:users` at the repository root.
//
// The server runs in this process (buildApp + listen on 127.0.0.1); the load comes from this process too
// (signed fetch calls, closed loop), so latency includes the client's share of the CPU.
//
// Settings (environment, defaults in brackets):
//   BENCH_SECONDS [8]          measured seconds per scenario
//   BENCH_WARMUP_SECONDS [2]   unmeasured warm-up before each scenario
//   BENCH_CONCURRENCY [4]      requests in flight (closed loop)
//   BENCH_USERS [100000]       users of the measured school
//   BENCH_POOL [10]            database pool size
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import { HEADER, encryptPassword } from '@psy/contracts';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { hashPassword } from '@psy/server/src/core/security/password';
import { seedSchool, type SchoolSeed } from '@psy/server/src/seed/school';
import { startTempPostgres } from './lib/pg-temp';
import { sha256Hex, signHeaders } from './lib/sign';
import { log, timed } from './lib/util';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Passw0rd!';
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const cfg = {
  seconds: num('BENCH_SECONDS', 8),
  warmup: num('BENCH_WARMUP_SECONDS', 2),
  concurrency: Math.round(num('BENCH_CONCURRENCY', 4)),
  users: Math.round(num('BENCH_USERS', 100_000)),
  pool: Math.round(num('BENCH_POOL', 10)),
};

const school = (code: string): SchoolSeed => ({
  code,
  name: `Bench ${code}`,
  depts: [
    { name: 'Psychology Centre' },
    { name: 'Engineering', children: [{ name: 'Class 2024' }, { name: 'Class 2025' }] },
    { name: 'Arts', children: [{ name: 'Class A' }, { name: 'Class B' }] },
  ],
  users: [{ username: 'admin', password: PASSWORD, realName: 'Bench Admin', roles: ['ROLE_ADMIN'] }],
});

// Common surnames and given-name characters: realistic selectivity (a surname matches 1-10% of a school).
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建文斌宇浩凯晨欣怡子涵梓轩雨思佳一诺';

async function seedUsers(pool: Pool, code: string, n: number) {
  const hash = await hashPassword(PASSWORD);
  await pool.query(
    `insert into sys_user (tenant_id, username, password_hash, real_name, number_name, phone, sex, birthday, dept_id, user_type_id)
     select t.id, 'user' || lpad(g::text, 6, '0'), $1,
       substr($3, 1 + (hashint4(g) & 2147483647) % char_length($3), 1)
         || substr($4, 1 + (hashint4(g * 7) & 2147483647) % char_length($4), 1)
         || case when g % 3 = 0 then '' else substr($4, 1 + (hashint4(g * 13) & 2147483647) % char_length($4), 1) end,
       'S' || lpad(g::text, 7, '0'), '139' || lpad(g::text, 8, '0'), 1 + g % 2, date '2000-01-01' + g % 3000,
       (select id from dept where tenant_id = t.id and parent_id is not null order by id offset g % 6 limit 1),
       (select id from user_type where tenant_id = t.id order by id limit 1)
     from tenant t cross join generate_series(1, $2::int) g where t.code = $5`,
    [hash, n, SURNAMES, GIVEN, code],
  );
  await pool.query(
    `insert into user_role (tenant_id, user_id, role_id)
     select u.tenant_id, u.id, r.id from sys_user u
     join tenant t on t.id = u.tenant_id and t.code = $1
     join role r on r.tenant_id = u.tenant_id and r.role_code = 'ROLE_GENERAL'
     where u.username like 'user%'`,
    [code],
  );
}

interface Scenario {
  name: string;
  /** The query string of one request (a new term each time where the scenario has several). */
  query: (i: number) => string;
}

const pick = (s: string, i: number) => [...s][i % [...s].length]!;
const SCENARIOS: Scenario[] = [
  { name: 'no filter', query: () => 'current=1&size=10' },
  {
    name: 'realName, 1 character (surname)',
    query: (i) => `current=1&size=10&realName=${encodeURIComponent(pick(SURNAMES, i))}`,
  },
  {
    name: 'realName, 2 characters',
    query: (i) => `current=1&size=10&realName=${encodeURIComponent(pick(SURNAMES, i) + pick(GIVEN, i * 7))}`,
  },
  {
    name: 'realName, 3 characters',
    query: (i) =>
      `current=1&size=10&realName=${encodeURIComponent(pick(SURNAMES, i) + pick(GIVEN, i * 7) + pick(GIVEN, i * 13))}`,
  },
  {
    name: 'username contains (4 digits)',
    query: (i) => `current=1&size=10&username=${String(i % 10000).padStart(4, '0')}`,
  },
  { name: 'realName, no match', query: () => `current=1&size=10&realName=${encodeURIComponent('无此人名')}` },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  log(
    `users-list bench: ${cfg.users} users in one school, ${cfg.concurrency} in flight, ${cfg.seconds} s per scenario`,
  );
  log('\nset-up');
  const pgServer = await timed('PostgreSQL 15 (temporary cluster)', () => startTempPostgres());
  try {
    const database = await timed('migrations', () =>
      openDatabase({
        url: pgServer.url,
        poolSize: cfg.pool,
        appRole: 'psy_app',
        migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
      }),
    );
    const pool = database.pool!;
    await timed('seed schools', async () => {
      await seedSchool(database, school('bench001'));
      await seedSchool(database, school('bench002'));
    });
    await timed(
      `bulk insert of ${cfg.users} + 20000 users (search keys by the expression index)`,
      async () => {
        await seedUsers(pool, 'bench001', cfg.users);
        await seedUsers(pool, 'bench002', 20_000);
        await pool.query('vacuum analyze');
      },
    );
    const size = await pool.query<{ idx: string; tbl: string }>(
      `select pg_size_pretty(pg_relation_size('sys_user_search_idx')) as idx, pg_size_pretty(pg_relation_size('sys_user')) as tbl`,
    );
    log(`  sys_user ${size.rows[0]!.tbl}, search-key GIN index ${size.rows[0]!.idx}`);

    if (process.env.BENCH_EXPLAIN === '1') {
      const tid = (await pool.query<{ id: string }>(`select id from tenant where code = 'bench001'`)).rows[0]!
        .id;
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          `select set_config('app.tenant_id', $1, true), set_config('role', 'psy_app', true)`,
          [tid],
        );
        for (const q of [
          `explain analyze select count(*) from sys_user u where u.tenant_id = ${tid} and not u.del_flag`,
          `explain analyze select count(*) from sys_user u where u.tenant_id = ${tid} and not u.del_flag and u.id = any(array(select user_search_ids(user_search_term_keys(${tid}, 'r', '王')))) and strpos(u.real_name, '王') > 0`,
          `explain analyze select u.id from sys_user u where u.tenant_id = ${tid} and not u.del_flag and u.id = any(array(select user_search_ids(user_search_term_keys(${tid}, 'u', '0123')))) and strpos(u.username, '0123') > 0 order by u.id desc limit 10`,
        ]) {
          const r = await client.query(q);
          log(r.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n'));
        }
        await client.query('rollback');
      } finally {
        client.release();
      }
    }

    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: pgServer.url,
      DB_POOL_SIZE: String(cfg.pool),
      LOG_LEVEL: 'silent',
      JOB_WORKERS: '0',
      LOGIN_IP_LIMIT_PER_MIN: '100000000',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      DATA_DIR: path.join(os.tmpdir(), 'psy-bench-users'),
    });
    const { app } = await buildApp({ env, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    const tenantId = String(
      (await pool.query<{ id: string }>(`select id from tenant where code = 'bench001'`)).rows[0]!.id,
    );

    const key = (await (
      await fetch(`${base}/auth/publicKey`, {
        headers: signHeaders({ method: 'GET', pathWithQuery: '/auth/publicKey' }),
      })
    ).json()) as {
      data: { keyId: string; spki: string };
    };
    const body = new URLSearchParams({
      username: 'admin',
      password: await encryptPassword(key.data, PASSWORD),
    }).toString();
    const loginPath = '/auth/oauth/token?grant_type=password';
    const login = (await (
      await fetch(base + loginPath, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          [HEADER.tenantId]: tenantId,
          ...signHeaders({ method: 'POST', pathWithQuery: loginPath, body }),
        },
      })
    ).json()) as { data: { access_token: string } };
    const token = login.data.access_token;
    const signingKey = sha256Hex(token);

    const call = async (qs: string) => {
      const pathWithQuery = `/admin/user/page?${qs}`;
      const res = await fetch(base + pathWithQuery, {
        headers: {
          [HEADER.authorization]: `Bearer ${token}`,
          [HEADER.tenantId]: tenantId,
          ...signHeaders({ method: 'GET', pathWithQuery, signingKey }),
        },
      });
      const json = (await res.json()) as { code: number; data: { total: number; records: unknown[] } };
      if (res.status !== 200 || json.code !== 0)
        throw new Error(`HTTP ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
      return json.data;
    };

    if (process.env.BENCH_SLOWLOG) {
      await pool.query(`alter system set log_min_duration_statement = ${Number(process.env.BENCH_SLOWLOG)}`);
      await pool.query('select pg_reload_conf()');
    }
    const results: Record<string, unknown>[] = [];
    log('\nscenarios (first page, size 10, admin of the 100,000-user school)');
    for (const s of SCENARIOS) {
      const sample = await call(s.query(1));
      let counter = 0;
      const lat: number[] = [];
      let errors = 0;
      let rssPeak = 0;
      const run = async (ms: number, record: boolean) => {
        const stop = performance.now() + ms;
        await Promise.all(
          Array.from({ length: cfg.concurrency }, async () => {
            while (performance.now() < stop) {
              const i = counter++;
              const t0 = performance.now();
              try {
                await call(s.query(i));
                if (record) lat.push(performance.now() - t0);
              } catch {
                errors += 1;
              }
              rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
            }
          }),
        );
      };
      await run(cfg.warmup * 1000, false);
      const t0 = performance.now();
      await run(cfg.seconds * 1000, true);
      const secs = (performance.now() - t0) / 1000;
      lat.sort((a, b) => a - b);
      const mem = process.memoryUsage();
      const r = {
        scenario: s.name,
        sampleTotal: sample.total,
        requests: lat.length,
        errors,
        rps: +(lat.length / secs).toFixed(1),
        p50: +pct(lat, 50).toFixed(2),
        p95: +pct(lat, 95).toFixed(2),
        p99: +pct(lat, 99).toFixed(2),
        max: +lat[lat.length - 1]!.toFixed(2),
        rssMb: Math.round(mem.rss / 2 ** 20),
        peakRssMb: Math.round(rssPeak / 2 ** 20),
        heapUsedMb: Math.round(mem.heapUsed / 2 ** 20),
      };
      results.push(r);
      log(
        `  ${s.name.padEnd(34)} matches(1st term) ${String(sample.total).padStart(6)}  ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  max ${r.max} ms  errors ${errors}  rss ${r.rssMb} MB`,
      );
    }
    await app.close();
    await database.close();
    const worstP95 = Math.max(...results.map((r) => r.p95 as number));
    log(`\nworst p95 ${worstP95} ms (target < 50 ms): ${worstP95 < 50 ? 'met' : 'MISSED'}`);
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    const file = path.join(
      HERE,
      'results',
      `users-list-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    fs.writeFileSync(file, JSON.stringify({ cfg, cpus: os.cpus().length, results }, null, 2));
    log(`results: ${path.relative(process.cwd(), file)}`);
    log(
      `reproduce: BENCH_SECONDS=${cfg.seconds} BENCH_CONCURRENCY=${cfg.concurrency} BENCH_USERS=${cfg.users} npm run bench:users`,
    );
    if (results.some((r) => (r.errors as number) > 0)) process.exitCode = 1;
  } finally {
    if (process.env.BENCH_SLOWLOG) {
      const text = fs.readFileSync(path.join(pgServer.dir, 'log'), 'utf8');
      log(
        text
          .split('\n')
          .filter((l) => l.includes('duration') && !/del_flag$/.test(l))
          .slice(0, 12)
          .join('\n'),
      );
    }
    pgServer.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
