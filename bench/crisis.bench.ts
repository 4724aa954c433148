// Benchmark of the crisis warning network (docs/crisis.md) on a real PostgreSQL 15, through the real HTTP
// app in this process. `npm run bench:crisis` at the repository root. Three figures:
//
//   1. signal -> push: class members report BENCH_SIGNALS signals in BENCH_SIGNAL_SECONDS (open loop,
//      evenly spaced); each record's first owner (the class advisor) has the message stream open, as a
//      browser does. Latency from the report request's start (an upper bound of its commit) to the
//      `message` event of that record's message on the owner's stream. Target: p99 < 5 s.
//   2. escalation lateness: the school sets the class level's deadline to 1 minute; BENCH_ESCALATIONS
//      signals nobody acknowledges; how long after its deadline each one reaches the faculty head
//      (the escalation event's commit minus the deadline). Target: within 60 s.
//   3. the open-signals board with BENCH_BOARD_RECORDS records in the school: POST /biz/crisis/board/page
//      as the centre head (whole school), a faculty head (5 classes) and an advisor (1 class), closed loop,
//      BENCH_CONCURRENCY in flight for BENCH_SECONDS each. Target: p95 < 100 ms.
//
// Settings (environment, defaults in brackets): BENCH_SIGNALS [500], BENCH_SIGNAL_SECONDS [60],
// BENCH_ESCALATIONS [20], BENCH_BOARD_RECORDS [10000], BENCH_CONCURRENCY [4], BENCH_SECONDS [8],
// BENCH_POOL [10], BENCH_JOB_WORKERS [4].
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HEADER, encryptPassword } from '@psy/contracts';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { hashPassword } from '@psy/server/src/core/security/password';
import { seedSchool, type SchoolSeed, type UserSeed } from '@psy/server/src/seed/school';
import { startTempPostgres } from './lib/pg-temp';
import { sha256Hex, signHeaders } from './lib/sign';
import { log, mapLimit, timed } from './lib/util';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Passw0rd!';
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return v;
};
const cfg = {
  signals: Math.round(num('BENCH_SIGNALS', 500)),
  signalSeconds: num('BENCH_SIGNAL_SECONDS', 60),
  escalations: Math.round(num('BENCH_ESCALATIONS', 20)),
  boardRecords: Math.round(num('BENCH_BOARD_RECORDS', 10_000)),
  concurrency: Math.round(num('BENCH_CONCURRENCY', 4)),
  seconds: num('BENCH_SECONDS', 8),
  pool: Math.round(num('BENCH_POOL', 10)),
  jobWorkers: Math.round(num('BENCH_JOB_WORKERS', 4)),
};

const FACULTIES = 8;
const CLASSES = 5;
const STUDENTS_PER_CLASS = 50;
const className = (f: number, c: number) => `F${f} Class ${c}`;

/** A school of 8 faculties of 5 classes, each class with its advisor and class member. */
function networkSchool(): SchoolSeed {
  const user = (username: string, roles: string[], dept?: string): UserSeed => ({
    username,
    password: PASSWORD,
    realName: username,
    roles,
    dept,
    phone: `138${String(Math.abs(hash(username)) % 1e8).padStart(8, '0')}`,
  });
  const users: UserSeed[] = [
    user('centrehead', ['CRISIS_ROLE_CENTER_SUPERINTENDENT'], 'Centre'),
    user('overallhead', ['CRISIS_ROLE_SUPERINTENDENT'], 'Centre'),
  ];
  for (let f = 1; f <= FACULTIES; f += 1) {
    users.push(user(`head${f}`, ['CRISIS_ROLE_FACULTY_SUPERINTENDENT'], `Faculty ${f}`));
    for (let c = 1; c <= CLASSES; c += 1) {
      users.push(user(`advisor${f}_${c}`, ['CRISIS_ROLE_CONSULTANT'], className(f, c)));
      users.push(user(`rep${f}_${c}`, ['CRISIS_ROLE_CLASS'], className(f, c)));
    }
  }
  return {
    code: 'crisisbench',
    name: 'Crisis Bench University',
    depts: [
      { name: 'Centre' },
      ...Array.from({ length: FACULTIES }, (_, i) => ({
        name: `Faculty ${i + 1}`,
        children: Array.from({ length: CLASSES }, (_, c) => ({ name: className(i + 1, c + 1) })),
      })),
    ],
    users,
  };
}

function hash(s: string) {
  let h = 0;
  for (const ch of s) h = (h * 31 + ch.charCodeAt(0)) | 0;
  return h;
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1] ?? NaN };
};
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '-');

async function main() {
  log(
    `crisis bench: ${cfg.signals} signals in ${cfg.signalSeconds} s, ${cfg.escalations} escalations, board with ${cfg.boardRecords} records`,
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
    const school = await timed('seed the school (8 faculties, 40 classes, the network)', () =>
      seedSchool(database, networkSchool()),
    );
    const tenantId = school.tenantId;
    await timed(`students (${FACULTIES * CLASSES * STUDENTS_PER_CLASS})`, async () => {
      const h = await hashPassword(PASSWORD);
      await pool.query(
        `insert into sys_user (tenant_id, username, password_hash, real_name, number_name, phone, sex, dept_id, user_type_id)
         select $1, 'stu' || d.id || '_' || g, $2, 'Student ' || d.id || '-' || g, 'S' || d.id || g,
           '139' || lpad((d.id * 100 + g)::text, 8, '0'), 1 + g % 2, d.id,
           (select id from user_type where tenant_id = $1 and code = 'student')
         from dept d cross join generate_series(1, $3::int) g
         where d.tenant_id = $1 and d.name like 'F% Class %'`,
        [tenantId, h, STUDENTS_PER_CLASS],
      );
      await pool.query(
        `insert into user_role (tenant_id, user_id, role_id)
         select u.tenant_id, u.id, r.id from sys_user u join role r on r.tenant_id = u.tenant_id and r.role_code = 'ROLE_GENERAL'
         where u.tenant_id = $1 and u.username like 'stu%'`,
        [tenantId],
      );
    });
    const students = new Map<string, number[]>();
    for (const r of (
      await pool.query<{ name: string; id: string }>(
        `select d.name, u.id from sys_user u join dept d on d.tenant_id = u.tenant_id and d.id = u.dept_id
         where u.tenant_id = $1 and u.username like 'stu%'`,
        [tenantId],
      )
    ).rows) {
      if (!students.has(r.name)) students.set(r.name, []);
      students.get(r.name)!.push(Number(r.id));
    }

    let smsSent = 0;
    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: pgServer.url,
      DB_POOL_SIZE: String(cfg.pool),
      LOG_LEVEL: 'silent',
      JOB_WORKERS: String(cfg.jobWorkers),
      LOGIN_IP_LIMIT_PER_MIN: '100000000',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      DATA_DIR: path.join(os.tmpdir(), 'psy-bench-crisis'),
    });
    const { app } = await buildApp({
      env,
      database,
      logger: false,
      // A gateway that answers at once: what is measured is ours, not a provider's.
      sms: { send: async () => void (smsSent += 1) },
    });
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
    // The answers' shapes are the contracts'; the bench reads a field or two of each.
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

    const classes = Array.from({ length: FACULTIES * CLASSES }, (_, i) => ({
      f: Math.floor(i / CLASSES) + 1,
      c: (i % CLASSES) + 1,
    }));
    const tokens = new Map<string, string>();
    await timed('sign in the advisors, class members and heads', async () => {
      const names = [
        'centrehead',
        'head1',
        ...classes.flatMap(({ f, c }) => [`advisor${f}_${c}`, `rep${f}_${c}`]),
      ];
      await mapLimit(names, 4, async (n) => tokens.set(n, await login(n)));
    });

    // ------------------------------------------------------------------ 1. signal -> push
    log(
      `\n1. signal -> the owner's pushed message (${cfg.signals} signals in ${cfg.signalSeconds} s, open loop)`,
    );
    const arrivals = new Map<number, number>(); // message id -> when its event arrived
    const streams: AbortController[] = [];
    await Promise.all(
      classes.map(async ({ f, c }) => {
        const token = tokens.get(`advisor${f}_${c}`)!;
        const { ticket } = await call(token, 'POST', '/biz/message/message/streamTicket');
        const ctl = new AbortController();
        streams.push(ctl);
        const res = await fetch(`${base}/biz/message/message/stream?ticket=${encodeURIComponent(ticket)}`, {
          signal: ctl.signal,
          headers: { [HEADER.tenantId]: String(tenantId) },
        });
        if (res.status !== 200 || !res.body) throw new Error(`stream: HTTP ${res.status}`);
        void (async () => {
          const decoder = new TextDecoder();
          let buf = '';
          try {
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
              buf += decoder.decode(chunk, { stream: true });
              let i: number;
              while ((i = buf.indexOf('\n\n')) >= 0) {
                const block = buf.slice(0, i);
                buf = buf.slice(i + 2);
                if (!block.includes('event: message')) continue;
                const data = block.split('\n').find((l) => l.startsWith('data: '));
                if (data)
                  arrivals.set(Number((JSON.parse(data.slice(6)) as { id: number }).id), performance.now());
              }
            }
          } catch {
            // aborted at the end
          }
        })();
      }),
    );
    const sent: { start: number; end: number; recordId: number }[] = [];
    const interval = (cfg.signalSeconds * 1000) / cfg.signals;
    const t0 = performance.now();
    let errors = 0;
    await Promise.all(
      Array.from({ length: cfg.signals }, async (_, i) => {
        const due = t0 + i * interval;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
        const { f, c } = classes[i % classes.length]!;
        const pool = students.get(className(f, c))!;
        const start = performance.now();
        try {
          const rec = await call(tokens.get(`rep${f}_${c}`)!, 'POST', '/biz/crisis/report/save', {
            studentId: pool[i % pool.length],
            crisisEvents: `bench signal ${i}`,
          });
          sent.push({ start, end: performance.now(), recordId: rec.id });
        } catch (err) {
          errors += 1;
          if (errors < 3) log('  report failed:', (err as Error).message);
        }
      }),
    );
    const sendSpan = (performance.now() - t0) / 1000;
    // The message of each record's first step to its owner, by id (written in the signal's transaction).
    const messageOf = new Map<number, number>();
    for (const r of (
      await pool.query<{ record_id: string; message_id: string }>(
        `select record_id, message_id from crisis_delivery where tenant_id = $1 and step = 0 and channel = 'inapp'`,
        [tenantId],
      )
    ).rows)
      messageOf.set(Number(r.record_id), Number(r.message_id));
    const waitUntil = performance.now() + 15_000;
    while (performance.now() < waitUntil && sent.some((s) => !arrivals.has(messageOf.get(s.recordId) ?? -1)))
      await new Promise((r) => setTimeout(r, 100));
    const fromStart: number[] = [];
    const fromAnswer: number[] = [];
    let missing = 0;
    for (const s of sent) {
      const at = arrivals.get(messageOf.get(s.recordId) ?? -1);
      if (at === undefined) {
        missing += 1;
        continue;
      }
      fromStart.push(at - s.start);
      fromAnswer.push(Math.max(0, at - s.end));
    }
    const call1 = summary(sent.map((s) => s.end - s.start));
    const push = summary(fromStart);
    const pushAfter = summary(fromAnswer);
    log(
      `  sent ${sent.length} reports in ${sendSpan.toFixed(1)} s (${(sent.length / sendSpan).toFixed(1)}/s), errors ${errors}`,
    );
    log(`  report call          p50 ${ms(call1.p50)}  p99 ${ms(call1.p99)}  max ${ms(call1.max)} ms`);
    log(
      `  request -> push      p50 ${ms(push.p50)}  p99 ${ms(push.p99)}  max ${ms(push.max)} ms   (target p99 < 5000)`,
    );
    log(
      `  answer -> push       p50 ${ms(pushAfter.p50)}  p99 ${ms(pushAfter.p99)}  max ${ms(pushAfter.max)} ms`,
    );
    log(`  pushed messages missing: ${missing}`);
    for (const s of streams) s.abort();

    // ------------------------------------------------------------------ 2. escalation lateness
    log(
      `\n2. escalation lateness (class level deadline 1 minute, ${cfg.escalations} signals nobody acknowledges)`,
    );
    const centre = tokens.get('centrehead')!;
    await call(centre, 'POST', '/biz/crisis/setting/reporting', {
      version: (await call(centre, 'GET', '/biz/crisis/setting/reporting')).version,
      ackMinutes: { 1: 1, 2: 20, 3: 10, 4: 5 },
      selfHelpEnabled: true,
      hotlines: [],
      reportDueDay: 5,
    });
    const escalating: number[] = [];
    for (let i = 0; i < cfg.escalations; i += 1) {
      const { f, c } = classes[i % classes.length]!;
      const rec = await call(tokens.get(`rep${f}_${c}`)!, 'POST', '/biz/crisis/report/save', {
        studentId: students.get(className(f, c))![STUDENTS_PER_CLASS - 1 - (i % 10)],
        crisisEvents: `escalation ${i}`,
      });
      escalating.push(rec.id);
      await new Promise((r) => setTimeout(r, 250));
    }
    const deadlines = new Map<number, number>();
    for (const r of (
      await pool.query<{ id: string; ack_deadline: Date }>(
        `select id, ack_deadline from crisis_record where id = any($1::bigint[])`,
        [escalating],
      )
    ).rows)
      deadlines.set(Number(r.id), r.ack_deadline.getTime());
    const escalatedAt = new Map<number, number>();
    const giveUp = Date.now() + 4 * 60_000;
    while (escalatedAt.size < escalating.length && Date.now() < giveUp) {
      for (const r of (
        await pool.query<{ record_id: string; at: Date }>(
          `select record_id, min(created_at) as at from crisis_event where kind = 'escalated' and record_id = any($1::bigint[]) group by record_id`,
          [escalating],
        )
      ).rows)
        escalatedAt.set(Number(r.record_id), r.at.getTime());
      await new Promise((r) => setTimeout(r, 1000));
    }
    const lateness = summary([...escalatedAt].map(([id, at]) => (at - deadlines.get(id)!) / 1000));
    log(
      `  escalated ${escalatedAt.size}/${escalating.length}; seconds after the deadline: p50 ${lateness.p50.toFixed(2)}  p99 ${lateness.p99.toFixed(2)}  max ${lateness.max.toFixed(2)}   (target <= 60)`,
    );

    // ------------------------------------------------------------------ 3. the board
    const existing = Number(
      (
        await pool.query<{ n: string }>(`select count(*) as n from crisis_record where tenant_id = $1`, [
          tenantId,
        ])
      ).rows[0]!.n,
    );
    const toAdd = Math.max(0, cfg.boardRecords - existing);
    await timed(
      `3. the board: ${toAdd} more records (open and closed, acknowledged or not) for ${cfg.boardRecords}`,
      async () => {
        await pool.query(
          `insert into crisis_record (tenant_id, student_id, student_dept_id, source, status, escalation_level,
           escalation_step, owner_ids, ack_deadline, acknowledged_at, acknowledged_by, crisis_events, created_at, closed_at)
         select u.tenant_id, u.id, u.dept_id,
           (array['report','dormitory','talk','case','screening','selfHelp'])[1 + g % 6],
           case when g % 10 < 6 then 3 when g % 10 < 8 then 2 else 1 end, 1, 0,
           array[(select a.id from sys_user a where a.tenant_id = u.tenant_id and a.dept_id = u.dept_id and a.username like 'advisor%' limit 1)],
           now() - (g % 1000) * interval '1 minute' + interval '30 minutes',
           case when g % 10 < 8 then now() - (g % 500) * interval '1 minute' end,
           case when g % 10 < 8 then (select a.id from sys_user a where a.tenant_id = u.tenant_id and a.dept_id = u.dept_id and a.username like 'advisor%' limit 1) end,
           'bulk', now() - (g % 2000) * interval '1 hour',
           case when g % 10 < 6 then now() - (g % 1000) * interval '1 hour' end
         from generate_series(1, $2::int) g
         join lateral (select id, tenant_id, dept_id from sys_user where tenant_id = $1 and username like 'stu%'
           order by id offset (g * 7919) % ${FACULTIES * CLASSES * STUDENTS_PER_CLASS} limit 1) u on true`,
          [tenantId, toAdd],
        );
        await pool.query('vacuum analyze crisis_record');
      },
    );
    const open = Number(
      (
        await pool.query<{ n: string }>(
          `select count(*) as n from crisis_record where tenant_id = $1 and status <> 3`,
          [tenantId],
        )
      ).rows[0]!.n,
    );
    log(`  ${existing + toAdd} records in the school, ${open} not closed`);
    const viewers = [
      ['centre head (whole school)', 'centrehead'],
      ['faculty head (5 classes)', 'head1'],
      ['advisor (1 class)', 'advisor1_1'],
    ] as const;
    const boardResults: Record<string, ReturnType<typeof summary> & { total: number; rps: number }> = {};
    for (const [label, user] of viewers) {
      for (const size of [10, 50]) {
        const token = tokens.get(user)!;
        const sample = await call(token, 'POST', '/biz/crisis/board/page', { current: 1, size });
        const lat: number[] = [];
        const runFor = async (msLimit: number, record: boolean) => {
          const stop = performance.now() + msLimit;
          let page = 0;
          await Promise.all(
            Array.from({ length: cfg.concurrency }, async () => {
              while (performance.now() < stop) {
                const t = performance.now();
                page += 1;
                await call(token, 'POST', '/biz/crisis/board/page', { current: 1 + (page % 3), size });
                if (record) lat.push(performance.now() - t);
              }
            }),
          );
        };
        await runFor(1500, false);
        await runFor(cfg.seconds * 1000, true);
        const s = summary(lat);
        boardResults[`${label}, size ${size}`] = { ...s, total: sample.total, rps: lat.length / cfg.seconds };
        log(
          `  ${label.padEnd(28)} size ${String(size).padStart(3)}  total ${String(sample.total).padStart(5)}  ${(lat.length / cfg.seconds).toFixed(0).padStart(4)} req/s  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)} ms   (target p95 < 100)`,
        );
      }
    }
    log(`\n  SMS sent through the gateway during the run: ${smsSent}`);

    const results = {
      when: new Date().toISOString(),
      cfg,
      push: {
        sent: sent.length,
        errors,
        missing,
        report: call1,
        requestToPush: push,
        answerToPush: pushAfter,
      },
      escalation: { escalated: escalatedAt.size, of: escalating.length, secondsLate: lateness },
      board: boardResults,
    };
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    fs.writeFileSync(path.join(HERE, 'results', 'crisis.json'), JSON.stringify(results, null, 2));
    log('\nreproduce: npm run bench:crisis   (results in bench/results/crisis.json)');
    await app.close();
    await database.close();
    if (missing > 0 || errors > 0 || escalatedAt.size < escalating.length) process.exitCode = 1;
  } finally {
    pgServer.stop();
  }
}

await main();
