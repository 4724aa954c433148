// Benchmark of the assessment area on a real PostgreSQL 15 (docs/assessment.md; issue figures):
//   1. 5,000 students take an SCL-90 through the real HTTP app: start, three saves of 30 items, submit.
//      Every answer is scored and stored, every warning raised (checked against @psy/scoring); the
//      submit latency percentiles and the wall time are printed (target: all within 10 minutes, p99
//      submit under 300 ms).
//   2. The comprehensive analysis of that plan grown to 50,000 answers (45,000 more by SQL), by
//      department, grade and sex (target: under 2 s).
// `npm run bench:assessment` at the repository root.
//
// Settings (environment, defaults in brackets):
//   BENCH_STUDENTS [5000]       students who answer through HTTP
//   BENCH_CONCURRENCY [16]      students answering at once (closed loop)
//   BENCH_ANSWERS [50000]       answers of the plan for the analysis
//   BENCH_POOL [10]             database pool size
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Pool } from 'pg';
import { HEADER } from '@psy/contracts';
import { scoreScale, warningReasonsOf } from '@psy/scoring';
import { builtinScale } from '@psy/scoring/library';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { seedSchool } from '@psy/server/src/seed/school';
import { startTempPostgres } from './lib/pg-temp';
import { postgresCpuDeltaUs, snapshotPostgresCpu } from './lib/proc-cpu';
import { sha256Hex, signHeaders } from './lib/sign';
import { log, timed } from './lib/util';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench-Passw0rd!';
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(v) || v <= 0) throw new Error(`${name} must be a positive number`);
  return Math.round(v);
};
const cfg = {
  students: num('BENCH_STUDENTS', 5000),
  concurrency: num('BENCH_CONCURRENCY', 16),
  answers: num('BENCH_ANSWERS', 50_000),
  pool: num('BENCH_POOL', 10),
};
const SCL90 = builtinScale('SCL90', 1)!;
const DEPTS = [
  'Engineering 2024',
  'Engineering 2025',
  'Arts 2024',
  'Arts 2025',
  'Science 2024',
  'Science 2025',
];
const GRADES = ['2022', '2023', '2024', '2025'];

/** Deterministic answers: most students low, a tail high (so warnings and critical items occur). */
function answersOf(i: number): Record<number, number> {
  let seed = (i * 2654435761) >>> 0;
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const severity = rand() ** 3;
  return Object.fromEntries(
    SCL90.items.map((it) => [
      it.no,
      Math.min(5, Math.max(1, Math.round(1 + severity * 4 + (rand() - 0.5) * 1.6))),
    ]),
  );
}

async function seedStudents(pool: Pool, tenantId: number, n: number) {
  await pool.query(
    `insert into sys_user (tenant_id, username, real_name, number_name, sex, birthday, dept_id, user_type_id, year_info)
     select $1, 'stu' || lpad(g::text, 6, '0'), '学生' || g, 'S' || lpad(g::text, 7, '0'), 1 + g % 2, date '2004-01-01' + g % 900,
       (select id from dept where tenant_id = $1 and name = ($3::text[])[1 + g % 6]),
       (select id from user_type where tenant_id = $1 and code = 'student'),
       ($4::text[])[1 + g % 4]
     from generate_series(1, $2::int) g`,
    [tenantId, n, DEPTS, GRADES],
  );
  await pool.query(
    `insert into user_role (tenant_id, user_id, role_id)
     select u.tenant_id, u.id, r.id from sys_user u join role r on r.tenant_id = u.tenant_id and r.role_code = 'ROLE_GENERAL'
     where u.tenant_id = $1 and u.username like 'stu%'`,
    [tenantId],
  );
}

/** Signed-in sessions without argon2 (the login is not what is measured): token rows as the server issues them. */
async function issueTokens(pool: Pool, tenantId: number, usernames: string[] | null) {
  const users = await pool.query<{ id: string; username: string }>(
    `select id, username from sys_user where tenant_id = $1 and ${usernames ? `username = any($2)` : `username like 'stu%'`} order by id`,
    usernames ? [tenantId, usernames] : [tenantId],
  );
  const tokens = new Map<string, string>();
  const rows: unknown[][] = [];
  for (const u of users.rows) {
    const token = randomBytes(32).toString('base64url');
    tokens.set(u.username, token);
    rows.push([tenantId, u.id, randomBytes(8).toString('hex'), sha256Hex(token), sha256Hex(randomBytes(32))]);
  }
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await pool.query(
      `insert into auth_token (tenant_id, user_id, family_id, access_hash, refresh_hash, client_port, access_expires_at, refresh_expires_at)
       select * , 'pc', now() + interval '1 day', now() + interval '2 days' from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[])`,
      [0, 1, 2, 3, 4].map((k) => chunk.map((r) => r[k])),
    );
  }
  return tokens;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s.at(-1)! };
};
const ms = (v: number) => v.toFixed(1);

async function main() {
  log(
    `assessment bench: ${cfg.students} students x SCL-90, ${cfg.concurrency} at once; analysis of ${cfg.answers} answers`,
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
    const school = await timed('seed school', () =>
      seedSchool(database, {
        code: 'bench',
        name: 'Bench University',
        depts: [{ name: 'Centre' }, { name: 'Faculties', children: DEPTS.map((name) => ({ name })) }],
        users: [
          {
            username: 'assessor',
            password: PASSWORD,
            realName: 'Assessor',
            roles: ['ROLE_ASSESSMENT'],
            dept: 'Centre',
          },
          {
            username: 'crisis',
            password: PASSWORD,
            realName: 'Crisis',
            roles: ['CRISIS_ROLE_CENTER_SUPERINTENDENT'],
            dept: 'Centre',
          },
        ],
      }),
    );
    const tenantId = school.tenantId;
    await timed(`${cfg.students} students`, () => seedStudents(pool, tenantId, cfg.students));
    const tokens = await timed('sessions', async () => {
      const t = await issueTokens(pool, tenantId, null);
      for (const [k, v] of await issueTokens(pool, tenantId, ['assessor'])) t.set(k, v);
      return t;
    });
    await pool.query('vacuum analyze');

    const env = loadEnv({
      NODE_ENV: 'production',
      DATABASE_URL: pgServer.url,
      DB_POOL_SIZE: String(cfg.pool),
      LOG_LEVEL: 'silent',
      JOB_WORKERS: '1',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
      DATA_DIR: path.join(os.tmpdir(), 'psy-bench-assessment'),
    });
    const { app } = await buildApp({ env, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    const base = `http://127.0.0.1:${address.port}`;

    const call = async (
      username: string,
      method: 'GET' | 'POST',
      pathWithQuery: string,
      payload?: unknown,
    ) => {
      const token = tokens.get(username)!;
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      const res = await fetch(base + pathWithQuery, {
        method,
        body,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          [HEADER.authorization]: `Bearer ${token}`,
          [HEADER.tenantId]: String(tenantId),
          ...signHeaders({ method, pathWithQuery, body, signingKey: sha256Hex(token) }),
        },
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many calls; the bench reads a few fields
      const json = (await res.json()) as { code: number; data: any };
      if (res.status !== 200 || json.code !== 0)
        throw new Error(`${pathWithQuery}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
      return json.data;
    };

    const scales = await call('assessor', 'POST', '/biz/scale/scale/page', { size: 100 });
    const scaleId = scales.records.find((s: { code: string }) => s.code === 'SCL90').id as number;
    const faculties = (
      await pool.query<{ id: string }>(`select id from dept where tenant_id = $1 and name = 'Faculties'`, [
        tenantId,
      ])
    ).rows[0]!.id;
    const plan = await call('assessor', 'POST', '/biz/plantest/plan/save', {
      name: 'Freshman screening',
      kind: 1,
      scales: [{ scaleId }],
      audience: { deptIds: [Number(faculties)] },
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + 86_400_000).toISOString(),
      remindOnPublish: false,
    });
    await call('assessor', 'POST', '/biz/plantest/plan/publish', { id: plan.id });

    // --- 1. answering ---
    log(
      `\n1. ${cfg.students} students answer the SCL-90 (start, 3 saves of 30 items, submit), ${cfg.concurrency} at once`,
    );
    const students = [...tokens.keys()].filter((u) => u.startsWith('stu'));
    const submitMs: number[] = [];
    const startMs: number[] = [];
    const saveMs: number[] = [];
    const flowMs: number[] = [];
    const cpu0 = process.cpuUsage();
    const pg0 = snapshotPostgresCpu(pgServer.dir);
    let expectedWarnings = 0;
    let expectedCritical = 0;
    let next = 0;
    let errors = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: cfg.concurrency }, async () => {
        while (next < students.length) {
          const i = next++;
          const u = students[i]!;
          const answers = answersOf(i);
          const expected = scoreScale(SCL90, answers);
          const reasons = warningReasonsOf(expected, { onHighRisk: true });
          if (reasons.length) expectedWarnings += 1;
          if (expected.critical.length) expectedCritical += 1;
          try {
            const f0 = performance.now();
            const task = await call(u, 'POST', '/biz/plantest/userPlan/start', { planId: plan.id, scaleId });
            startMs.push(performance.now() - f0);
            for (let k = 0; k < 3; k += 1) {
              const part = Object.fromEntries(Object.entries(answers).slice(k * 30, k * 30 + 30));
              const v0 = performance.now();
              await call(u, 'POST', '/biz/plantest/userPlan/saveProgress', {
                taskId: task.taskId,
                responses: part,
                position: k * 30 + 30,
              });
              saveMs.push(performance.now() - v0);
            }
            const s0 = performance.now();
            await call(u, 'POST', '/biz/plantest/userPlan/submit', { taskId: task.taskId });
            const end = performance.now();
            submitMs.push(end - s0);
            flowMs.push(end - f0);
          } catch (e) {
            errors += 1;
            if (errors < 5) log(`  error: ${(e as Error).message}`);
          }
        }
      }),
    );
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const nodeCpuMs = (cpu.user + cpu.system) / 1000;
    const pgCpuMs = postgresCpuDeltaUs(pg0, snapshotPostgresCpu(pgServer.dir)) / 1000;
    const sub = stats(submitMs);
    const flow = stats(flowMs);
    const counts = (
      await pool.query<{ answers: string; warnings: string; critical: string; jobs: string }>(
        `select (select count(*) from assessment_answer where plan_id = $1) as answers,
                (select count(*) from assessment_warning where plan_id = $1) as warnings,
                (select count(*) from assessment_warning where plan_id = $1 and level = 1) as critical,
                (select count(*) from job where queue = 'assessment.warning-deliver') as jobs`,
        [plan.id],
      )
    ).rows[0]!;
    log(
      `  wall time ${wall.toFixed(1)} s (${(cfg.students / wall).toFixed(1)} students/s), errors ${errors}`,
    );
    log(
      `  submit  ms: p50 ${ms(sub.p50)}  p95 ${ms(sub.p95)}  p99 ${ms(sub.p99)}  max ${ms(sub.max)}  (n=${sub.n})`,
    );
    log(`  5 calls ms: p50 ${ms(flow.p50)}  p95 ${ms(flow.p95)}  p99 ${ms(flow.p99)}  max ${ms(flow.max)}`);
    log(`  start ms p50 ${ms(stats(startMs).p50)}, save ms p50 ${ms(stats(saveMs).p50)}`);
    const perStudent = (nodeCpuMs + pgCpuMs) / cfg.students;
    log(
      `  CPU per student (5 calls): server + load generator ${ms(nodeCpuMs / cfg.students)} ms, PostgreSQL ${ms(pgCpuMs / cfg.students)} ms: ` +
        `${perStudent.toFixed(1)} ms in all, so 2 idle cores take about ${Math.round(2000 / perStudent)} students/s`,
    );
    log(`  machine load average while running: ${os.loadavg()[0]!.toFixed(1)} (${os.cpus().length} cores)`);
    // Storage per submitted answer, all tables of the module (rows, indexes, TOAST), for the capacity model
    // of docs/scaling.md; measured on the answers made through HTTP only (part 2 adds bare rows).
    await pool.query('vacuum analyze');
    const stored = (
      await pool.query(
        `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::float8 as b from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' and c.relname like 'assessment%'`,
      )
    ).rows[0] as { b: number };
    log(
      `  storage of the assessment tables per answer: ${Math.round(stored.b / cfg.students)} bytes (${(stored.b / 1024 / 1024).toFixed(1)} MB for ${cfg.students}, plan and scale included)`,
    );
    log(
      `  stored: ${counts.answers} answers, ${counts.warnings} warnings (${counts.critical} critical), ${counts.jobs} delivery jobs`,
    );
    log(
      `  expected by @psy/scoring: ${cfg.students} answers, ${expectedWarnings} warnings (${expectedCritical} critical)`,
    );
    const answeringOk =
      errors === 0 &&
      Number(counts.answers) === cfg.students &&
      Number(counts.warnings) === expectedWarnings &&
      Number(counts.jobs) === expectedWarnings &&
      wall < 600 &&
      sub.p99 < 300;

    // --- 2. analysis ---
    const extra = cfg.answers - cfg.students;
    log(`\n2. comprehensive analysis of ${cfg.answers} answers (${extra} more added by SQL)`);
    await timed(`insert ${extra} answers with their factor rows`, async () => {
      if (extra <= 0) return;
      await pool.query(
        `insert into assessment_answer (tenant_id, plan_id, scale_id, anonymous, dept_id, grade, sex, attempt, responses, result,
           total, risk_score, risk_grade, level, screen_positive, critical, warning, submitted_at)
         select $1, $2, $3, false, d.ids[1 + g % 6], ($5::text[])[1 + g % 4], 1 + g % 2, 1, '{}', '{}',
           90 + (hashint4(g) & 255), least(100, (hashint4(g) & 255) * 0.5), case when (hashint4(g) & 255) > 160 then 1 when (hashint4(g) & 255) > 120 then 2 else 3 end,
           0, (hashint4(g) & 255) > 70, (hashint4(g * 3) & 1023) = 0, (hashint4(g) & 255) > 160, now()
         from generate_series(1, $4::int) g,
           (select array_agg(id order by id) as ids from dept where tenant_id = $1 and name = any($6::text[])) d`,
        [tenantId, plan.id, scaleId, extra, GRADES, DEPTS],
      );
      // Statistics first: the foreign-key check of each factor row plans its look-up of the answer by them.
      await pool.query('analyze assessment_answer');
      // The answers added above (no task, no responses) get factor rows; the HTTP answers have theirs.
      await pool.query(
        `insert into assessment_answer_factor (tenant_id, answer_id, code, score, plan_id, scale_id, dept_id, grade, sex)
         select a.tenant_id, a.id, f.code, 1 + ((hashint4((a.id * 31 + f.k)::int) & 1023) / 1023.0) * 2,
           a.plan_id, a.scale_id, a.dept_id, a.grade, a.sex
         from assessment_answer a
         cross join (select * from unnest($3::text[]) with ordinality as x(code, k)) f
         where a.tenant_id = $1 and a.plan_id = $2 and a.task_id is null and a.responses = '{}'::jsonb`,
        [tenantId, plan.id, SCL90.factors.map((f) => f.code)],
      );
      await pool.query('vacuum analyze assessment_answer, assessment_answer_factor');
    });
    const analysis: Record<
      string,
      ReturnType<typeof stats> & { groups: number; count: number; cpuMs: number }
    > = {};
    for (const groupBy of ['dept', 'grade', 'sex'] as const) {
      const times: number[] = [];
      const c0 = process.cpuUsage();
      const p0 = snapshotPostgresCpu(pgServer.dir);
      let last: { groups: unknown[]; all: { count: number } } = { groups: [], all: { count: 0 } };
      for (let k = 0; k < 6; k += 1) {
        const a0 = performance.now();
        last = await call('assessor', 'POST', '/biz/plantest/report/comprehensive', {
          planId: plan.id,
          scaleId,
          groupBy,
        });
        if (k > 0) times.push(performance.now() - a0);
      }
      const cpuUs = process.cpuUsage(c0);
      const cpuMs =
        ((cpuUs.user + cpuUs.system) / 1000 +
          postgresCpuDeltaUs(p0, snapshotPostgresCpu(pgServer.dir)) / 1000) /
        6;
      analysis[groupBy] = { ...stats(times), groups: last.groups.length, count: last.all.count, cpuMs };
      log(
        `  by ${groupBy.padEnd(5)}: ${last.all.count} answers in ${last.groups.length} groups; ms p50 ${ms(analysis[groupBy].p50)} max ${ms(analysis[groupBy].max)} (5 runs after one warm-up); CPU per call ${ms(cpuMs)} ms (server + PostgreSQL)`,
      );
    }
    const analysisOk = Object.values(analysis).every((a) => a.max < 2000 && a.count === cfg.answers);

    await app.close();
    await database.close();
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}`,
      cfg,
      answering: {
        wallSeconds: wall,
        submit: sub,
        flow,
        start: stats(startMs),
        save: stats(saveMs),
        cpuMsPerStudent: { node: nodeCpuMs / cfg.students, postgres: pgCpuMs / cfg.students },
        loadAverage: os.loadavg()[0],
        errors,
        stored: counts,
        expectedWarnings,
        expectedCritical,
      },
      analysis,
      ok: answeringOk && analysisOk,
    };
    fs.mkdirSync(path.join(HERE, 'results'), { recursive: true });
    const out = path.join(HERE, 'results', `assessment-${Date.now()}.json`);
    fs.writeFileSync(out, JSON.stringify(result, null, 2));
    log(
      `\ntargets: answering ${answeringOk ? 'met' : 'NOT met'} (every answer and warning stored, < 10 min, p99 submit < 300 ms); analysis ${analysisOk ? 'met' : 'NOT met'} (< 2 s)`,
    );
    log(`results: ${path.relative(process.cwd(), out)}`);
    log(
      `reproduce: BENCH_STUDENTS=${cfg.students} BENCH_CONCURRENCY=${cfg.concurrency} BENCH_ANSWERS=${cfg.answers} BENCH_POOL=${cfg.pool} npm run bench:assessment`,
    );
    if (!result.ok) process.exitCode = 1;
  } finally {
    pgServer.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
