// Benchmark of every list of the administration area at a large school, on a real PostgreSQL 15: one
// school of 500,000 users (and a second school of 20,000, so every key must tell schools apart), seeded
// with plain SQL as the owner (generate_series; the search-key GIN index is built once afterwards), with
// the data the other lists show at a matching scale (access-log rows, notices read by most of the school,
// messages, download tasks, client logs, consents, emergency contacts, dictionaries). The server runs in
// this process (buildApp + listen) and the school's administrator (who holds every permission key) calls
// each list through HTTP, signed, in a closed loop. `npm run bench:lists` at the repository root.
//
// For each list it prints p50 / p95 / p99 and, for the lists whose p95 is over the target (or all with
// BENCH_EXPLAIN=1), the EXPLAIN (ANALYZE, BUFFERS) of the slowest statement the request ran (recorded from
// the server's own connection). BENCH_BASELINE=<results json> prints the figures of an earlier run beside
// (before / after).
//
// Settings (environment, defaults in brackets):
//   BENCH_USERS [500000]       users of the measured school
//   BENCH_SECONDS [3]          measured seconds per list
//   BENCH_WARMUP_SECONDS [1]   unmeasured warm-up before each list
//   BENCH_CONCURRENCY [1]      requests in flight (closed loop)
//   BENCH_ONLY=<text>          only the lists whose name contains the text
//   BENCH_EXPLAIN=1            explain every list, not only the slow ones
//   BENCH_BASELINE=<file>      an earlier results file to compare with
//   BENCH_DATABASE_URL=<url>   an existing database (as its owner) instead of a temporary cluster: seeded
//                              on the first run, reused as it is later (seeding takes minutes)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import { HEADER, encryptPassword } from '@psy/contracts';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { hashPassword } from '@psy/server/src/core/security/password';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { seedSchool } from '@psy/server/src/seed/school';
import { captureStatements, type CapturedStatement } from './lib/pg-capture';
import { startTempPostgres } from './lib/pg-temp';
import { sha256Hex, signHeaders } from './lib/sign';
import { log, timed } from './lib/util';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Passw0rd!';
const TARGET_P95_MS = 100;
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const cfg = {
  users: Math.round(num('BENCH_USERS', 500_000)),
  seconds: num('BENCH_SECONDS', 3),
  warmup: num('BENCH_WARMUP_SECONDS', 1),
  concurrency: Math.round(num('BENCH_CONCURRENCY', 1)),
  only: process.env.BENCH_ONLY ?? '',
  explainAll: process.env.BENCH_EXPLAIN === '1',
  baseline: process.env.BENCH_BASELINE ?? '',
};

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建文斌宇浩凯晨欣怡子涵梓轩雨思佳一诺';
const COLLEGES = 30;
const CLASSES_PER_COLLEGE = 20;

/** What the lists refer to: ids found after seeding. */
interface Ids {
  tenantId: number;
  adminId: number;
  collegeId: number;
  classId: number;
  roleGeneral: number;
  roleConsultant: number;
  userTypeId: number;
  dictId: number;
  someUserId: number;
}

/**
 * The large school, in SQL as the owner: departments (30 colleges of 20 classes), `n` users spread over
 * the classes (1 in 1,000 locked, two user types, every 500th a counsellor too), then what the other
 * lists show. The GIN index of the search keys is dropped and built once after the insert.
 */
async function seedLargeSchool(pool: Pool, code: string, n: number, extras: boolean) {
  const tid = Number((await pool.query(`select id from tenant where code = $1`, [code])).rows[0].id);
  const hash = await hashPassword(PASSWORD);
  await pool.query(
    `insert into dept (tenant_id, parent_id, name, sort)
     select $1, null, 'College ' || c, c from generate_series(1, $2::int) c`,
    [tid, COLLEGES],
  );
  await pool.query(
    `insert into dept (tenant_id, parent_id, name, sort)
     select d.tenant_id, d.id, d.name || ' class ' || k, k
     from dept d cross join generate_series(1, $2::int) k
     where d.tenant_id = $1 and d.parent_id is null and d.name like 'College %'`,
    [tid, CLASSES_PER_COLLEGE],
  );
  await pool.query(
    `insert into user_type (tenant_id, name, code, sort) values ($1, 'Postgraduate', 'postgrad', 9)
     on conflict do nothing`,
    [tid],
  );
  await pool.query(
    `with classes as (select array_agg(id order by id) as ids from dept
                      where tenant_id = $1 and parent_id is not null and name like 'College %'),
          types as (select array_agg(id order by id) as ids from user_type where tenant_id = $1)
     insert into sys_user (tenant_id, username, password_hash, real_name, number_name, phone, sex, birthday,
                           dept_id, user_type_id, status)
     select $1, 'user' || lpad(g::text, 7, '0'), $2,
       substr($4, 1 + (hashint4(g) & 2147483647) % char_length($4), 1)
         || substr($5, 1 + (hashint4(g * 7) & 2147483647) % char_length($5), 1)
         || case when g % 3 = 0 then '' else substr($5, 1 + (hashint4(g * 13) & 2147483647) % char_length($5), 1) end,
       'S' || lpad(g::text, 8, '0'), '139' || lpad(g::text, 8, '0'), 1 + g % 2, date '2000-01-01' + g % 3000,
       classes.ids[1 + g % array_length(classes.ids, 1)],
       types.ids[1 + g % array_length(types.ids, 1)],
       case when g % 1000 = 0 then 'locked' else 'active' end
     from classes, types, generate_series(1, $3::int) g`,
    [tid, hash, n, SURNAMES, GIVEN],
  );
  await pool.query(
    `insert into user_role (tenant_id, user_id, role_id)
     select u.tenant_id, u.id, r.id from sys_user u
     join role r on r.tenant_id = u.tenant_id and r.role_code = 'ROLE_GENERAL'
     where u.tenant_id = $1 and u.username like 'user%'`,
    [tid],
  );
  await pool.query(
    `insert into user_role (tenant_id, user_id, role_id)
     select u.tenant_id, u.id, r.id from sys_user u
     join role r on r.tenant_id = u.tenant_id and r.role_code = 'ROLE_CONSULTANT'
     where u.tenant_id = $1 and u.username like 'user%' and u.id % 500 = 0`,
    [tid],
  );
  if (!extras) return tid;
  const admin = Number(
    (await pool.query(`select id from sys_user where tenant_id = $1 and username = 'admin'`, [tid])).rows[0]
      .id,
  );
  // A million unmasked reads by the administrator (the user list writes ten per page it shows).
  await pool.query(
    `insert into personal_data_access_log (tenant_id, viewer_id, subject_id, fields, route, created_at)
     select $1, $2, u.id, '{phone}', 'GET /admin/user/page', now() - (g || ' seconds')::interval
     from generate_series(1, 1000000) g
     join sys_user u on u.tenant_id = $1 and u.username = 'user' || lpad((1 + g % $3)::text, 7, '0')`,
    [tid, admin, n],
  );
  // 300 notices for everyone; the five newest read by 300,000 users each.
  await pool.query(
    `insert into notice (tenant_id, title, content, publisher_id, publish_time, status)
     select $1, 'Notice ' || g, '<p>text</p>', $2, now() - (g || ' hours')::interval, 1
     from generate_series(1, 300) g`,
    [tid, admin],
  );
  await pool.query(
    `insert into notice_read (tenant_id, notice_id, user_id)
     select $1, nt.id, u.id
     from (select id from notice where tenant_id = $1 order by publish_time desc limit 5) nt
     cross join (select id from sys_user where tenant_id = $1 and username like 'user%' order by id limit 300000) u`,
    [tid],
  );
  // Messages: 20,000 in the administrator's inbox, a million in others'.
  await pool.query(
    `insert into message (tenant_id, user_id, type_code, title, content, status, create_time)
     select $1, $2, 'SYSTEM', 'Message ' || g, 'text', (g % 2)::smallint, now() - (g || ' minutes')::interval
     from generate_series(1, 20000) g`,
    [tid, admin],
  );
  await pool.query(
    `insert into message (tenant_id, user_id, type_code, title, content, status, create_time)
     select $1, u.id, 'SYSTEM', 'Message', 'text', 1, now() - (g || ' minutes')::interval
     from generate_series(1, 1000000) g
     join sys_user u on u.tenant_id = $1 and u.username = 'user' || lpad((1 + g % $2)::text, 7, '0')`,
    [tid, n],
  );
  // 3,000 finished import and export tasks of the administrator.
  await pool.query(
    `insert into task_progress (tenant_id, task_type, task_status, file_name, create_user_id, create_user_name,
       dept_id, total_progress, current_progress, total_count, success_count, create_time, finish_time)
     select $1, (g % 3)::smallint, 2, 'file-' || g || '.xlsx', $2, 'Bench Admin',
       (select id from dept where tenant_id = $1 and parent_id is null order by id limit 1), 1000, 1000, 1000, 1000,
       now() - (g || ' hours')::interval, now() - (g || ' hours')::interval
     from generate_series(1, 3000) g`,
    [tid, admin],
  );
  // 300,000 client error-log entries, 400,000 consents, 300,000 emergency contacts.
  await pool.query(
    `insert into client_log (tenant_id, user_id, type, url, message, time, create_time)
     select $1, u.id, case when g % 2 = 0 then 'error' else 'warn' end, '/wel/index', 'boom', '2026-01-01',
       now() - (g || ' seconds')::interval
     from generate_series(1, 300000) g
     join sys_user u on u.tenant_id = $1 and u.username = 'user' || lpad((1 + g % $2)::text, 7, '0')`,
    [tid, n],
  );
  await pool.query(
    `insert into agreement_record (tenant_id, user_id, form_name, agreed_at)
     select $1, id, 'Informed consent', now() - (id % 100000 || ' seconds')::interval
     from sys_user where tenant_id = $1 and username like 'user%' order by id limit 400000`,
    [tid],
  );
  await pool.query(
    `insert into emergency_contact (tenant_id, user_id, name, phone, relation)
     select $1, id, 'Parent', '13700000000', 'parent'
     from sys_user where tenant_id = $1 and username like 'user%' order by id limit 300000`,
    [tid],
  );
  // 50 more dictionaries of 30 items.
  await pool.query(
    `insert into dict_type (tenant_id, name, description) select $1, 'benchDict' || g, 'bench' from generate_series(1, 50) g`,
    [tid],
  );
  await pool.query(
    `insert into dict_item (tenant_id, dict_id, value, label, sort)
     select d.tenant_id, d.id, k::text, 'Item ' || k, k from dict_type d cross join generate_series(1, 30) k
     where d.tenant_id = $1 and d.name like 'benchDict%'`,
    [tid],
  );
  return tid;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  /** Path with query (GET) for the i-th request. */
  path: (ids: Ids, i: number) => string;
  body?: (ids: Ids, i: number) => unknown;
}

const pick = (s: string, i: number) => [...s][i % [...s].length]!;
const page = (current: number, size = 10) => `current=${current}&size=${size}`;

const SCENARIOS: Scenario[] = [
  { name: 'roles: /admin/role/page', method: 'GET', path: () => `/admin/role/page?${page(1)}` },
  { name: 'roles: /admin/inner/role/list', method: 'GET', path: () => '/admin/inner/role/list' },
  { name: 'users: /admin/user/simple (no name)', method: 'GET', path: () => '/admin/user/simple' },
  {
    name: 'users: /admin/user/simple?name=<2 characters>',
    method: 'GET',
    path: (_, i) => `/admin/user/simple?name=${encodeURIComponent(pick(SURNAMES, i) + pick(GIVEN, i * 7))}`,
  },
  {
    name: 'users: /admin/user/simple?deptId=<college>',
    method: 'GET',
    path: (ids) => `/admin/user/simple?deptId=${ids.collegeId}`,
  },
  { name: 'users: /admin/user/page, no filter', method: 'GET', path: () => `/admin/user/page?${page(1)}` },
  {
    name: 'users: /admin/user/page, page 2,000',
    method: 'GET',
    path: () => `/admin/user/page?${page(2000)}`,
  },
  {
    name: 'users: /admin/user/page, last page (50,000)',
    method: 'GET',
    path: () => `/admin/user/page?${page(Math.ceil(cfg.users / 10))}`,
  },
  {
    name: 'users: /admin/user/page?deptId=<college subtree>',
    method: 'GET',
    path: (ids) => `/admin/user/page?${page(1)}&deptId=${ids.collegeId}`,
  },
  {
    name: 'users: /admin/user/page?deptId=<class>',
    method: 'GET',
    path: (ids) => `/admin/user/page?${page(1)}&deptId=${ids.classId}`,
  },
  {
    name: 'users: /admin/user/page?roleId=<ROLE_GENERAL>',
    method: 'GET',
    path: (ids) => `/admin/user/page?${page(1)}&roleId=${ids.roleGeneral}`,
  },
  {
    name: 'users: /admin/user/page?roleId=<counsellor>',
    method: 'GET',
    path: (ids) => `/admin/user/page?${page(1)}&roleId=${ids.roleConsultant}`,
  },
  {
    name: 'users: /admin/user/page?status=locked',
    method: 'GET',
    path: () => `/admin/user/page?${page(1)}&status=locked`,
  },
  {
    name: 'users: /admin/user/page?userTypeId=',
    method: 'GET',
    path: (ids) => `/admin/user/page?${page(1)}&userTypeId=${ids.userTypeId}`,
  },
  {
    name: 'users: /admin/user/page?realName=<surname>',
    method: 'GET',
    path: (_, i) => `/admin/user/page?${page(1)}&realName=${encodeURIComponent(pick(SURNAMES, i))}`,
  },
  {
    name: 'users: /admin/user/page?realName=<2 characters>',
    method: 'GET',
    path: (_, i) =>
      `/admin/user/page?${page(1)}&realName=${encodeURIComponent(pick(SURNAMES, i) + pick(GIVEN, i * 7))}`,
  },
  {
    name: 'users: /admin/user/page?username=<4 digits>',
    method: 'GET',
    path: (_, i) => `/admin/user/page?${page(1)}&username=${String(i % 10000).padStart(4, '0')}`,
  },
  {
    name: 'users: /admin/user/page?phone=<11 digits>',
    method: 'GET',
    path: (_, i) => `/admin/user/page?${page(1)}&phone=139${String(1 + (i % cfg.users)).padStart(8, '0')}`,
  },
  { name: 'users: /admin/user/accessLog', method: 'GET', path: () => `/admin/user/accessLog?${page(1)}` },
  {
    name: 'users: /admin/user/accessLog, page 5,000',
    method: 'GET',
    path: () => `/admin/user/accessLog?${page(5000)}`,
  },
  {
    name: 'users: /admin/user/accessLog?subjectId=',
    method: 'GET',
    path: (ids) => `/admin/user/accessLog?${page(1)}&subjectId=${ids.someUserId}`,
  },
  { name: 'departments: /admin/dept/tree', method: 'GET', path: () => '/admin/dept/tree' },
  { name: 'departments: /admin/dept/inner/tree', method: 'GET', path: () => '/admin/dept/inner/tree' },
  {
    name: 'departments: /admin/dept/inner/tree?parentId=',
    method: 'GET',
    path: (ids) => `/admin/dept/inner/tree?parentId=${ids.collegeId}`,
  },
  {
    name: 'user types: /admin/uType/getUserTypeNoPage',
    method: 'GET',
    path: () => '/admin/uType/getUserTypeNoPage',
  },
  { name: 'dictionaries: /admin/dict/page', method: 'GET', path: () => `/admin/dict/page?${page(1)}` },
  {
    name: 'dictionaries: /admin/dict/item/list',
    method: 'GET',
    path: (ids) => `/admin/dict/item/list?dictId=${ids.dictId}`,
  },
  {
    name: 'notices: /biz/message/notice/managePage',
    method: 'GET',
    path: () => `/biz/message/notice/managePage?${page(1)}`,
  },
  {
    name: 'notices: /biz/message/notice/page',
    method: 'GET',
    path: () => `/biz/message/notice/page?${page(1)}`,
  },
  {
    name: 'messages: /biz/message/message/myMessageByType',
    method: 'GET',
    path: () => `/biz/message/message/myMessageByType?${page(1)}`,
  },
  {
    name: 'messages: myMessageByType, page 1,000',
    method: 'GET',
    path: () => `/biz/message/message/myMessageByType?${page(1000)}`,
  },
  {
    name: 'messages: /biz/message/messageManager/list',
    method: 'GET',
    path: () => `/biz/message/messageManager/list?${page(1)}`,
  },
  {
    name: 'downloads: findMineFinishTask',
    method: 'POST',
    path: () => '/biz/download/taskProgress/findMineFinishTask',
    body: () => ({ current: 1, size: 10, category: 'import' }),
  },
  {
    name: 'downloads: findAllFinishTask',
    method: 'POST',
    path: () => '/biz/download/taskProgress/findAllFinishTask',
    body: () => ({ current: 1, size: 10, category: 'import' }),
  },
  { name: 'logs: /admin/log/dynamicLog', method: 'GET', path: () => `/admin/log/dynamicLog?${page(1)}` },
  {
    name: 'logs: /admin/log/dynamicLog?type=error',
    method: 'GET',
    path: () => `/admin/log/dynamicLog?${page(1)}&type=error`,
  },
  {
    name: 'agreements: /admin/agreement/list',
    method: 'POST',
    path: () => '/admin/agreement/list',
    body: () => ({ current: 1, size: 10 }),
  },
  {
    name: 'emergency contacts: /admin/emergencyContact/list',
    method: 'POST',
    path: () => '/admin/emergencyContact/list',
    body: (ids) => ({ userId: ids.someUserId }),
  },
  { name: 'forms: /biz/public/forms/ite', method: 'GET', path: () => `/biz/public/forms/ite?${page(1)}` },
  { name: 'forms: /biz/public/forms/type', method: 'GET', path: () => `/biz/public/forms/type?${page(1)}` },
  {
    name: 'key persons: /biz/focus/setting/1/page',
    method: 'POST',
    path: () => '/biz/focus/setting/1/page',
    body: () => ({ current: 1, size: 10 }),
  },
  {
    name: 'settings: /biz/public/setting/manage/list',
    method: 'GET',
    path: () => '/biz/public/setting/manage/list',
  },
  {
    name: 'products: /admin/products/tenant/findTenantProductList',
    method: 'GET',
    path: () => '/admin/products/tenant/findTenantProductList',
  },
];

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

interface Result {
  list: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  firstError: string | null;
}

async function main() {
  log(
    `admin-lists bench: ${cfg.users} users in one school, ${cfg.concurrency} in flight, ${cfg.seconds} s per list`,
  );
  log('\nset-up');
  const pgServer = process.env.BENCH_DATABASE_URL
    ? { url: process.env.BENCH_DATABASE_URL, stop: () => undefined }
    : await timed('PostgreSQL 15 (temporary cluster)', () => startTempPostgres());
  try {
    const database = await timed('migrations', () =>
      openDatabase({
        url: pgServer.url,
        poolSize: 10,
        appRole: 'psy_app',
        migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
      }),
    );
    const pool = database.pool!;
    const seeded = (await pool.query(`select id from tenant where code = 'big'`)).rows[0];
    let tenantId: number;
    if (seeded) {
      tenantId = Number(seeded.id);
      log('  the large school is there already (BENCH_DATABASE_URL): not seeded again');
      await timed('vacuum analyze', () => pool.query('vacuum analyze'));
    } else {
      await timed('seed schools (seedSchool)', async () => {
        for (const code of ['big', 'other']) {
          await seedSchool(database, {
            code,
            name: `Bench ${code}`,
            users: [
              { username: 'admin', password: PASSWORD, realName: 'Bench Admin', roles: ['ROLE_ADMIN'] },
            ],
          });
        }
      });
      const searchIndex = (await pool.query(`select pg_get_indexdef('sys_user_search_idx'::regclass) as def`))
        .rows[0].def as string;
      await pool.query('drop index sys_user_search_idx');
      tenantId = await timed(`${cfg.users} users and the lists' data (SQL, generate_series)`, async () => {
        const tid = await seedLargeSchool(pool, 'big', cfg.users, true);
        await seedLargeSchool(pool, 'other', 20_000, false);
        return tid;
      });
      await timed('search-key GIN index, vacuum analyze', async () => {
        await pool.query(searchIndex);
        await pool.query('vacuum analyze');
      });
    }
    const q1 = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows[0];
    const ids: Ids = {
      tenantId,
      adminId: Number(
        (await q1(`select id from sys_user where tenant_id = $1 and username = 'admin'`, [tenantId])).id,
      ),
      collegeId: Number(
        (await q1(`select id from dept where tenant_id = $1 and name = 'College 1'`, [tenantId])).id,
      ),
      classId: Number(
        (await q1(`select id from dept where tenant_id = $1 and name = 'College 1 class 1'`, [tenantId])).id,
      ),
      roleGeneral: Number(
        (await q1(`select id from role where tenant_id = $1 and role_code = 'ROLE_GENERAL'`, [tenantId])).id,
      ),
      roleConsultant: Number(
        (await q1(`select id from role where tenant_id = $1 and role_code = 'ROLE_CONSULTANT'`, [tenantId]))
          .id,
      ),
      userTypeId: Number(
        (await q1(`select id from user_type where tenant_id = $1 order by id limit 1`, [tenantId])).id,
      ),
      dictId: Number(
        (await q1(`select id from dict_type where tenant_id = $1 and name = 'benchDict1'`, [tenantId])).id,
      ),
      someUserId: Number(
        (await q1(`select id from sys_user where tenant_id = $1 and username = 'user0000500'`, [tenantId]))
          .id,
      ),
    };
    const sizes = await q1(`select pg_size_pretty(pg_total_relation_size('sys_user')) as users,
      pg_size_pretty(pg_total_relation_size('personal_data_access_log')) as log,
      pg_size_pretty(pg_total_relation_size('message')) as messages,
      pg_size_pretty(pg_total_relation_size('notice_read')) as reads`);
    log(
      `  sizes with indexes: sys_user ${sizes.users}, access log ${sizes.log}, message ${sizes.messages}, notice_read ${sizes.reads}`,
    );

    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: pgServer.url,
      DB_POOL_SIZE: '10',
      LOG_LEVEL: 'silent',
      JOB_WORKERS: '0',
      LOGIN_IP_LIMIT_PER_MIN: '100000000',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-lists-')),
    });
    const { app } = await buildApp({ env, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;
    const key = (await (await fetch(`${base}/auth/publicKey`)).json()) as {
      data: { keyId: string; spki: string };
    };
    const loginBody = new URLSearchParams({
      username: 'admin',
      password: await encryptPassword(key.data, PASSWORD),
    }).toString();
    const loginPath = '/auth/oauth/token?grant_type=password';
    const login = (await (
      await fetch(base + loginPath, {
        method: 'POST',
        body: loginBody,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          [HEADER.tenantId]: String(tenantId),
          ...signHeaders({ method: 'POST', pathWithQuery: loginPath, body: loginBody }),
        },
      })
    ).json()) as { data: { access_token: string } };
    const token = login.data.access_token;
    const signingKey = sha256Hex(token);

    const call = async (s: Scenario, i: number) => {
      const pathWithQuery = s.path(ids, i);
      const body = s.body ? JSON.stringify(s.body(ids, i)) : undefined;
      const res = await fetch(base + pathWithQuery, {
        method: s.method,
        body,
        headers: {
          [HEADER.authorization]: `Bearer ${token}`,
          [HEADER.tenantId]: String(tenantId),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...signHeaders({ method: s.method, pathWithQuery, body, signingKey }),
        },
      });
      const json = (await res.json()) as { code: number; msg: string };
      if (res.status !== 200 || json.code !== 0)
        throw new Error(`HTTP ${res.status} ${json.msg}`.slice(0, 200));
    };

    const results: Result[] = [];
    const slow: { list: string; statements: CapturedStatement[] }[] = [];
    log('\nlists (signed in as the administrator of the large school)');
    for (const s of SCENARIOS) {
      if (cfg.only && !s.name.includes(cfg.only)) continue;
      let counter = 0;
      const lat: number[] = [];
      let errors = 0;
      let firstError: string | null = null;
      const run = async (ms: number, record: boolean) => {
        const stop = performance.now() + ms;
        await Promise.all(
          Array.from({ length: cfg.concurrency }, async () => {
            while (performance.now() < stop) {
              const i = counter++;
              const t0 = performance.now();
              try {
                await call(s, i);
                if (record) lat.push(performance.now() - t0);
              } catch (err) {
                errors += 1;
                firstError ??= err instanceof Error ? err.message : String(err);
              }
            }
          }),
        );
      };
      await run(cfg.warmup * 1000, false);
      await run(cfg.seconds * 1000, true);
      lat.sort((a, b) => a - b);
      const r: Result = {
        list: s.name,
        requests: lat.length,
        errors,
        p50: +pct(lat, 50).toFixed(1),
        p95: +pct(lat, 95).toFixed(1),
        p99: +pct(lat, 99).toFixed(1),
        firstError,
      };
      results.push(r);
      log(
        `  ${s.name.padEnd(58)} ${String(r.requests).padStart(5)} req  p50 ${String(r.p50).padStart(7)}  p95 ${String(r.p95).padStart(7)}  p99 ${String(r.p99).padStart(7)} ms${errors ? `  errors ${errors}: ${firstError}` : ''}`,
      );
      if (cfg.explainAll || !(r.p95 < TARGET_P95_MS)) {
        const { statements } = await captureStatements(() => call(s, counter++));
        slow.push({ list: s.name, statements });
      }
    }

    const baseline = cfg.baseline
      ? (JSON.parse(fs.readFileSync(cfg.baseline, 'utf8')) as { results: Result[] }).results
      : null;
    log(`\nsummary (target p95 < ${TARGET_P95_MS} ms)`);
    log(
      baseline
        ? '| list | before p50 / p95 ms | after p50 / p95 ms |\n|---|---|---|'
        : '| list | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|',
    );
    for (const r of results) {
      const b = baseline?.find((x) => x.list === r.list);
      log(
        baseline
          ? `| ${r.list} | ${b ? `${b.p50} / ${b.p95}` : '-'} | ${r.p50} / ${r.p95}${r.p95 < TARGET_P95_MS ? '' : ' (over)'} |`
          : `| ${r.list} | ${r.p50} | ${r.p95}${r.p95 < TARGET_P95_MS ? '' : ' (over)'} | ${r.p99} |`,
      );
    }
    const over = results.filter((r) => !(r.p95 < TARGET_P95_MS));
    log(
      `\n${over.length} of ${results.length} lists over the target${over.length ? `: ${over.map((r) => r.list).join('; ')}` : ''}`,
    );
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    const file = path.join(
      HERE,
      'results',
      `admin-lists-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    fs.writeFileSync(
      file,
      JSON.stringify({ cfg, cpus: os.cpus().length, loadavg: os.loadavg(), results }, null, 2),
    );
    log(`results: ${path.relative(process.cwd(), file)}`);
    log(
      `reproduce: BENCH_USERS=${cfg.users} BENCH_SECONDS=${cfg.seconds} BENCH_CONCURRENCY=${cfg.concurrency} npm run bench:lists`,
    );
    if (results.some((r) => r.errors > 0)) process.exitCode = 1;

    // The plans: every SELECT the request ran, analysed again in the same tenant transaction as the
    // server runs it (app role, RLS); the slowest one is printed.
    if (slow.length > 0)
      log(`\nplans (lists with p95 >= ${TARGET_P95_MS} ms${cfg.explainAll ? ', and all others' : ''})`);
    for (const { list, statements } of slow) {
      const client = await pool.connect();
      let worst: { ms: number; text: string; plan: string } | null = null;
      try {
        for (const st of statements) {
          // The request's own bookkeeping (admission, token, principal) is not the list.
          if (!/^\s*(with|select)\b/i.test(st.text) || /set_config|request_nonce|access_token/.test(st.text))
            continue;
          await client.query('begin');
          try {
            await client.query(
              `select set_config('app.tenant_id', $1, true), set_config('role', 'psy_app', true)`,
              [String(tenantId)],
            );
            const res = await client.query(`explain (analyze, buffers) ${st.text}`, st.values);
            const plan = res.rows.map((x: Record<string, string>) => x['QUERY PLAN']).join('\n');
            const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
            if (!worst || ms > worst.ms) worst = { ms, text: st.text, plan };
          } catch {
            // A statement of the system context (not the app role's): not part of the list.
          } finally {
            await client.query('rollback');
          }
        }
      } finally {
        client.release();
      }
      log(`\n--- ${list}`);
      if (worst) {
        log(worst.text.replace(/\s+/g, ' ').slice(0, 600));
        log(worst.plan);
      } else log('(no SELECT recorded)');
    }

    await app.close();
    await database.close();
  } finally {
    pgServer.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
