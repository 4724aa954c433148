// Several server processes behind nginx on one PostgreSQL 15 (docs/scaling.md): the built server
// (apps/server/dist/server.js) as 1, 2 and 4 processes, nginx in front (its own config in a temporary
// folder, upstream with keepalive), user info and the user list measured through it, and the behaviours
// that must not depend on which process a request lands on: sessions, replay checks, rate limits, push
// and jobs. `npm run bench:cluster` at the repository root.
//
// Settings (environment, defaults in brackets):
//   BENCH_SECONDS [6]             measured seconds per scenario
//   BENCH_WARMUP_SECONDS [2]      unmeasured warm-up before each scenario
//   BENCH_CONCURRENCY [32]        requests in flight (closed loop), generated in this process
//   BENCH_PROCESSES [1,2,4]       server process counts to run
//   BENCH_POOL [10]               database pool of each server process
//   BENCH_TENANTS [10], BENCH_USERS_PER_TENANT [500]
//   NGINX [/usr/sbin/nginx]
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { HEADER, encryptPassword } from '@psy/contracts';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT } from '@psy/server/src/env';
import { runClosedLoop, type LatencySummary } from './lib/loop';
import { freePort, startTempPostgres } from './lib/pg-temp';
import { postgresCpuDeltaUs, snapshotPostgresCpu } from './lib/proc-cpu';
import { seedBench } from './lib/seed';
import { checkSigner, requestHeaders, sha256Hex, signHeaders } from './lib/sign';
import { buildServer, startServer, stopServer, type ServerProc } from './lib/server-proc';
import { log, timed } from './lib/util';

const PASSWORD = 'Bench-Passw0rd!';
const num = (name: string, dflt: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return dflt;
  const v = Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return v;
};
const cfg = {
  seconds: num('BENCH_SECONDS', 6),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 2),
  concurrency: Math.round(num('BENCH_CONCURRENCY', 32)),
  processes: (process.env.BENCH_PROCESSES ?? '1,2,4').split(',').map((s) => Math.round(Number(s))),
  pool: Math.round(num('BENCH_POOL', 10)),
  tenants: Math.round(num('BENCH_TENANTS', 10)),
  usersPerTenant: Math.round(num('BENCH_USERS_PER_TENANT', 500)),
  nginx: process.env.NGINX ?? '/usr/sbin/nginx',
};
if (cfg.processes.some((n) => !Number.isInteger(n) || n < 1 || n > 8))
  throw new Error('BENCH_PROCESSES: counts from 1 to 8, comma-separated');
/** Logins allowed per client address and minute: low, so the check reaches it in a few calls. */
const LOGIN_LIMIT = 8;

// ------------------------------------------------------------------------------------------ processes

const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** CPU seconds of a process and its reaped children, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / ticks;
  } catch {
    return 0;
  }
}
const childrenOf = (pid: number): number[] =>
  fs
    .readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .map(Number)
    .filter((p) => {
      try {
        const raw = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        return Number(raw.slice(raw.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });

/** One server process of this bench: every process of a scenario shares the database and the data folder. */
function startClusterServer(dbUrl: string, dataDir: string): Promise<ServerProc> {
  return startServer({
    DATABASE_URL: dbUrl,
    DB_POOL_SIZE: String(cfg.pool),
    // Shared by all processes, as object storage would be across machines.
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOB_WORKERS: '1',
    TRUST_PROXY: 'true',
    LOGIN_IP_LIMIT_PER_MIN: String(LOGIN_LIMIT),
    SMS_ADAPTER: 'http',
    SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
  });
}

interface Nginx {
  port: number;
  pid: number;
  stop(): void;
}

function startNginx(backends: ServerProc[], port: number): Nginx {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-nginx-'));
  for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(dir, d));
  // Two workers for two cores; keepalive to the upstreams so a request does not open a connection;
  // buffering off for the server-sent events of push.
  const conf = `
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream psy { ${backends.map((b) => `server 127.0.0.1:${b.port};`).join(' ')} keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://psy;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 120s;
    }
  }
}`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const r = spawnSync(cfg.nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`nginx did not start: ${r.stderr}`);
  const pid = Number(fs.readFileSync(path.join(dir, 'nginx.pid'), 'utf8').trim());
  return {
    port,
    pid,
    stop() {
      spawnSync(cfg.nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-s', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// -------------------------------------------------------------------------------------------- calls

interface Answer {
  status: number;
  json: { code?: number; msg?: string; data?: unknown } | null;
  text: string;
}

async function call(
  base: string,
  method: string,
  pathWithQuery: string,
  opts: {
    body?: string;
    json?: boolean;
    token?: string;
    tenantId?: number;
    requestId?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const { headers: extra, ...call } = opts;
  const headers = { ...requestHeaders({ method, pathWithQuery, ...call }), ...extra };
  const res = await fetch(`${base}${pathWithQuery}`, { method, headers, body: opts.body });
  const text = await res.text();
  let json: Answer['json'] = null;
  try {
    json = JSON.parse(text) as Answer['json'];
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text };
}

const ok = <T>(a: Answer, what: string): T => {
  if (a.status !== 200 || a.json?.code !== 0)
    throw new Error(`${what}: HTTP ${a.status} ${a.text.slice(0, 300)}`);
  return a.json.data as T;
};

const LOGIN_PATH = '/auth/oauth/token?grant_type=password';
let loginAddress = 0;
/** A login with its own client address (X-Forwarded-For), so the bench's logins stay under the limit. */
async function login(
  base: string,
  tenantId: number,
  username: string,
  address?: string,
  password = PASSWORD,
) {
  const key = ok<{ keyId: string; spki: string }>(await call(base, 'GET', '/auth/publicKey'), 'public key');
  const body = new URLSearchParams({ username, password: await encryptPassword(key, password) }).toString();
  loginAddress += 1;
  return call(base, 'POST', LOGIN_PATH, {
    body,
    tenantId,
    headers: { 'x-forwarded-for': address ?? `10.1.${loginAddress >> 8}.${loginAddress & 255}` },
  });
}

interface Session {
  tenantId: number;
  token: string;
}

// ------------------------------------------------------------------------------------------- checks

/** Reads server-sent events of a stream until `until` returns true for one, or the time is up. */
async function readEvents(
  url: string,
  until: (event: string, data: unknown) => boolean,
  timeoutMs: number,
): Promise<{ opened: () => Promise<void>; done: Promise<{ event: string; data: unknown }> }> {
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  const res = await fetch(url, { signal: ac.signal });
  if (res.status !== 200) throw new Error(`stream: HTTP ${res.status} ${await res.text()}`);
  let firstSeen: () => void = () => undefined;
  const first = new Promise<void>((r) => (firstSeen = r));
  const done = (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, end);
          buf = buf.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event) continue;
          firstSeen();
          const parsed = data ? (JSON.parse(data) as unknown) : null;
          if (until(event, parsed)) return { event, data: parsed };
        }
      }
    } catch (e) {
      if (!ac.signal.aborted) throw e;
    } finally {
      clearTimeout(timer);
      ac.abort();
    }
    throw new Error('stream: the awaited event did not come');
  })();
  return { opened: () => first, done };
}

async function checks(servers: ServerProc[], admin: { tenantId: number }) {
  const n = servers.length;
  const at = (i: number) => servers[i % n]!.base;
  const results: string[] = [];
  const pass = (what: string) => {
    results.push(what);
    log(`  ok: ${what}`);
  };

  // Sessions: a login on one process is honoured by every other; a logout on one ends it on all.
  const s = ok<{ access_token: string }>(await login(at(0), admin.tenantId, 'admin'), 'login');
  const token = s.access_token;
  for (let i = 0; i < n; i += 1)
    ok(
      await call(at(i), 'GET', '/admin/user/info', { token, tenantId: admin.tenantId }),
      `user info on #${i}`,
    );
  pass(`session: logged in on process #0, user info answered by each of ${n}`);

  // Replay: a request id used on one process is refused on another.
  const requestId = `replaycheck${Date.now().toString(16)}00000000`;
  const first = await call(at(0), 'GET', '/admin/user/info', { token, tenantId: admin.tenantId, requestId });
  const again = await call(at(1), 'GET', '/admin/user/info', { token, tenantId: admin.tenantId, requestId });
  if (first.status !== 200 || again.status !== 409)
    throw new Error(`replay: first ${first.status}, again on #1 ${again.status} (expected 200, 409)`);
  pass(`replay: the same request id on process #${1 % n} after #0 answers 409`);

  // Rate limit: logins from one address, spread round-robin, are counted once across processes.
  const address = `10.250.${Date.now() & 255}.7`;
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_LIMIT + 2; i += 1)
    statuses.push((await login(at(i), admin.tenantId, 'nobody', address, 'Wrong-Passw0rd!')).status);
  const refusedAt = statuses.indexOf(429);
  if (refusedAt !== LOGIN_LIMIT || statuses.slice(LOGIN_LIMIT).some((x) => x !== 429))
    throw new Error(
      `rate limit: statuses ${statuses.join(',')}; expected 429 from attempt ${LOGIN_LIMIT + 1}`,
    );
  pass(`rate limit: ${LOGIN_LIMIT} logins from one address over ${n} processes, the next ones 429`);

  // Push and jobs: a stream held on process #1 (its ticket issued by #0) receives the "export ready"
  // message of an export queued through #0 and run by whichever process's worker claims it, then the
  // unread count of a mark-all-read made through #0 as well.
  const ticket = ok<{ ticket: string }>(
    await call(at(0), 'POST', '/biz/message/message/streamTicket', { token, tenantId: admin.tenantId }),
    'stream ticket',
  ).ticket;
  const streamUrl = `${at(1)}/biz/message/message/stream?ticket=${encodeURIComponent(ticket)}`;
  const gotMessage = await readEvents(streamUrl, (e) => e === 'message', 60_000);
  await gotMessage.opened();
  const t0 = performance.now();
  const task = ok<{ id: number }>(
    await call(at(0), 'POST', '/admin/user/exportUsersBySearch', {
      token,
      tenantId: admin.tenantId,
      body: JSON.stringify({ format: 'csv' }),
      json: true,
    }),
    'export',
  );
  const msg = await gotMessage.done;
  const pushMs = performance.now() - t0;
  let status = -1;
  for (let i = 0; i < 100 && status !== 2; i += 1) {
    status = ok<{ taskStatus: number }>(
      await call(at(i + 1), 'GET', `/biz/download/taskProgress/getTaskProgressById?id=${task.id}`, {
        token,
        tenantId: admin.tenantId,
      }),
      'task progress',
    ).taskStatus;
    if (status === 3) throw new Error('the export job failed');
    if (status !== 2) await new Promise((r) => setTimeout(r, 200));
  }
  if (status !== 2) throw new Error(`the export did not finish: status ${status}`);
  pass(
    `jobs + push: export queued on #0, run by whichever process's job worker claimed it, done as seen from #${1 % n}; its message reached the stream on #${1 % n} in ${pushMs.toFixed(0)} ms (${JSON.stringify((msg.data as { title?: string }).title)})`,
  );

  const ticket2 = ok<{ ticket: string }>(
    await call(at(0), 'POST', '/biz/message/message/streamTicket', { token, tenantId: admin.tenantId }),
    'stream ticket',
  ).ticket;
  const gotUnread = await readEvents(
    `${at(1)}/biz/message/message/stream?ticket=${encodeURIComponent(ticket2)}`,
    (e, d) => e === 'unread' && JSON.stringify(d).match(/"(total|count|all)":0\b/) !== null,
    30_000,
  );
  await gotUnread.opened();
  ok(
    await call(at(0), 'GET', '/biz/message/message/messageReadByUser', { token, tenantId: admin.tenantId }),
    'read all',
  );
  await gotUnread.done;
  pass(`push: marking all read through #0 sent the unread count 0 to the stream on #${1 % n}`);

  // A used ticket is refused on every process (single use is kept in the database).
  const reused = await fetch(`${at(2)}/biz/message/message/stream?ticket=${encodeURIComponent(ticket)}`);
  await reused.body?.cancel();
  if (reused.status !== 401) throw new Error(`a used stream ticket on #${2 % n}: HTTP ${reused.status}`);
  pass(`push: the used stream ticket is refused on #${2 % n}`);

  // Logout on one process ends the session on every other.
  ok(await call(at(1), 'POST', '/auth/token/logout', { token, tenantId: admin.tenantId }), 'logout');
  for (let i = 0; i < n; i += 1) {
    const after = await call(at(i), 'GET', '/admin/user/info', { token, tenantId: admin.tenantId });
    if (after.status !== 401) throw new Error(`after logout on #1, user info on #${i}: HTTP ${after.status}`);
  }
  pass(`session: logged out on #${1 % n}, refused (401) by each of ${n}`);
  return results;
}

// -------------------------------------------------------------------------------------------- load

interface Scenario {
  name: string;
  path: (session: Session) => string;
}
const SCENARIOS: Scenario[] = [
  { name: 'user info', path: () => '/admin/user/info' },
  { name: 'user list', path: () => '/admin/user/page?current=1&size=10' },
];

function request(agent: http.Agent, port: number, pathWithQuery: string, session: Session): Promise<void> {
  const headers: Record<string, string> = {
    ...signHeaders({ method: 'GET', pathWithQuery, signingKey: sha256Hex(session.token) }),
    [HEADER.authorization]: `Bearer ${session.token}`,
    [HEADER.tenantId]: String(session.tenantId),
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathWithQuery, method: 'GET', headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200 || !body.startsWith('{"code":0'))
            reject(new Error(`HTTP ${res.statusCode} ${body.slice(0, 120)}`));
          else resolve();
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface Row {
  processes: number;
  scenario: string;
  summary: LatencySummary;
  cpuMs: { bench: number; nginx: number; server: number; postgres: number };
  load: string;
}

async function measure(
  scenario: Scenario,
  nginx: Nginx,
  servers: ServerProc[],
  sessions: Session[],
  pgDir: string,
): Promise<Row> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: cfg.concurrency });
  let s0: ReturnType<typeof sample> | null = null;
  let s1: ReturnType<typeof sample> | null = null;
  const nginxPids = () => [nginx.pid, ...childrenOf(nginx.pid)];
  function sample() {
    return {
      bench: process.cpuUsage(),
      nginx: nginxPids().reduce((a, p) => a + cpuSeconds(p), 0),
      server: servers.reduce((a, s) => a + cpuSeconds(s.child.pid!), 0),
      pg: snapshotPostgresCpu(pgDir),
    };
  }
  let i = 0;
  const summary = await runClosedLoop({
    concurrency: cfg.concurrency,
    warmupMs: cfg.warmupSeconds * 1000,
    durationMs: cfg.seconds * 1000,
    op: () => {
      const session = sessions[i++ % sessions.length]!;
      return request(agent, nginx.port, scenario.path(session), session);
    },
    onWindow: (edge) => {
      if (edge === 'start') s0 = sample();
      else s1 = sample();
    },
  });
  agent.destroy();
  const a = s0!,
    b = s1!;
  const per = (seconds: number) => (seconds * 1000) / Math.max(1, summary.requests);
  const benchUs = process.cpuUsage(a.bench);
  return {
    processes: servers.length,
    scenario: scenario.name,
    summary,
    cpuMs: {
      bench: per((benchUs.user + benchUs.system) / 1e6),
      nginx: per(b.nginx - a.nginx),
      server: per(b.server - a.server),
      postgres: per(postgresCpuDeltaUs(a.pg, b.pg) / 1e6),
    },
    load: os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' '),
  };
}

// -------------------------------------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(cfg.nginx))
    throw new Error(`${cfg.nginx} is missing: apt-get install -y nginx (Debian's package)`);
  await checkSigner();
  log(
    `cluster bench: ${cfg.processes.join(', ')} server processes behind nginx, ${cfg.concurrency} in flight, ` +
      `${cfg.seconds} s per scenario after ${cfg.warmupSeconds} s warm-up, ${cfg.tenants} schools x ${cfg.usersPerTenant} users, ` +
      `pool ${cfg.pool} per process; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
  );
  log('\nset-up');
  const pgServer = await timed('PostgreSQL 15 (temporary cluster)', () => startTempPostgres());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-cluster-'));
  const running: ServerProc[] = [];
  let nginx: Nginx | null = null;
  const rows: Row[] = [];
  const checked: Record<number, string[]> = {};
  try {
    const database = await timed('migrations', () =>
      openDatabase({
        url: pgServer.url,
        poolSize: 4,
        appRole: 'psy_app',
        migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
      }),
    );
    await seedBench(database, {
      tenants: cfg.tenants,
      usersPerTenant: cfg.usersPerTenant,
      password: PASSWORD,
    });
    const pool = database.pool!;
    // Storage per user (row, indexes, TOAST, role links) for the capacity model (docs/scaling.md).
    await pool.query('vacuum analyze sys_user, user_role');
    const size = (
      await pool.query(
        `select (pg_total_relation_size('sys_user') + pg_total_relation_size('user_role'))::float8
                / (select count(*) from sys_user) as b`,
      )
    ).rows[0] as { b: number };
    log(`  storage per user (sys_user + user_role, with indexes): ${Math.round(size.b)} bytes`);
    const tenants = (await pool.query(`select id from tenant where code like 'bench%' order by id`)).rows.map(
      (r: { id: string }) => Number(r.id),
    );
    await buildServer();
    const nginxPort = await freePort();

    for (const n of cfg.processes) {
      log(`\n${n} process${n > 1 ? 'es' : ''}`);
      // The first process alone runs the migrations check; the others start beside it.
      while (running.length < n) running.push(await startClusterServer(pgServer.url, dataDir));
      while (running.length > n) await stopServer(running.pop()!);
      nginx?.stop();
      nginx = startNginx(running, nginxPort);
      const base = `http://127.0.0.1:${nginx.port}`;
      // Admins and students of every school signed in through nginx: user info for all, the list for admins.
      const sessions: Session[] = [];
      const adminSessions: Session[] = [];
      for (const tenantId of tenants) {
        for (const username of ['admin', 'student']) {
          const t = ok<{ access_token: string }>(await login(base, tenantId, username), `login ${username}`);
          const s = { tenantId, token: t.access_token };
          sessions.push(s);
          if (username === 'admin') adminSessions.push(s);
        }
      }
      // What the processes spend with no requests (job worker polls, timers): charged to no call.
      const idle0 = running.reduce((a, s) => a + cpuSeconds(s.child.pid!), 0);
      await new Promise((r) => setTimeout(r, 3000));
      const idleMsPerSecond =
        ((running.reduce((a, s) => a + cpuSeconds(s.child.pid!), 0) - idle0) * 1000) / 3;
      log(`  idle: the server processes use ${idleMsPerSecond.toFixed(0)} ms of CPU per second together`);
      for (const scenario of SCENARIOS) {
        const row = await measure(
          scenario,
          nginx,
          running,
          scenario.name === 'user list' ? adminSessions : sessions,
          pgServer.dir,
        );
        rows.push(row);
        const s = row.summary;
        log(
          `  ${scenario.name.padEnd(10)} ${s.rps.toFixed(0).padStart(5)} req/s  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  errors ${s.errors}` +
            `  CPU ms/req: bench ${row.cpuMs.bench.toFixed(2)}, nginx ${row.cpuMs.nginx.toFixed(2)}, servers ${row.cpuMs.server.toFixed(2)}, PostgreSQL ${row.cpuMs.postgres.toFixed(2)}` +
            `  (load ${row.load})`,
        );
        if (s.errors > 0) log(`    first error: ${s.firstError}`);
      }
      if (n >= 2) {
        log('  checks across processes (each call sent to a chosen process directly):');
        checked[n] = await checks(running, { tenantId: tenants[0]! });
      }
    }
    await database.close();
  } finally {
    nginx?.stop();
    for (const s of running) await stopServer(s);
    pgServer.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  log('\nsummary (ratio: requests/s against one process)');
  log(
    '| processes | call | req/s | ratio | p50 ms | p99 ms | errors | CPU ms/req bench / nginx / servers / PostgreSQL | load average |',
  );
  log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const one = rows.find((x) => x.processes === cfg.processes[0] && x.scenario === r.scenario)!;
    log(
      `| ${r.processes} | ${r.scenario} | ${r.summary.rps.toFixed(0)} | ${(r.summary.rps / one.summary.rps).toFixed(2)} | ${r.summary.p50.toFixed(1)} | ${r.summary.p99.toFixed(1)} | ${r.summary.errors} | ` +
        `${r.cpuMs.bench.toFixed(2)} / ${r.cpuMs.nginx.toFixed(2)} / ${r.cpuMs.server.toFixed(2)} / ${r.cpuMs.postgres.toFixed(2)} | ${r.load} |`,
    );
  }
  fs.mkdirSync(path.join(path.dirname(new URL(import.meta.url).pathname), 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(path.dirname(new URL(import.meta.url).pathname), 'results/cluster.json'),
    JSON.stringify({ cfg, rows, checked }, null, 2),
  );
  log(
    `\nReproduce: BENCH_PROCESSES=${cfg.processes.join(',')} BENCH_WARMUP_SECONDS=${cfg.warmupSeconds} BENCH_CONCURRENCY=${cfg.concurrency} BENCH_SECONDS=${cfg.seconds} ` +
      `BENCH_TENANTS=${cfg.tenants} BENCH_USERS_PER_TENANT=${cfg.usersPerTenant} npm run bench:cluster`,
  );
  const errors = rows.reduce((a, r) => a + r.summary.errors, 0);
  process.exit(errors > 0 ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
