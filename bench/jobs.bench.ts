// Job queues compared (docs/decisions.md "Job queue"): our core/jobs queue, graphile-worker and pg-boss,
// on PGlite and on PostgreSQL 15. For each: enqueue throughput inside our tenant transaction (as the app
// role, under row-level security; one job per transaction, and batches of 100), claim/complete throughput
// of no-op jobs, and the lateness of delayed jobs (from their due time to the handler's start).
// `npm run bench:jobs -w @psy/bench`.
//
// Settings (environment, defaults in brackets):
//   BENCH_ENQUEUE [2000]   jobs enqueued per enqueue scenario
//   BENCH_CLAIM [2000]     no-op jobs worked in the claim/complete scenario
//   BENCH_DELAYED [40]     delayed jobs (due 1 to 3 s ahead) in the lateness scenario
//   BENCH_WORKERS [8]      jobs run at once
//   BENCH_ONLY             comma-separated subset, e.g. `ours:pglite,pg-boss:postgres`
//   BENCH_VERBOSE          print each phase as it starts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@psy/server/src/core/db/database';
import { SERVER_ROOT } from '@psy/server/src/env';
import { JobQueue } from '@psy/server/src/core/jobs/queue';
import { startTempPostgres } from './lib/pg-temp';
import { log } from './lib/util';

const ENQUEUE = Number(process.env.BENCH_ENQUEUE ?? 2000);
const CLAIM = Number(process.env.BENCH_CLAIM ?? 2000);
const DELAYED = Number(process.env.BENCH_DELAYED ?? 40);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 8);
const ONLY = process.env.BENCH_ONLY?.split(',');
const BATCH = 100;
const TENANT = 1;

type Engine = 'pglite' | 'postgres';
interface Figures {
  queue: string;
  engine: Engine;
  enqueueOnePerTx?: number;
  enqueueBatched?: number;
  claimComplete?: number;
  lateP50?: number;
  lateP99?: number;
  note?: string;
}

/** What a library needs from us to run one scenario set. */
interface Subject {
  /** Whatever must exist before a queue is used (outside any transaction). */
  prepare(queue: string): Promise<void>;
  /** Enqueues `n` jobs in one tenant transaction (`tx` is our drizzle transaction). */
  enqueue(tx: Database['db'], queue: string, payloads: unknown[], runAt?: Date): Promise<void>;
  /** Starts working `queue`; `onJob` is called at handler start with the payload. */
  work(queue: string, onJob: (payload: { due?: number }) => void): Promise<void>;
  stop(): Promise<void>;
  /** Jobs of `queue` not finished yet. */
  pending(queue: string): Promise<number>;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(20);
  }
}

async function measure(name: string, engine: Engine, database: Database, s: Subject): Promise<Figures> {
  const f: Figures = { queue: name, engine };
  const phase = (what: string) => process.env.BENCH_VERBOSE && log(`  ${name} ${engine}: ${what}`);
  phase('enqueue, one job per transaction');
  const q1 = `bench_one_${Date.now()}`;
  await s.prepare(q1);
  let t0 = performance.now();
  for (let i = 0; i < ENQUEUE; i++) {
    await database.withTenant(TENANT, ({ tx }) => s.enqueue(tx, q1, [{ i }]));
  }
  f.enqueueOnePerTx = Math.round(ENQUEUE / ((performance.now() - t0) / 1000));
  phase('enqueue, 100 jobs per transaction');
  const q2 = `bench_batch_${Date.now()}`;
  await s.prepare(q2);
  t0 = performance.now();
  for (let i = 0; i < ENQUEUE; i += BATCH) {
    const payloads = Array.from({ length: BATCH }, (_, k) => ({ i: i + k }));
    await database.withTenant(TENANT, ({ tx }) => s.enqueue(tx, q2, payloads));
  }
  f.enqueueBatched = Math.round(ENQUEUE / ((performance.now() - t0) / 1000));

  phase('claim and complete');
  // Claim/complete: jobs queued first, then drained by workers started now.
  const q3 = `bench_claim_${Date.now()}`;
  await s.prepare(q3);
  for (let i = 0; i < CLAIM; i += BATCH) {
    const payloads = Array.from({ length: Math.min(BATCH, CLAIM - i) }, (_, k) => ({ i: i + k }));
    await database.withTenant(TENANT, ({ tx }) => s.enqueue(tx, q3, payloads));
  }
  let ran = 0;
  t0 = performance.now();
  await s.work(q3, () => void ran++);
  await until('all claimed jobs completed', async () => ran >= CLAIM && (await s.pending(q3)) === 0);
  f.claimComplete = Math.round(CLAIM / ((performance.now() - t0) / 1000));

  phase('delayed jobs');
  // Lateness: delayed jobs due 1 to 3 s ahead, with the queue idle otherwise.
  const q4 = `bench_delay_${Date.now()}`;
  await s.prepare(q4);
  const late: number[] = [];
  await s.work(q4, (p) => late.push(Date.now() - p.due!));
  await sleep(500);
  for (let i = 0; i < DELAYED; i++) {
    const due = Date.now() + 1000 + Math.floor((2000 * i) / DELAYED);
    await database.withTenant(TENANT, ({ tx }) => s.enqueue(tx, q4, [{ due }], new Date(due)));
  }
  await until('all delayed jobs ran', async () => late.length >= DELAYED, 60_000);
  f.lateP50 = pct(late, 50);
  f.lateP99 = pct(late, 99);
  await s.stop();
  return f;
}

// --- our queue -------------------------------------------------------------------------------------------

function ours(database: Database): Subject {
  const enqueuer = new JobQueue(database, { concurrency: 0 });
  const workers: JobQueue[] = [];
  return {
    async prepare() {},
    async enqueue(tx, queue, payloads, runAt) {
      const scope = { tx, tenantId: TENANT };
      if (payloads.length === 1) await enqueuer.enqueue(scope, queue, payloads[0], { runAt });
      else
        await enqueuer.enqueueMany(
          scope,
          queue,
          payloads.map((payload) => ({ payload, runAt })),
        );
    },
    async work(queue, onJob) {
      // Handlers are registered before start: one queue instance (as one process) per scenario.
      const q = new JobQueue(database, { concurrency: WORKERS });
      q.register<{ due?: number }>(queue, async (j) => onJob(j.payload));
      q.start();
      workers.push(q);
    },
    async stop() {
      await Promise.all(workers.map((q) => q.stop(5000)));
    },
    async pending(queue) {
      const res = await database.system.db.execute(
        sql`select count(*)::int as n from job where queue = ${queue} and state in ('queued', 'active')`,
      );
      return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    },
  };
}

/** The app role enqueues inside its transaction: it needs the library's schema, functions and tables. */
async function grant(database: Database, statements: string[]) {
  for (const st of statements) await database.system.db.execute(sql.raw(st));
}

// --- graphile-worker -------------------------------------------------------------------------------------

async function graphile(database: Database, connectionString: string): Promise<Subject> {
  const gw = await import('graphile-worker');
  await gw.runMigrations({ connectionString });
  await grant(database, [
    `grant usage on schema graphile_worker to ${database.appRole}`,
    `grant execute on all functions in schema graphile_worker to ${database.appRole}`,
    `grant select, insert, update on all tables in schema graphile_worker to ${database.appRole}`,
    `grant usage on all sequences in schema graphile_worker to ${database.appRole}`,
    // Its private tables have row-level security with no policy for other roles: add_job as the app role
    // is refused without these.
    ...['_private_tasks', '_private_jobs', '_private_job_queues'].map(
      (t) =>
        `create policy bench_app on graphile_worker.${t} for all to ${database.appRole} using (true) with check (true)`,
    ),
  ]);
  const runners: { stop(): Promise<void> }[] = [];
  return {
    async prepare() {},
    async enqueue(tx, queue, payloads, runAt) {
      if (payloads.length === 1) {
        await tx.execute(
          sql`select graphile_worker.add_job(${queue}, ${JSON.stringify(payloads[0])}::json, run_at => ${(runAt ?? new Date()).toISOString()}::timestamptz)`,
        );
        return;
      }
      const specs = payloads.map((p) => ({ identifier: queue, payload: p }));
      await tx.execute(
        sql`select graphile_worker.add_jobs(array(select json_populate_recordset(null::graphile_worker.job_spec, ${JSON.stringify(specs)}::json)))`,
      );
    },
    async work(queue, onJob) {
      const runner = await gw.run({
        connectionString,
        concurrency: WORKERS,
        noHandleSignals: true,
        logger: new gw.Logger(() => () => undefined),
        taskList: { [queue]: async (payload) => onJob(payload as { due?: number }) },
      });
      runners.push(runner);
    },
    async stop() {
      await Promise.all(runners.map((r) => r.stop()));
    },
    async pending(queue) {
      const res = await database.system.db.execute(
        sql`select count(*)::int as n from graphile_worker.jobs where task_identifier = ${queue}`,
      );
      return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    },
  };
}

// --- pg-boss ---------------------------------------------------------------------------------------------

async function pgBoss(database: Database, engine: Engine, connectionString?: string): Promise<Subject> {
  const { PgBoss, fromDrizzle, fromPglite } = await import('pg-boss');
  const boss =
    engine === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite!), backend: 'pglite' } as never)
      : new PgBoss({ connectionString: connectionString! });
  boss.on('error', (err: unknown) => log('pg-boss error', err));
  await boss.start();
  await grant(database, [
    `grant usage on schema pgboss to ${database.appRole}`,
    `grant select, insert, update on all tables in schema pgboss to ${database.appRole}`,
    `grant execute on all functions in schema pgboss to ${database.appRole}`,
  ]);
  const made = new Set<string>();
  const ensure = async (queue: string) => {
    if (made.has(queue)) return;
    await boss.createQueue(queue, { notify: true } as never);
    made.add(queue);
  };
  return {
    prepare: ensure,
    async enqueue(tx, queue, payloads, runAt) {
      const db = fromDrizzle(tx as never, sql);
      if (payloads.length === 1) {
        await boss.send(queue, payloads[0] as object, { db, ...(runAt ? { startAfter: runAt } : {}) });
        return;
      }
      await boss.insert(
        queue,
        payloads.map((data) => ({ data: data as object })),
        { db },
      );
    },
    async work(queue, onJob) {
      await ensure(queue);
      // Tuned for throughput (defaults poll every 2 s, one job a fetch): batches, burst, notify, 0.5 s poll.
      await boss.work(
        queue,
        { batchSize: WORKERS, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5 } as never,
        (async (jobs: { data: unknown }[]) => {
          for (const j of jobs) onJob(j.data as { due?: number });
        }) as never,
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 } as never);
    },
    async pending(queue) {
      const res = await database.system.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${queue} and state < 'completed'`,
      );
      return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
    },
  };
}

// --- main ------------------------------------------------------------------------------------------------

const migrationsDir = path.join(SERVER_ROOT, 'drizzle');
const results: Figures[] = [];
const want = (k: string) => !ONLY || ONLY.includes(k);
const pg = await startTempPostgres();
let dbSeq = 0;

async function freshPostgres(): Promise<{ database: Database; url: string }> {
  const name = `bench_jobs_${++dbSeq}`;
  const admin = await openDatabase({ url: pg.url, appRole: 'psy_app', migrationsDir, poolSize: 1 });
  await admin.system.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  const url = pg.url.replace(/\/[^/]*$/, `/${name}`);
  return { database: await openDatabase({ url, appRole: 'psy_app', migrationsDir, poolSize: 10 }), url };
}
const freshPglite = () => openDatabase({ appRole: 'psy_app', migrationsDir });

async function scenario(key: string, run: () => Promise<Figures>) {
  if (!want(key)) return;
  const [queue, engine] = key.split(':') as [string, Engine];
  log(`-- ${key}`);
  try {
    const f = await run();
    results.push(f);
    log(JSON.stringify(f));
  } catch (err) {
    const e = err as Error & { cause?: Error };
    const note =
      `${String(e?.message ?? err).split('\n')[0]}${e?.cause ? ` (cause: ${e.cause.message})` : ''}`.slice(
        0,
        300,
      );
    results.push({ queue, engine, note });
    log(`${key} failed: ${note}`);
  }
}

/** Fails a scenario that hangs (a library waiting forever for a connection) instead of the whole run. */
const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, sleep(ms).then(() => Promise.reject(new Error(`no answer within ${ms / 1000} s`)))]);

await scenario('ours:pglite', async () => {
  const database = await freshPglite();
  try {
    return await measure('ours', 'pglite', database, ours(database));
  } finally {
    await database.close();
  }
});
await scenario('ours:postgres', async () => {
  const { database } = await freshPostgres();
  try {
    return await measure('ours', 'postgres', database, ours(database));
  } finally {
    await database.close();
  }
});
await scenario('graphile-worker:postgres', async () => {
  const { database, url } = await freshPostgres();
  try {
    return await measure('graphile-worker', 'postgres', database, await graphile(database, url));
  } finally {
    await database.close();
  }
});
await scenario('graphile-worker:pglite', async () => {
  // graphile-worker needs a pg pool: PGlite served on a socket (@electric-sql/pglite-socket).
  const database = await freshPglite();
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // Its multiplexer lets several clients share PGlite's one connection (a pool plus a LISTEN).
  const server = new PGLiteSocketServer({
    db: database.pglite! as never,
    port: 0,
    host: '127.0.0.1',
    maxConnections: 20,
  });
  await server.start();
  const port = (server as unknown as { port?: number }).port ?? Number(server.getServerConn().split(':')[1]);
  try {
    return await within(
      120_000,
      measure(
        'graphile-worker',
        'pglite',
        database,
        await graphile(database, `postgres://postgres@127.0.0.1:${port}/postgres`),
      ),
    );
  } finally {
    await server.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
});
await scenario('pg-boss:postgres', async () => {
  const { database, url } = await freshPostgres();
  try {
    return await measure('pg-boss', 'postgres', database, await pgBoss(database, 'postgres', url));
  } finally {
    await database.close();
  }
});
await scenario('pg-boss:pglite', async () => {
  const database = await freshPglite();
  try {
    return await within(240_000, measure('pg-boss', 'pglite', database, await pgBoss(database, 'pglite')));
  } finally {
    await database.close().catch(() => undefined);
  }
});

pg.stop();
log(
  '\n| queue | engine | enqueue 1/tx (jobs/s) | enqueue 100/tx (jobs/s) | claim+complete (jobs/s) | delayed lateness p50 / p99 (ms) | note |',
);
log('|---|---|---|---|---|---|---|');
for (const f of results) {
  log(
    `| ${f.queue} | ${f.engine} | ${f.enqueueOnePerTx ?? '-'} | ${f.enqueueBatched ?? '-'} | ${f.claimComplete ?? '-'} | ${
      f.lateP50 !== undefined ? `${f.lateP50} / ${f.lateP99}` : '-'
    } | ${f.note ?? ''} |`,
  );
}
const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'jobs.json'),
  JSON.stringify({ at: new Date().toISOString(), results }, null, 2),
);
log(
  `\nnode ${process.version}; ${ENQUEUE} enqueues, ${CLAIM} claims, ${DELAYED} delayed jobs, ${WORKERS} at once.` +
    `\nReproduce: BENCH_ENQUEUE=${ENQUEUE} BENCH_CLAIM=${CLAIM} BENCH_DELAYED=${DELAYED} BENCH_WORKERS=${WORKERS} npm run bench:jobs -w @psy/bench`,
);
process.exit(0);
