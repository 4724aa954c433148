// Benchmark of the bulk user import (docs/user-import.md) on a real PostgreSQL 15: a generated XLSX of
// 100,000 rows is uploaded through the real app (POST /admin/user/importUsers) and the import job is run
// in this process, as a worker runs it. `npm run bench:import` at the repository root.
//
// Settings (environment, defaults in brackets):
//   BENCH_ROWS [100000]        data rows of the file
//   BENCH_CHUNK [1000]         rows per chunk transaction
//   BENCH_CONCURRENCY [2]      chunk transactions in flight (IMPORT_CONCURRENCY)
//   BENCH_EXISTING [0]         users already in the school (a share of the rows then clash)
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HEADER, encryptPassword } from '@psy/contracts';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { createLocalFileStorage } from '@psy/server/src/core/storage/file-storage';
import { seedSchool } from '@psy/server/src/seed/school';
import { runImportTask } from '@psy/server/src/modules/user-import/user-import.service';
import {
  md5,
  multipartBody,
  multipartHeaders,
  sheetBytes,
  type FixtureCell,
} from '@psy/server/src/modules/user-import/user-import.fixtures';
import { startTempPostgres } from './lib/pg-temp';
import { signHeaders } from './lib/sign';
import { log, timed } from './lib/util';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Passw0rd!';
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a number >= 0`);
  return Math.round(v);
};
const cfg = {
  rows: num('BENCH_ROWS', 100_000),
  chunk: num('BENCH_CHUNK', 1000),
  concurrency: num('BENCH_CONCURRENCY', 2),
  existing: num('BENCH_EXISTING', 0),
};

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建文斌宇浩凯晨欣怡子涵梓轩雨思佳一诺';

/** The template's zh-CN layout with realistic cells: numbers typed as numbers, serial dates, ID numbers. */
function fileRows(n: number): FixtureCell[][] {
  const rows: FixtureCell[][] = [
    ['2026 级新生名单'],
    [
      '*登录账号',
      '*姓名',
      '*学号/工号',
      '*联系方式',
      '*性别',
      '*出生日期',
      '*角色',
      '证件类型',
      '证件号码',
      '邮箱',
      '年级',
    ],
  ];
  for (let i = 1; i <= n; i += 1) {
    const k = String(i).padStart(6, '0');
    const name =
      SURNAMES[i % SURNAMES.length]! + GIVEN[(i * 7) % GIVEN.length]! + GIVEN[(i * 13) % GIVEN.length]!;
    rows.push([
      `s${k}`,
      name,
      2026000000 + i, // a number cell: read as text without scientific notation
      13_000_000_000 + i, // a phone typed as a number
      i % 2 ? '男' : '女',
      36892 + (i % 3000), // an Excel serial date (2001-01-01 + n)
      '普通用户',
      null,
      null,
      i % 10 === 0 ? `s${k}@example.edu.cn` : null,
      '2024级',
    ]);
  }
  return rows;
}

async function main() {
  log(
    `user-import bench: ${cfg.rows} rows, chunks of ${cfg.chunk}, ${cfg.concurrency} in flight, ${cfg.existing} existing users`,
  );
  const rssSamples: number[] = [];
  const sampler = setInterval(() => rssSamples.push(process.memoryUsage().rss), 100);
  log('\nset-up');
  const pgServer = await timed('PostgreSQL 15 (temporary cluster)', () => startTempPostgres());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-import-'));
  try {
    const database = await timed('migrations', () =>
      openDatabase({
        url: pgServer.url,
        poolSize: 4,
        appRole: 'psy_app',
        migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
      }),
    );
    const pool = database.pool!;
    const school = await timed('seed school', () =>
      seedSchool(database, {
        code: 'bench001',
        name: 'Bench bench001',
        depts: [{ name: 'Engineering', children: [{ name: 'Class 2026' }] }],
        users: [{ username: 'admin', password: PASSWORD, realName: 'Bench Admin', roles: ['ROLE_ADMIN'] }],
      }),
    );
    if (cfg.existing > 0) {
      await pool.query(
        `insert into sys_user (tenant_id, username, real_name) select $1, 's' || lpad(n::text, 6, '0'), 'x'
         from generate_series(1, $2::int) n`,
        [school.tenantId, cfg.existing],
      );
    }
    const bytes = await timed(`generate the ${cfg.rows}-row XLSX`, async () =>
      sheetBytes(fileRows(cfg.rows)),
    );
    log(`  file: ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);

    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: pgServer.url,
      LOG_LEVEL: 'silent',
      JOB_WORKERS: '0',
      LOGIN_IP_LIMIT_PER_MIN: '100000000',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      DATA_DIR: dataDir,
    });
    const { app } = await buildApp({ env, database, logger: false });
    await app.ready();
    const tenantId = school.tenantId;
    const key = (
      await app.inject({
        method: 'GET',
        url: '/auth/publicKey',
        headers: signHeaders({ method: 'GET', pathWithQuery: '/auth/publicKey' }),
      })
    ).json() as { data: { keyId: string; spki: string } };
    const body = new URLSearchParams({
      username: 'admin',
      password: await encryptPassword(key.data, PASSWORD),
    }).toString();
    const loginPath = '/auth/oauth/token?grant_type=password';
    const login = (
      await app.inject({
        method: 'POST',
        url: loginPath,
        payload: body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          [HEADER.tenantId]: String(tenantId),
          ...signHeaders({ method: 'POST', pathWithQuery: loginPath, body }),
        },
      })
    ).json() as { data: { access_token: string } };
    const token = login.data.access_token;

    log('\nimport');
    const t0 = performance.now();
    const url = '/admin/user/importUsers';
    const form = multipartBody(
      {
        fileMd5: md5(bytes),
        deptId: school.deptIds['Class 2026'],
        userTypeId: await studentType(),
        importType: 0,
      },
      { name: 'bench.xlsx', bytes },
    );
    const res = await app.inject({
      method: 'POST',
      url,
      payload: form.payload,
      headers: await multipartHeaders(token, tenantId, url, form.contentType),
    });
    if (res.statusCode !== 200) throw new Error(`upload: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
    const taskId = (res.json() as { data: { task: { id: number } } }).data.task.id;
    const uploadMs = performance.now() - t0;
    const files = createLocalFileStorage(path.join(dataDir, 'files'));
    const t1 = performance.now();
    const result = await runImportTask({ database, files }, tenantId, taskId, {
      chunkRows: cfg.chunk,
      concurrency: cfg.concurrency,
    });
    const jobMs = performance.now() - t1;
    const totalMs = performance.now() - t0;
    clearInterval(sampler);
    const task = (
      await pool.query(
        `select task_status, total_count, success_count, fail_count from task_progress where id = $1`,
        [taskId],
      )
    ).rows[0];
    const users = (
      await pool.query(`select count(*)::int as n from sys_user where tenant_id = $1`, [tenantId])
    ).rows[0].n;
    const peakRss = Math.max(process.resourceUsage().maxRSS * 1024, ...rssSamples);
    const figures = {
      rows: cfg.rows,
      chunk: cfg.chunk,
      concurrency: cfg.concurrency,
      outcome: result.outcome,
      task,
      usersInSchool: users,
      uploadMs: Math.round(uploadMs),
      readMs: Math.round(result.readMs),
      validateMs: Math.round(result.validateMs),
      writeMs: Math.round(result.writeMs),
      finishMs: Math.round(jobMs - result.readMs - result.validateMs - result.writeMs),
      totalMs: Math.round(totalMs),
      rowsPerSecond: Math.round(cfg.rows / (totalMs / 1000)),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      fileMb: Number((bytes.length / 1024 / 1024).toFixed(1)),
    };
    log(`  outcome ${result.outcome}; task ${JSON.stringify(task)}; users in school ${users}`);
    log(`  upload (checks, argon2id once, store, task + job): ${figures.uploadMs} ms`);
    log(`  read (SheetJS): ${figures.readMs} ms`);
    log(`  validate (contract schemas): ${figures.validateMs} ms`);
    log(`  write (${Math.ceil(cfg.rows / cfg.chunk)} chunk transactions): ${figures.writeMs} ms`);
    log(`  finish (result file, message): ${figures.finishMs} ms`);
    log(
      `  total: ${(totalMs / 1000).toFixed(1)} s, ${figures.rowsPerSecond} rows/s, peak RSS ${figures.peakRssMb} MB`,
    );
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    const out = path.join(
      HERE,
      'results',
      `user-import-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    );
    fs.writeFileSync(out, JSON.stringify({ cfg, figures }, null, 2));
    log(`\nwritten ${out}`);
    log(
      `reproduce: BENCH_ROWS=${cfg.rows} BENCH_CHUNK=${cfg.chunk} BENCH_CONCURRENCY=${cfg.concurrency} BENCH_EXISTING=${cfg.existing} npm run bench:import`,
    );
    await app.close();
    await database.close();
    if (result.outcome !== 'done') process.exitCode = 1;

    async function studentType() {
      return Number(
        (await pool.query(`select id from user_type where tenant_id = $1 and code = 'student'`, [tenantId]))
          .rows[0].id,
      );
    }
  } finally {
    clearInterval(sampler);
    pgServer.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
