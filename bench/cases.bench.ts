// Benchmark of case work (docs/cases.md) on a real PostgreSQL 15, through the real HTTP app in this
// process. `npm run bench:cases -w @psy/bench`. Two figures:
//
//   1. a counsellor's case list with BENCH_CASES cases (POST /biz/consult/case/page, pages of 10 and 50,
//      closed loop, BENCH_CONCURRENCY in flight for BENCH_SECONDS). Target: p95 < 50 ms.
//   2. the file of a visitor with BENCH_RECORDS records, each of its own held session (GET
//      /biz/consult/profiles/file as the school administrator, one request at a time). Target: < 200 ms
//      server time (the answer's time on the loopback, so an upper bound of the server's).
//
// Settings (environment, defaults in brackets): BENCH_CASES [5000], BENCH_RECORDS [200],
// BENCH_CONCURRENCY [4], BENCH_SECONDS [8], BENCH_POOL [10].
import os from 'node:os';
import path from 'node:path';
import { HEADER, encryptPassword } from '@psy/contracts';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { hashPassword } from '@psy/server/src/core/security/password';
import { seedSchool } from '@psy/server/src/seed/school';
import { startTempPostgres } from './lib/pg-temp';
import { sha256Hex, signHeaders } from './lib/sign';
import { log, timed } from './lib/util';

const PASSWORD = 'Bench-Passw0rd!';
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return Math.round(v);
};
const cfg = {
  cases: num('BENCH_CASES', 5000),
  records: num('BENCH_RECORDS', 200),
  concurrency: num('BENCH_CONCURRENCY', 4),
  seconds: num('BENCH_SECONDS', 8),
  pool: num('BENCH_POOL', 10),
};
const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] ?? NaN };
};
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

async function main() {
  log(`cases bench: a counsellor with ${cfg.cases} cases; a visitor file with ${cfg.records} records`);
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
    const school = await timed('seed the school', () =>
      seedSchool(database, {
        code: 'casebench',
        name: 'Case Bench University',
        depts: [{ name: 'Centre' }, { name: 'Students' }],
        users: [
          {
            username: 'admin',
            password: PASSWORD,
            realName: 'Admin',
            roles: ['ROLE_ADMIN'],
            phone: '13800000001',
          },
          {
            username: 'counsellor',
            password: PASSWORD,
            realName: 'Counsellor',
            roles: ['ROLE_CONSULTANT'],
            phone: '13800000002',
          },
        ],
      }),
    );
    const tenantId = school.tenantId;
    const counsellorId = school.userIds.counsellor!;
    await timed(`${cfg.cases} visitors and their cases`, async () => {
      const h = await hashPassword(PASSWORD);
      await pool.query(
        `insert into sys_user (tenant_id, username, password_hash, real_name, number_name, phone, dept_id)
         select $1, 'stu' || g, $2, 'Student ' || g, 'S' || g, '139' || lpad(g::text, 8, '0'),
           (select id from dept where tenant_id = $1 and name = 'Students')
         from generate_series(1, $3::int) g`,
        [tenantId, h, cfg.cases],
      );
      // Most cases have ended; one in five is live; grades spread over 1-4.
      await pool.query(
        `insert into consult_case (tenant_id, visitor_id, counsellor_id, status, source, repeat_status, grade,
           grade_consistent, opened_at, updated_at, closed_at)
         select $1, u.id, $2, case when n % 5 = 0 then 'running' else 'finish' end, 12, 1, 1 + n % 4, n % 7 <> 0,
           now() - (n || ' hours')::interval, now() - (n || ' minutes')::interval,
           case when n % 5 = 0 then null else now() end
         from (select id, row_number() over (order by id) as n from sys_user
               where tenant_id = $1 and username like 'stu%') u`,
        [tenantId, counsellorId],
      );
    });
    const visitorId = Number(
      (
        await pool.query<{ id: string }>(
          `select id from sys_user where tenant_id = $1 and username = 'stu1'`,
          [tenantId],
        )
      ).rows[0]!.id,
    );
    await timed(`${cfg.records} held sessions and records of one visitor`, async () => {
      const caseId = Number(
        (
          await pool.query<{ id: string }>(
            `select id from consult_case where tenant_id = $1 and visitor_id = $2`,
            [tenantId, visitorId],
          )
        ).rows[0]!.id,
      );
      await pool.query(
        `insert into appointment (tenant_id, visitor_id, counsellor_id, type, category, starts_at, ends_at, status,
           interview_status, mode, source, booked_by, booked_by_staff, term_key)
         select $1, $2, $3, 2, 2, now() - (g || ' days')::interval, now() - (g || ' days')::interval + interval '50 minutes',
           'complete', 7, 1, 12, $3, true, 'bench'
         from generate_series(1, $4::int) g`,
        [tenantId, visitorId, counsellorId, cfg.records],
      );
      const formId = Number(
        (
          await pool.query<{ id: string }>(
            `insert into form (tenant_id, purpose, name, current_version) values ($1, 'case_record', '{"zh-CN":"r","en-US":"r"}', 1) returning id`,
            [tenantId],
          )
        ).rows[0]!.id,
      );
      await pool.query(
        `insert into case_record (tenant_id, case_id, appointment_id, kind, form_id, signed_at, lock_due_at, created_by, created_at)
         select $1, $2, a.id, 'session', $3, a.ends_at, a.ends_at + interval '7 days', $4, a.ends_at
         from appointment a where a.tenant_id = $1 and a.visitor_id = $5`,
        [tenantId, caseId, formId, counsellorId, visitorId],
      );
    });
    await pool.query('analyze');

    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: pgServer.url,
      DB_POOL_SIZE: String(cfg.pool),
      LOG_LEVEL: 'silent',
      LOGIN_IP_LIMIT_PER_MIN: '100000000',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      DATA_DIR: path.join(os.tmpdir(), 'psy-bench-cases'),
    });
    const { app } = await buildApp({ env, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    const key = (
      (await (
        await fetch(`${base}/auth/publicKey`, {
          headers: signHeaders({ method: 'GET', pathWithQuery: '/auth/publicKey' }),
        })
      ).json()) as { data: { keyId: string; spki: string } }
    ).data;
    const login = async (username: string) => {
      const body = new URLSearchParams({
        username,
        password: await encryptPassword(key, PASSWORD),
      }).toString();
      const p = '/auth/oauth/token?grant_type=password';
      const res = (await (
        await fetch(base + p, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            [HEADER.tenantId]: String(tenantId),
            ...signHeaders({ method: 'POST', pathWithQuery: p, body }),
          },
        })
      ).json()) as { data: { access_token: string } };
      return res.data.access_token;
    };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    type Data = any;
    const call = async (token: string, method: 'GET' | 'POST', p: string, body?: unknown): Promise<Data> => {
      const text = body === undefined ? undefined : JSON.stringify(body);
      const res = await fetch(base + p, {
        method,
        body: text,
        headers: {
          ...(text ? { 'content-type': 'application/json' } : {}),
          [HEADER.authorization]: `Bearer ${token}`,
          [HEADER.tenantId]: String(tenantId),
          ...signHeaders({ method, pathWithQuery: p, body: text, signingKey: sha256Hex(token) }),
        },
      });
      const json = (await res.json()) as { code: number; data: Data };
      if (res.status !== 200 || json.code !== 0)
        throw new Error(`${p}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return json.data;
    };
    const counsellor = await login('counsellor');
    const admin = await login('admin');

    // The plans of the list's and the file's statements (as the list and the file write them).
    const explain = async (label: string, text: string, params: unknown[]) => {
      const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
      log(`\n  plan: ${label}`);
      for (const row of plan.rows) log(`    ${row['QUERY PLAN']}`);
    };
    const mine = `c.tenant_id = $1 and c.counsellor_id = any('{${counsellorId}}'::bigint[])`;
    await explain('case list count', `select count(*)::int as n from consult_case c where ${mine}`, [
      tenantId,
    ]);
    await explain(
      'case list page (size 10, page 3)',
      `select c.*,
        (select count(*)::int from case_record r where r.tenant_id = c.tenant_id and r.case_id = c.id) as records,
        (select count(*)::int from case_record r where r.tenant_id = c.tenant_id and r.case_id = c.id
           and r.signed_at is null and (r.locked_at is not null or r.lock_due_at <= now())) as locked_records
       from consult_case c where ${mine} order by c.updated_at desc, c.id desc limit 10 offset 20`,
      [tenantId],
    );
    await explain(
      'the file: the visitor’s cases',
      `select c.* from consult_case c where c.tenant_id = $1 and c.visitor_id = $2 order by c.updated_at desc, c.id desc limit 500`,
      [tenantId, visitorId],
    );
    await explain(
      'the file: records of the cases',
      `select * from case_record r where r.tenant_id = $1
         and r.case_id in (select id from consult_case where tenant_id = $1 and visitor_id = $2)
       order by r.created_at, r.id`,
      [tenantId, visitorId],
    );

    log('\n1. the counsellor’s case list (target p95 < 50 ms)');
    for (const [label, body] of [
      ['all cases, size 10', { size: 10 }],
      ['all cases, size 50', { size: 50 }],
      ['live cases, size 10', { size: 10, live: true }],
    ] as const) {
      const sample = await call(counsellor, 'POST', '/biz/consult/case/page', { current: 1, ...body });
      const lat: number[] = [];
      const runFor = async (limit: number, record: boolean) => {
        const stop = performance.now() + limit;
        let page = 0;
        await Promise.all(
          Array.from({ length: cfg.concurrency }, async () => {
            while (performance.now() < stop) {
              const t = performance.now();
              page += 1;
              await call(counsellor, 'POST', '/biz/consult/case/page', { current: 1 + (page % 5), ...body });
              if (record) lat.push(performance.now() - t);
            }
          }),
        );
      };
      await runFor(1500, false);
      await runFor(cfg.seconds * 1000, true);
      const s = summary(lat);
      log(
        `  ${label.padEnd(22)} total ${String(sample.total).padStart(5)}  ${(lat.length / cfg.seconds).toFixed(0).padStart(4)} req/s  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)} ms`,
      );
    }

    log(`\n2. the visitor’s file with ${cfg.records} records (target < 200 ms)`);
    const file = await call(admin, 'GET', `/biz/consult/profiles/file?visitorId=${visitorId}`);
    const records = file.cases.reduce(
      (n: number, c: { recordList: unknown[] }) => n + c.recordList.length,
      0,
    );
    const lat: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const t = performance.now();
      await call(admin, 'GET', `/biz/consult/profiles/file?visitorId=${visitorId}`);
      if (i >= 5) lat.push(performance.now() - t);
    }
    const s = summary(lat);
    log(
      `  ${records} records: p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)} ms (${s.n} sequential requests)`,
    );
    log(
      '\nreproduce: npm run bench:cases -w @psy/bench   (BENCH_CASES, BENCH_RECORDS, BENCH_CONCURRENCY, BENCH_SECONDS)',
    );
    await app.close();
    await database.close();
  } finally {
    pgServer.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
