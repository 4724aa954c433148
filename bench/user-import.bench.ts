// Benchmark of the bulk user import (docs/user-import.md) under load, on a real PostgreSQL 15: the real
// server runs as its own process (the bundle, dist/server.js, with one job worker); a generated XLSX of the
// largest allowed size (IMPORT_MAX_ROWS rows) is uploaded over HTTP, and while the server imports it this
// process asks `GET /health` and `GET /admin/user/info` at a fixed rate (open loop: latency counts from
// each request's scheduled time, so a stalled server is charged the wait) and samples the server's memory
// (RSS from /proc; the peak is VmHWM). `npm run bench:import` at the repository root.
//
// Settings (environment, defaults in brackets):
//   BENCH_ROWS [100000]        data rows of the file (the default IMPORT_MAX_ROWS)
//   BENCH_NOTE_BYTES [0]       a note column of this many characters per row (ignored by the import):
//                              pads the sheet towards IMPORT_MAX_UNPACKED_MB
//   BENCH_PROBE_RATE [20]      requests per second of each probe (/health and /admin/user/info)
//   BENCH_EXISTING [0]         users already in the school (a share of the rows then clash)
//   BENCH_IMPORT_CONCURRENCY [1]  the server's IMPORT_CONCURRENCY (chunk transactions in flight)
//   BENCH_SERVER_NODE_ARGS     node options of the server process, space-separated (e.g. --cpu-prof
//                              --cpu-prof-dir=DIR: what the server's event loop did)
// Targets (issue 17): probes p99 < 100 ms during the import, server peak RSS < 1 GB.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEADER, encryptPassword } from '@psy/contracts';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT } from '@psy/server/src/env';
import { seedSchool } from '@psy/server/src/seed/school';
import {
  md5,
  multipartBody,
  multipartHeaders,
  sheetBytes,
  type FixtureCell,
} from '@psy/server/src/modules/user-import/user-import.fixtures';
import { freePort, startTempPostgres } from './lib/pg-temp';
import { percentile } from './lib/loop';
import { sha256Hex, signHeaders } from './lib/sign';
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
  noteBytes: num('BENCH_NOTE_BYTES', 0),
  probeRate: num('BENCH_PROBE_RATE', 20),
  existing: num('BENCH_EXISTING', 0),
  importConcurrency: num('BENCH_IMPORT_CONCURRENCY', 1),
};
const TARGET_P99_MS = 100;
const TARGET_RSS_MB = 1024;

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN =
  '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红鹏辉建文斌宇浩凯晨欣怡子涵梓轩雨思佳一诺';

/** The template's zh-CN layout with realistic cells: numbers typed as numbers, serial dates, ID numbers. */
function fileRows(n: number, noteBytes: number): FixtureCell[][] {
  const header = [
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
  ];
  const rows: FixtureCell[][] = [['2026 级新生名单'], noteBytes > 0 ? [...header, '备注'] : header];
  const note = noteBytes > 0 ? 'n'.repeat(noteBytes) : null;
  for (let i = 1; i <= n; i += 1) {
    const k = String(i).padStart(6, '0');
    const name =
      SURNAMES[i % SURNAMES.length]! + GIVEN[(i * 7) % GIVEN.length]! + GIVEN[(i * 13) % GIVEN.length]!;
    const row: FixtureCell[] = [
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
    ];
    if (note) row.push(`${i}${note}`);
    rows.push(row);
  }
  return rows;
}

/** Resident and peak resident memory of a process (kB in /proc, answered in bytes). */
function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** CPU time (user + system, all threads) a process has used, in ms; null when it is gone. */
function cpuMsOf(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line (12 and 13 after the command), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Total CPU time of the machine (all cores, busy or idle) and its busy part, in ms, from /proc/stat. */
function machineCpuMs(): { busy: number; all: number } {
  const cpu = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const all = cpu.reduce((a, b) => a + b, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: ((all - idle) * 1000) / 100, all: (all * 1000) / 100 };
}

interface ProbeSummary {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  firstError: string | null;
}

/** When each probe request was scheduled (ms since the bench started) and how long it took. */
const timeline: { at: number; probe: string; ms: number }[] = [];
const benchStart = performance.now();

/** Requests at a fixed rate, not waiting for answers; latency from each scheduled send to its answer. */
function startProbe(ratePerSec: number, op: () => Promise<void>, name = '') {
  const interval = 1000 / ratePerSec;
  const latencies: number[] = [];
  const running = new Set<Promise<void>>();
  let errors = 0;
  let firstError: string | null = null;
  let stopped = false;
  const t0 = performance.now();
  let k = 0;
  const tick = () => {
    if (stopped) return;
    const scheduled = t0 + k * interval;
    k += 1;
    const record = () => {
      const ms = performance.now() - scheduled;
      latencies.push(ms);
      if (name) timeline.push({ at: scheduled - benchStart, probe: name, ms });
    };
    const p = op()
      .then(record, (err: unknown) => {
        errors += 1;
        firstError ??= err instanceof Error ? err.message : String(err);
        record();
      })
      .finally(() => running.delete(p));
    running.add(p);
    setTimeout(tick, Math.max(0, t0 + k * interval - performance.now()));
  };
  tick();
  return async (): Promise<ProbeSummary> => {
    stopped = true;
    await Promise.all(running);
    const sorted = Float64Array.from(latencies).sort();
    const round = (v: number) => Math.round(v * 10) / 10;
    return {
      requests: latencies.length,
      errors,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? NaN),
      firstError,
    };
  };
}

async function main() {
  log(
    `user-import bench: ${cfg.rows} rows${cfg.noteBytes ? ` + a ${cfg.noteBytes}-character note each` : ''}, probes at ${cfg.probeRate}/s each, ${cfg.existing} existing users, ${cfg.importConcurrency} chunk transactions in flight`,
  );
  log('\nset-up');
  const pgServer = await timed('PostgreSQL 15 (temporary cluster)', () => startTempPostgres());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-import-'));
  let server: ReturnType<typeof spawn> | null = null;
  try {
    const database = await timed('migrations', () =>
      openDatabase({
        url: pgServer.url,
        poolSize: 2,
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
    const tenantId = school.tenantId;
    if (cfg.existing > 0) {
      await pool.query(
        `insert into sys_user (tenant_id, username, real_name) select $1, 's' || lpad(n::text, 6, '0'), 'x'
         from generate_series(1, $2::int) n`,
        [tenantId, cfg.existing],
      );
    }
    const studentType = Number(
      (await pool.query(`select id from user_type where tenant_id = $1 and code = 'student'`, [tenantId]))
        .rows[0].id,
    );
    const bytes = await timed(`generate the ${cfg.rows}-row XLSX`, async () =>
      sheetBytes(fileRows(cfg.rows, cfg.noteBytes)),
    );
    log(`  file: ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);

    await timed('server bundle (apps/server/build.mjs)', async () => {
      const b = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
      if (b.status !== 0) throw new Error('the server build failed');
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = spawn(process.execPath, [...nodeArgs, path.join(SERVER_ROOT, 'dist/server.js')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: pgServer.url,
        DB_POOL_SIZE: '10',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        JOB_WORKERS: '1',
        LOGIN_IP_LIMIT_PER_MIN: '100000000',
        SMS_ADAPTER: 'http',
        SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
        IMPORT_MAX_ROWS: String(Math.max(cfg.rows, 100_000)),
        IMPORT_CONCURRENCY: String(cfg.importConcurrency),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const serverPid = server.pid!;
    await timed('server start', async () => {
      for (let i = 0; i < 300; i += 1) {
        const ok = await fetch(`${base}/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the server did not start');
    });

    const key = (await (await fetch(`${base}/auth/publicKey`)).json()) as {
      data: { keyId: string; spki: string };
    };
    const body = new URLSearchParams({
      username: 'admin',
      password: await encryptPassword(key.data, PASSWORD),
    }).toString();
    const loginPath = '/auth/oauth/token?grant_type=password';
    const login = (await (
      await fetch(`${base}${loginPath}`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          [HEADER.tenantId]: String(tenantId),
          ...signHeaders({ method: 'POST', pathWithQuery: loginPath, body }),
        },
      })
    ).json()) as { data: { access_token: string } };
    const token = login.data.access_token;
    const signingKey = sha256Hex(token);

    const health = async () => {
      const r = await fetch(`${base}/health`);
      if (!r.ok) throw new Error(`health: HTTP ${r.status}`);
      await r.arrayBuffer();
    };
    const userInfo = async () => {
      const r = await fetch(`${base}/admin/user/info`, {
        headers: {
          [HEADER.authorization]: `Bearer ${token}`,
          [HEADER.tenantId]: String(tenantId),
          ...signHeaders({ method: 'GET', pathWithQuery: '/admin/user/info', signingKey }),
        },
      });
      const answer = (await r.json()) as { code: number; msg: string };
      if (!r.ok || answer.code !== 0) throw new Error(`user info: HTTP ${r.status} ${answer.msg}`);
    };

    log('\nidle (5 s)');
    const idleStops = [startProbe(cfg.probeRate, health), startProbe(cfg.probeRate, userInfo)];
    await new Promise((r) => setTimeout(r, 5000));
    const [idleHealth, idleInfo] = [await idleStops[0]!(), await idleStops[1]!()];
    const idleMemory = memoryOf(serverPid);
    log(
      `  /health p50/p95/p99/max ${idleHealth.p50} / ${idleHealth.p95} / ${idleHealth.p99} / ${idleHealth.max} ms`,
    );
    log(
      `  /admin/user/info p50/p95/p99/max ${idleInfo.p50} / ${idleInfo.p95} / ${idleInfo.p99} / ${idleInfo.max} ms`,
    );
    log(`  server RSS ${Math.round((idleMemory?.rss ?? NaN) / 1024 / 1024)} MB`);

    log('\nimport');
    const cpuAtStart = cpuMsOf(serverPid) ?? 0;
    const machineAtStart = machineCpuMs();
    const rssSamples: number[] = [];
    const sampler = setInterval(() => {
      const m = memoryOf(serverPid);
      if (m) rssSamples.push(m.rss);
    }, 100);
    const stops = [startProbe(cfg.probeRate, health, 'health'), startProbe(cfg.probeRate, userInfo, 'info')];
    const progress: { at: number; done: number }[] = [];
    const t0 = performance.now();
    const url = '/admin/user/importUsers';
    const form = multipartBody(
      { fileMd5: md5(bytes), deptId: school.deptIds['Class 2026'], userTypeId: studentType, importType: 0 },
      { name: 'bench.xlsx', bytes },
    );
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      body: form.payload,
      headers: await multipartHeaders(token, tenantId, url, form.contentType),
    });
    const uploaded = (await res.json()) as { code: number; msg: string; data: { task: { id: number } } };
    if (uploaded.code !== 0) throw new Error(`upload: HTTP ${res.status} ${uploaded.msg}`);
    const taskId = uploaded.data.task.id;
    const uploadMs = performance.now() - t0;
    let task: Record<string, unknown> = {};
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      task = (
        await pool.query(
          `select task_status, total_count, current_progress, success_count, fail_count, error
             from task_progress where id = $1`,
          [taskId],
        )
      ).rows[0];
      progress.push({ at: performance.now() - benchStart, done: Number(task.current_progress) });
      if (Number(task.task_status) >= 2) break;
    }
    const totalMs = performance.now() - t0;
    const [duringHealth, duringInfo] = [await stops[0]!(), await stops[1]!()];
    clearInterval(sampler);
    const memory = memoryOf(serverPid);
    const serverCpuMs = (cpuMsOf(serverPid) ?? cpuAtStart) - cpuAtStart;
    const machineAtEnd = machineCpuMs();
    const machineBusy =
      (machineAtEnd.busy - machineAtStart.busy) / Math.max(1, machineAtEnd.all - machineAtStart.all);
    const peakRssMb = Math.round(Math.max(memory?.peak ?? 0, ...rssSamples) / 1024 / 1024);
    const users = (
      await pool.query(`select count(*)::int as n from sys_user where tenant_id = $1`, [tenantId])
    ).rows[0].n;
    const sheetMb = await sheetUnpackedMb(bytes);
    const figures = {
      rows: cfg.rows,
      noteBytes: cfg.noteBytes,
      fileMb: Number((bytes.length / 1024 / 1024).toFixed(1)),
      sheetUnpackedMb: sheetMb,
      task,
      usersInSchool: users,
      uploadMs: Math.round(uploadMs),
      totalMs: Math.round(totalMs),
      rowsPerSecond: Math.round(cfg.rows / (totalMs / 1000)),
      idle: {
        health: idleHealth,
        userInfo: idleInfo,
        rssMb: Math.round((idleMemory?.rss ?? NaN) / 1024 / 1024),
      },
      duringImport: { health: duringHealth, userInfo: duringInfo },
      serverPeakRssMb: peakRssMb,
      // The server's CPU during the import (all its threads: the event loop, zlib, the .xls worker) and
      // how busy the whole machine was (other work on it included): a probe waits for a core too.
      serverCpuSeconds: Math.round(serverCpuMs / 100) / 10,
      machineBusyPercent: Math.round(machineBusy * 100),
      loadAverage: os.loadavg().map((v) => Math.round(v * 10) / 10),
    };
    log(`  task ${JSON.stringify(task)}; users in school ${users}`);
    log(`  file ${figures.fileMb} MB, its sheet ${sheetMb} MB unpacked`);
    log(`  upload (checks, store, task + job): ${figures.uploadMs} ms`);
    log(`  total (upload to task done): ${(totalMs / 1000).toFixed(1)} s, ${figures.rowsPerSecond} rows/s`);
    log('\nduring the import (open loop)');
    log('| probe | requests | errors | p50 ms | p95 ms | p99 ms | max ms |');
    log('|---|---|---|---|---|---|---|');
    for (const [name, s] of [
      ['GET /health', duringHealth],
      ['GET /admin/user/info', duringInfo],
    ] as const) {
      log(`| ${name} | ${s.requests} | ${s.errors} | ${s.p50} | ${s.p95} | ${s.p99} | ${s.max} |`);
    }
    log(`server peak RSS: ${peakRssMb} MB (idle ${figures.idle.rssMb} MB)`);
    log(
      `server CPU during the import: ${figures.serverCpuSeconds} s in ${(totalMs / 1000).toFixed(1)} s; machine busy ${figures.machineBusyPercent}% of ${os.cpus().length} cores; load average ${figures.loadAverage.join(' ')}`,
    );
    // Where in the import the slow answers were: worst latency per 5 s, with the rows written by then.
    log('\ntimeline (5 s windows from the upload): rows written, worst /health and /admin/user/info ms');
    const from = t0 - benchStart;
    for (let w = from; w < from + totalMs; w += 5000) {
      const inWindow = timeline.filter((e) => e.at >= w && e.at < w + 5000);
      const worst = (probe: string) =>
        Math.round(Math.max(0, ...inWindow.filter((e) => e.probe === probe).map((e) => e.ms)));
      const done = [...progress].reverse().find((p) => p.at <= w + 5000)?.done ?? 0;
      log(
        `  ${((w - from) / 1000).toFixed(0).padStart(4)} s  ${String(done).padStart(7)}  ${String(worst('health')).padStart(6)}  ${String(worst('info')).padStart(6)}`,
      );
    }
    const p99ok = duringHealth.p99 < TARGET_P99_MS && duringInfo.p99 < TARGET_P99_MS;
    log(
      `targets: probes p99 < ${TARGET_P99_MS} ms ${p99ok ? 'met' : 'NOT met'}; peak RSS < ${TARGET_RSS_MB} MB ${peakRssMb < TARGET_RSS_MB ? 'met' : 'NOT met'}`,
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
      `reproduce: BENCH_ROWS=${cfg.rows} BENCH_NOTE_BYTES=${cfg.noteBytes} BENCH_PROBE_RATE=${cfg.probeRate} BENCH_EXISTING=${cfg.existing} BENCH_IMPORT_CONCURRENCY=${cfg.importConcurrency} npm run bench:import`,
    );
    await database.close();
    if (Number(task.task_status) !== 2 || duringHealth.errors + duringInfo.errors > 0) process.exitCode = 1;
  } finally {
    server?.kill('SIGTERM');
    pgServer.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The unpacked size of the file's sheet (from its ZIP directory), MB. */
async function sheetUnpackedMb(bytes: Buffer) {
  const { readZipDirectory } = await import('@psy/server/src/modules/user-import/user-import.zip');
  const entries = readZipDirectory(bytes, {
    maxUnpackedBytes: Number.MAX_SAFE_INTEGER,
    maxCompressionRatio: 1e9,
  });
  const sheet = [...entries.values()].find((e) => e.name.startsWith('xl/worksheets/'));
  return sheet ? Number((sheet.uncompressedSize / 1024 / 1024).toFixed(1)) : NaN;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
