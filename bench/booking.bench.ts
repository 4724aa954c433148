// Benchmark of scheduling and booking on a real PostgreSQL 15 (issue 13 figures): generating a term's
// schedules for 200 counsellors, the month view of that school, and a booking race of 1,000 concurrent
// attempts on 20 free slots. `npm run bench:booking` at the repository root.
//
// The server runs as production runs it, the built bundle (apps/server/dist/server.js) in a process of its
// own; the load comes from this process (signed calls over keep-alive connections), so the client's CPU is
// not spent on the server's event loop. Both share this machine's cores with PostgreSQL.
// BENCH_SERVER=inline runs the server in this process instead (buildApp), as this bench did before
// 2026-11-27: the load generator's work then delays the server's answers too.
//
// Settings (environment, defaults in brackets):
//   BENCH_COUNSELLORS [200]    counsellors of the school, each with a week template
//   BENCH_WEEKS [18]           length of the generated term in weeks
//   BENCH_STUDENTS [1000]      booking attempts (one student each)
//   BENCH_SLOTS [20]           free slots they race for
//   BENCH_RACE_INFLIGHT [0,50] races to run: attempts in flight in each (0: all at once), comma-separated
//   BENCH_SECONDS [8]          measured seconds of the month view
//   BENCH_CONCURRENCY [4]      month-view requests in flight
//   BENCH_POOL [10]            database pool size
//   BENCH_SERVER [process]     process: the built server in a child process; inline: in this process
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { HEADER, encryptPassword } from '@psy/contracts';
import { addDays, zonedDate } from '@psy/scheduling';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { hashPassword } from '@psy/server/src/core/security/password';
import { seedSchool } from '@psy/server/src/seed/school';
import { startTempPostgres } from './lib/pg-temp';
import { sha256Hex, signHeaders } from './lib/sign';
import { log, mapLimit, timed } from './lib/util';
import { postgresCpuDeltaUs, processCpuSeconds, snapshotPostgresCpu } from './lib/proc-cpu';
import { buildServer, startServer, stopServer, type ServerProc } from './lib/server-proc';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Passw0rd!';
const ZONE = 'Asia/Shanghai';
const num = (name: string, dflt: number, min = 1) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v < min) throw new Error(`${name} must be a number >= ${min}`);
  return Math.round(v);
};
const cfg = {
  counsellors: num('BENCH_COUNSELLORS', 200),
  weeks: num('BENCH_WEEKS', 18),
  students: num('BENCH_STUDENTS', 1000),
  slots: num('BENCH_SLOTS', 20),
  races: (process.env.BENCH_RACE_INFLIGHT ?? '0,50').split(',').map((x) => {
    const n = Number(x);
    if (!Number.isInteger(n) || n < 0) throw new Error('BENCH_RACE_INFLIGHT must be whole numbers >= 0');
    return n;
  }),
  seconds: num('BENCH_SECONDS', 8),
  concurrency: num('BENCH_CONCURRENCY', 4),
  pool: num('BENCH_POOL', 10),
  server: (process.env.BENCH_SERVER ?? 'process') as 'process' | 'inline',
};
if (!['process', 'inline'].includes(cfg.server)) throw new Error('BENCH_SERVER: process or inline');
/** The envelope of the calls this bench makes. */
type Answer = {
  code: number;
  msg: string;
  data: { created?: number; skipped?: unknown; reason?: string } | null;
};

const HOURS = ['08:00', '09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'];

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const stats = (lat: number[]) => {
  const s = [...lat].sort((a, b) => a - b);
  return {
    n: s.length,
    p50: +pct(s, 50).toFixed(1),
    p95: +pct(s, 95).toFixed(1),
    p99: +pct(s, 99).toFixed(1),
    max: +(s.at(-1) ?? NaN).toFixed(1),
  };
};

/**
 * CPU seconds since `start()` of the server process (with BENCH_SERVER=inline: this process, server and
 * load generator together), of this process (the load generator) and of PostgreSQL.
 */
function cpuMeter(pgDir: string, serverPid: number | undefined) {
  const node0 = process.cpuUsage();
  const server0 = processCpuSeconds(serverPid);
  const pg0 = snapshotPostgresCpu(pgDir);
  return () => {
    const n = process.cpuUsage(node0);
    const clientS = (n.user + n.system) / 1e6;
    return {
      nodeCpuS: +(serverPid === undefined ? clientS : processCpuSeconds(serverPid) - server0).toFixed(2),
      clientCpuS: serverPid === undefined ? null : +clientS.toFixed(2),
      pgCpuS: +(postgresCpuDeltaUs(pg0, snapshotPostgresCpu(pgDir)) / 1e6).toFixed(2),
    };
  };
}

/** Per-call CPU in words: the server's alone when it has a process of its own. */
const cpuText = (serverMs: number, clientMs: number | null) =>
  clientMs === null
    ? `server+client ${serverMs.toFixed(1)} ms`
    : `server ${serverMs.toFixed(1)} ms, client ${clientMs.toFixed(1)} ms`;

async function main() {
  log(
    `booking bench: ${cfg.counsellors} counsellors, a term of ${cfg.weeks} weeks, ${cfg.students} attempts on ${cfg.slots} slots`,
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
    await timed('seed school', () =>
      seedSchool(database, {
        code: 'sched',
        name: 'Bench scheduling',
        depts: [{ name: 'Centre' }, { name: 'Students' }],
        users: [{ username: 'admin', password: PASSWORD, realName: 'Bench Admin', roles: ['ROLE_ADMIN'] }],
      }),
    );
    const tenantId = String(
      (await pool.query<{ id: string }>(`select id from tenant where code = 'sched'`)).rows[0]!.id,
    );
    const hash = await hashPassword(PASSWORD);
    await timed(
      `${cfg.counsellors} counsellors and ${cfg.students} students, a site with ${cfg.counsellors} rooms`,
      async () => {
        for (const [prefix, count, roleCode] of [
          ['c', cfg.counsellors, 'ROLE_CONSULTANT'],
          ['s', cfg.students, 'ROLE_GENERAL'],
        ] as const) {
          await pool.query(
            `insert into sys_user (tenant_id, username, password_hash, real_name, dept_id)
           select $1, $2 || lpad(g::text, 5, '0'), $3, $2 || g, (select id from dept where tenant_id = $1 and name = 'Students')
           from generate_series(1, $4::int) g`,
            [tenantId, prefix, hash, count],
          );
          await pool.query(
            `insert into user_role (tenant_id, user_id, role_id)
           select u.tenant_id, u.id, r.id from sys_user u join role r on r.tenant_id = u.tenant_id and r.role_code = $3
           where u.tenant_id = $1 and u.username like $2 || '%' and u.username <> 'admin'`,
            [tenantId, prefix, roleCode],
          );
        }
        const site = await pool.query<{ id: string }>(
          `insert into site (tenant_id, name) values ($1, 'Centre') returning id`,
          [tenantId],
        );
        await pool.query(
          `insert into site_room (tenant_id, site_id, name) select $1, $2, 'Room ' || g from generate_series(1, $3::int) g`,
          [tenantId, site.rows[0]!.id, cfg.counsellors],
        );
        // Each counsellor: every weekday, 8 one-hour slots, in their own room.
        await pool.query(
          `insert into schedule_template (tenant_id, counsellor_id, site_id, room_id, kind, category, week, start_time, end_time)
         select $1, c.id, $2, r.id, 'consult', 2, w, h, lpad((split_part(h, ':', 1)::int + 1)::text, 2, '0') || ':00'
         from (select id, row_number() over (order by id) as n from sys_user where tenant_id = $1 and username like 'c%') c
         join (select id, row_number() over (order by id) as n from site_room where tenant_id = $1) r on r.n = c.n
         cross join generate_series(1, 5) w cross join unnest($3::text[]) h`,
          [tenantId, site.rows[0]!.id, HOURS],
        );
      },
    );

    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: pgServer.url,
      DB_POOL_SIZE: String(cfg.pool),
      LOG_LEVEL: 'silent',
      JOB_WORKERS: '0',
      LOGIN_IP_LIMIT_PER_MIN: '100000000',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      DATA_DIR: path.join(os.tmpdir(), 'psy-bench-booking'),
    });
    let server: ServerProc | null = null;
    let inline: Awaited<ReturnType<typeof buildApp>>['app'] | null = null;
    let base: string;
    if (cfg.server === 'process') {
      await buildServer();
      const {
        DATABASE_URL,
        DB_POOL_SIZE,
        JOB_WORKERS,
        LOGIN_IP_LIMIT_PER_MIN,
        SMS_ADAPTER,
        SMS_GATEWAY_URL,
      } = env;
      server = await startServer({
        DATABASE_URL: String(DATABASE_URL),
        DB_POOL_SIZE: String(DB_POOL_SIZE),
        LOG_LEVEL: 'warn',
        JOB_WORKERS: String(JOB_WORKERS),
        LOGIN_IP_LIMIT_PER_MIN: String(LOGIN_IP_LIMIT_PER_MIN),
        SMS_ADAPTER: String(SMS_ADAPTER),
        SMS_GATEWAY_URL: String(SMS_GATEWAY_URL),
        DATA_DIR: path.join(os.tmpdir(), 'psy-bench-booking'),
      });
      base = server.base;
    } else {
      inline = (await buildApp({ env, database, logger: false })).app;
      await inline.listen({ port: 0, host: '127.0.0.1' });
      const address = inline.server.address();
      if (!address || typeof address === 'string') throw new Error('no TCP address');
      base = `http://127.0.0.1:${address.port}`;
    }
    const serverPid = server?.child.pid;
    log(`  server: ${cfg.server === 'process' ? `dist/server.js, process ${serverPid}` : 'in this process'}`);
    // Keep-alive connections, as a browser holds them; as many as there are calls in flight.
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const { port } = new URL(base);

    const key = (
      (await (
        await fetch(`${base}/auth/publicKey`, {
          headers: signHeaders({ method: 'GET', pathWithQuery: '/auth/publicKey' }),
        })
      ).json()) as {
        data: { keyId: string; spki: string };
      }
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
            [HEADER.tenantId]: tenantId,
            ...signHeaders({ method: 'POST', pathWithQuery: p, body }),
          },
        })
      ).json()) as { data: { access_token: string } };
      return res.data.access_token;
    };
    const call = (token: string, method: 'GET' | 'POST', p: string, payload?: unknown) => {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const headers = {
        ...(body ? { 'content-type': 'application/json' } : {}),
        [HEADER.authorization]: `Bearer ${token}`,
        [HEADER.tenantId]: tenantId,
        ...signHeaders({ method, pathWithQuery: p, body, signingKey: sha256Hex(token) }),
      };
      return new Promise<{ status: number; json: Answer }>((resolve, reject) => {
        const req = http.request(
          { agent, host: '127.0.0.1', port: Number(port), method, path: p, headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('error', reject);
            res.on('end', () => {
              try {
                const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer;
                resolve({ status: res.statusCode ?? 0, json });
              } catch (err) {
                reject(err instanceof Error ? err : new Error(String(err)));
              }
            });
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    };
    const admin = await login('admin');
    const results: Record<string, unknown> = {};

    // 1. Generation of a term for every counsellor, through the real call.
    const today = zonedDate(new Date(), ZONE);
    const startDate = addDays(today, 1);
    const endDate = addDays(startDate, cfg.weeks * 7 - 1);
    log(
      `\n1. generating ${startDate} .. ${endDate} for ${cfg.counsellors} counsellors (POST /biz/consult/schedule/generate)`,
    );
    const g0 = performance.now();
    const genCpu = cpuMeter(pgServer.dir, serverPid);
    const gen = await call(admin, 'POST', '/biz/consult/schedule/generate', { startDate, endDate });
    const genMs = performance.now() - g0;
    const gc = genCpu();
    if (gen.status !== 200) throw new Error(`generate failed: ${JSON.stringify(gen.json)}`);
    log(
      `  created ${gen.json.data!.created} slots in ${(genMs / 1000).toFixed(2)} s (target < 5 s): ${genMs < 5000 ? 'met' : 'MISSED'}; CPU: server ${gc.nodeCpuS} s, PostgreSQL ${gc.pgCpuS} s (one request runs on one core of each: on an idle machine the wall time is about their sum)`,
    );
    results.generate = {
      created: gen.json.data!.created,
      seconds: +(genMs / 1000).toFixed(2),
      skipped: gen.json.data!.skipped,
      ...gc,
    };
    await pool.query('vacuum analyze');

    // 2. The month view of the whole school, and of one counsellor.
    const month = addDays(startDate, 14).slice(0, 7);
    for (const [label, body] of [
      ['school', { month }],
      [
        'one counsellor',
        {
          month,
          counsellorId: Number(
            (
              await pool.query(`select id from sys_user where tenant_id = $1 and username = 'c00001'`, [
                tenantId,
              ])
            ).rows[0].id,
          ),
        },
      ],
    ] as const) {
      const lat: number[] = [];
      const stop = performance.now() + cfg.seconds * 1000;
      let errors = 0;
      const meter = cpuMeter(pgServer.dir, serverPid);
      await Promise.all(
        Array.from({ length: cfg.concurrency }, async () => {
          while (performance.now() < stop) {
            const t0 = performance.now();
            const r = await call(admin, 'POST', '/biz/consult/schedule/month', body);
            if (r.status !== 200) errors += 1;
            else lat.push(performance.now() - t0);
          }
        }),
      );
      const s = stats(lat);
      const c = meter();
      const perReq = {
        nodeCpuMs: +((c.nodeCpuS * 1000) / Math.max(1, s.n)).toFixed(1),
        clientCpuMs: c.clientCpuS === null ? null : +((c.clientCpuS * 1000) / Math.max(1, s.n)).toFixed(1),
        pgCpuMs: +((c.pgCpuS * 1000) / Math.max(1, s.n)).toFixed(1),
      };
      log(
        `\n2. month view (${label}, ${month}, ${cfg.concurrency} in flight): ${s.n} requests, p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, errors ${errors} (target p95 < 100 ms): ${s.p95 < 100 ? 'met' : 'MISSED'}; CPU per request: ${cpuText(perReq.nodeCpuMs, perReq.clientCpuMs)}, PostgreSQL ${perReq.pgCpuMs} ms`,
      );
      results[`month:${label}`] = { ...s, errors, ...perReq };
    }

    // 3. The booking race: every student tries one of the free slots at the same moment.
    log(`\n3. booking race: logging in ${cfg.students} students`);
    const students = await pool.query<{ username: string }>(
      `select username from sys_user where tenant_id = $1 and username like 's%' order by id limit $2`,
      [tenantId, cfg.students],
    );
    const tokens = await mapLimit(
      students.rows.map((r) => r.username),
      4,
      (u) => login(u),
    );
    // The winners of one race stay eligible for the next (one upcoming appointment each by default).
    await call(admin, 'POST', '/biz/consult/schedule/policy', { maxUpcomingPerVisitor: 10 });
    let allMet = true;
    for (const [round, inFlight] of cfg.races.entries()) {
      const slotRows = await pool.query<{ id: string }>(
        `select id from schedule_slot where tenant_id = $1 and status = 1 and starts_at > now() + interval '1 day'
         order by starts_at, id offset $3 limit $2`,
        // Each race at another hour of the first day: the winners of one are not busy at the next one's time.
        [tenantId, cfg.slots, round * cfg.counsellors * 2],
      );
      const slotIds = slotRows.rows.map((r) => Number(r.id));
      const outcomes: { status: number; reason: string | null; msg: string; ms: number }[] = [];
      const attempt = async (token: string, i: number) => {
        const t0 = performance.now();
        const r = await call(token, 'POST', '/biz/consult/appointment/book', {
          slotId: slotIds[i % slotIds.length],
          type: 2,
        });
        outcomes.push({
          status: r.status,
          reason: r.json.data?.reason ?? null,
          msg: r.json.msg,
          ms: performance.now() - t0,
        });
      };
      const meter = cpuMeter(pgServer.dir, serverPid);
      const r0 = performance.now();
      if (inFlight === 0) await Promise.all(tokens.map((tk, i) => attempt(tk, i)));
      else await mapLimit(tokens, inFlight, (tk, i) => attempt(tk, i));
      const raceMs = performance.now() - r0;
      const c = meter();
      const booked = Number(
        (
          await pool.query(
            `select count(*) from appointment where tenant_id = $1 and slot_id = any($2::bigint[])`,
            [tenantId, slotIds],
          )
        ).rows[0].count,
      );
      const won = outcomes.filter((o) => o.status === 200).length;
      const refused = outcomes.filter(
        (o) => o.status === 409 && o.reason === 'slotTaken' && o.msg.length > 0,
      ).length;
      const other = outcomes.length - won - refused;
      const st = stats(outcomes.map((o) => o.ms));
      const met = booked === slotIds.length && won === slotIds.length && other === 0;
      allMet &&= met;
      log(
        `  race ${round + 1}: ${outcomes.length} attempts, ${inFlight || 'all'} in flight, in ${(raceMs / 1000).toFixed(2)} s (${Math.round(outcomes.length / (raceMs / 1000))}/s): ${won} booked, ${refused} refused 409 slotTaken ("${outcomes.find((o) => o.status === 409)?.msg ?? ''}"), ${other} other`,
      );
      log(
        `    appointments on the ${slotIds.length} slots: ${booked} (exactly ${slotIds.length} expected): ${met ? 'met' : 'MISSED'}`,
      );
      log(
        `    latency p50 ${st.p50} ms, p95 ${st.p95} ms, p99 ${st.p99} ms, max ${st.max} ms (target p99 < 200 ms): ${st.p99 < 200 ? 'met' : 'MISSED'}; CPU per attempt: ${cpuText((c.nodeCpuS * 1000) / outcomes.length, c.clientCpuS === null ? null : (c.clientCpuS * 1000) / outcomes.length)}, PostgreSQL ${((c.pgCpuS * 1000) / outcomes.length).toFixed(1)} ms`,
      );
      const wonSt = stats(outcomes.filter((o) => o.status === 200).map((o) => o.ms));
      const refusedSt = stats(outcomes.filter((o) => o.status !== 200).map((o) => o.ms));
      log(
        `    of which booked: p50 ${wonSt.p50} ms, p99 ${wonSt.p99} ms; refused: p50 ${refusedSt.p50} ms, p99 ${refusedSt.p99} ms`,
      );
      results[`race:${inFlight || 'all'}`] = {
        bookedLatency: wonSt,
        refusedLatency: refusedSt,
        attempts: outcomes.length,
        inFlight: inFlight || outcomes.length,
        won,
        refused,
        other,
        booked,
        seconds: +(raceMs / 1000).toFixed(2),
        ...st,
        ...c,
      };
    }

    agent.destroy();
    if (server) await stopServer(server);
    await inline?.close();
    await database.close();
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    const file = path.join(HERE, 'results', `booking-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({ cfg, cpus: os.cpus().length, load: os.loadavg(), results }, null, 2),
    );
    log(`\nresults: ${path.relative(process.cwd(), file)}`);
    log(
      `reproduce: BENCH_COUNSELLORS=${cfg.counsellors} BENCH_WEEKS=${cfg.weeks} BENCH_STUDENTS=${cfg.students} BENCH_SLOTS=${cfg.slots} BENCH_RACE_INFLIGHT=${cfg.races.join(',')} npm run bench:booking`,
    );
    if (!allMet) process.exitCode = 1;
  } finally {
    pgServer.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
