import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../db/database';
import { rowsOf } from '../db/rows';
import { seedSchool, type SeededSchool } from '../../seed/school';
import {
  ALPHA,
  BETA,
  createPersistentTestDatabase,
  createTestDatabase,
  onPostgres,
  testEnv,
} from '../../test/harness';
import { job, jobSchedule } from './jobs.table';
import {
  JobAttemptsExhaustedError,
  JobQueue,
  type JobContext,
  type JobQueueOptions,
  type JobRecord,
} from './queue';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDb;
let alpha: SeededSchool;
let beta: SeededSchool;

const engine = onPostgres() ? 'PostgreSQL' : 'PGlite';

/** Every queue a test makes is stopped after it, so no worker outlives its test. */
const queues: JobQueue[] = [];
/** Errors the workers logged while polling (claiming); a healthy queue logs none. */
const pollErrors: unknown[] = [];
const recordingLog = {
  info: () => undefined,
  error: (o: object, m: string) => {
    if (m === 'job poll failed') pollErrors.push((o as { err?: unknown }).err ?? o);
  },
};
function makeQueue(db: Database, options: Partial<JobQueueOptions> = {}): JobQueue {
  const q = new JobQueue(db, { concurrency: 2, pollMs: 50, log: recordingLog, ...options });
  queues.push(q);
  return q;
}

let queueSeq = 0;
/** A queue name of its own per test, so one test's jobs are never claimed by another's workers. */
const queueName = (label: string) => `test.${label}.${++queueSeq}`;

beforeAll(async () => {
  database = await createTestDatabase();
  alpha = await seedSchool(database, ALPHA);
  beta = await seedSchool(database, BETA);
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop(1000)));
  const errors = pollErrors.splice(0).map((e) => String((e as Error)?.message ?? e));
  expect(errors, 'errors logged by the workers while claiming').toEqual([]);
});
afterAll(() => database?.dispose());

/** Polls `probe` until it answers a truthy value; fails with `what` at the deadline. */
async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function jobRow(db: Database, id: number) {
  const [row] = await db.system.db.select().from(job).where(eq(job.id, id));
  if (!row) throw new Error(`job ${id} not found`);
  return row;
}

function waitForState(db: Database, id: number, state: string, timeoutMs?: number) {
  return waitFor(
    `job ${id} to be ${state}`,
    async () => {
      const row = await jobRow(db, id);
      return row.state === state ? row : null;
    },
    timeoutMs,
  );
}

/** A promise the test resolves by hand. */
function gate<T = void>() {
  let open!: (v: T) => void;
  const promise = new Promise<T>((r) => (open = r));
  return { promise, open };
}
type Gate = ReturnType<typeof gate<void>>;

/** Lets the event loop run a few turns (timers and I/O callbacks), without depending on how long that takes. */
async function settle(turns = 5) {
  for (let i = 0; i < turns; i++) await new Promise((r) => setTimeout(r, 10));
}

describe(`job queue on ${engine}`, () => {
  it('runs an enqueued job: the handler gets payload and tenant, the job goes queued -> done with the result', async () => {
    const name = queueName('basic');
    const seen: JobRecord[] = [];
    const q = makeQueue(database);
    q.register<{ n: number }>(name, async (j) => {
      seen.push(j);
      return { doubled: j.payload.n * 2 };
    });

    const id = await database.withTenant(alpha.tenantId, (scope) => q.enqueue(scope, name, { n: 21 }));
    expect(id).toEqual(expect.any(Number));
    const queued = await jobRow(database, id!);
    expect(queued).toMatchObject({
      state: 'queued',
      attempts: 0,
      tenantId: alpha.tenantId,
      queue: name,
      payload: { n: 21 },
    });

    q.start();
    const done = await waitForState(database, id!, 'done');
    expect(done).toMatchObject({
      result: { doubled: 42 },
      attempts: 1,
      lockedBy: null,
      lockedUntil: null,
      lastError: null,
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      id,
      tenantId: alpha.tenantId,
      queue: name,
      payload: { n: 21 },
      attempts: 1,
      maxAttempts: 5,
    });

    // A system job has no tenant.
    const sysId = await q.enqueue(database.system, name, { n: 1 });
    await waitForState(database, sysId!, 'done');
    expect(seen.find((j) => j.id === sysId)).toMatchObject({ tenantId: null, payload: { n: 1 } });
    expect(await q.getJob(sysId!)).toMatchObject({ result: { doubled: 2 } });
  });

  it('hands the handler any JSON payload unchanged (string, number-like string, array, null)', async () => {
    const name = queueName('payloads');
    const seen = new Map<number, unknown>();
    const q = makeQueue(database);
    q.register(name, async (j) => {
      seen.set(j.id, j.payload);
    });
    const payloads: unknown[] = ['hello', '123', '{"a":1}', [1, 'two'], 7, true];
    const ids: number[] = [];
    for (const p of payloads) ids.push((await q.enqueue(database.system, name, p))!);
    const nullId = (await q.enqueue(database.system, name, null))!;
    q.start();
    for (const id of [...ids, nullId]) await waitForState(database, id, 'done');
    expect(ids.map((id) => seen.get(id))).toEqual(payloads);
    expect(seen.get(nullId)).toEqual({});
  });

  it('a queued job survives a restart and runs after it', async () => {
    const store = await createPersistentTestDatabase();
    try {
      // First "process": the app with no job workers (JOB_WORKERS=0) enqueues and shuts down.
      const first = await store.open();
      const school = await seedSchool(first, ALPHA);
      const app1 = await buildApp({ env: testEnv({ JOB_WORKERS: '0' }), database: first, logger: false });
      await app1.app.ready();
      const name = queueName('restart');
      const id = await first.withTenant(school.tenantId, (scope) =>
        app1.jobs.enqueue(scope, name, { report: 'r-1' }),
      );
      expect(id).toEqual(expect.any(Number));
      await app1.app.close();
      await first.close();

      // Second "process": the same database reopened, a worker with the handler.
      const second = await store.open();
      try {
        expect(await jobRow(second, id!)).toMatchObject({ state: 'queued', attempts: 0 });
        const seen: JobRecord[] = [];
        const q = new JobQueue(second, { concurrency: 1, pollMs: 50 });
        q.register(name, async (j) => {
          seen.push(j);
          return 'built';
        });
        q.start();
        try {
          const done = await waitForState(second, id!, 'done');
          expect(done).toMatchObject({ result: 'built', attempts: 1, tenantId: school.tenantId });
          expect(seen).toEqual([
            expect.objectContaining({ id, tenantId: school.tenantId, payload: { report: 'r-1' } }),
          ]);
        } finally {
          await q.stop(1000);
        }
      } finally {
        await second.close();
      }
    } finally {
      await store.dispose();
    }
  });

  it('takes over a job whose worker died once its lease has ended, never before', async () => {
    const name = queueName('lease');
    const runs: JobRecord[] = [];
    const q = makeQueue(database, { concurrency: 4 });
    q.register(name, async (j) => {
      runs.push(j);
      return `by ${q.workerId}`;
    });

    // Two jobs claimed by other workers: one whose lease still runs, one whose process died an hour ago.
    const liveId = (await q.enqueue(database.system, name, { which: 'live' }))!;
    const deadId = (await q.enqueue(database.system, name, { which: 'dead' }))!;
    await database.system.db.execute(sql`
      update job set state = 'active', attempts = 1, locked_by = 'live-worker', locked_until = now() + interval '1 hour'
      where id = ${liveId}`);
    await database.system.db.execute(sql`
      update job set state = 'active', attempts = 1, locked_by = 'dead-worker', locked_until = now() - interval '1 second'
      where id = ${deadId}`);

    q.start();
    const taken = await waitForState(database, deadId, 'done');
    expect(taken).toMatchObject({ result: `by ${q.workerId}`, attempts: 2, lockedBy: null });
    // A job queued after the takeover is done too, so the worker has polled since, and still left the live lease alone.
    const probeId = (await q.enqueue(database.system, name, { which: 'probe' }))!;
    await waitForState(database, probeId, 'done');
    expect(await jobRow(database, liveId)).toMatchObject({
      state: 'active',
      lockedBy: 'live-worker',
      attempts: 1,
    });
    expect(runs.map((j) => (j.payload as { which: string }).which)).toEqual(['dead', 'probe']);

    // When that lease ends too, the job is taken over.
    await database.system.db.execute(
      sql`update job set locked_until = now() - interval '1 second' where id = ${liveId}`,
    );
    await waitForState(database, liveId, 'done');
    expect(runs.map((j) => (j.payload as { which: string }).which)).toEqual(['dead', 'probe', 'live']);
  });

  it('takes over a job from a real worker that stopped answering (no renewal), after its short lease', async () => {
    const name = queueName('hung');
    // A process frozen after its claim: every later statement of its database handle hangs.
    let frozen = false;
    const system = database.system.db;
    const freezingDb = new Proxy(system, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          frozen ? new Promise(() => undefined) : (value as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
    const freezing: Database = { ...database, system: { db: freezingDb } };
    const hung = new JobQueue(freezing, { concurrency: 1, pollMs: 50, leaseSeconds: 1, listen: false });
    const hungStarted = gate();
    hung.register(name, () => {
      frozen = true;
      hungStarted.open();
      return new Promise(() => undefined); // never settles: the process is as good as dead
    });
    const id = (await makeQueue(database).enqueue(database.system, name, {}))!;
    hung.start();
    await hungStarted.promise;
    expect(await jobRow(database, id)).toMatchObject({
      state: 'active',
      lockedBy: hung.workerId,
      attempts: 1,
    });

    const rescuer = makeQueue(database, { concurrency: 1, leaseSeconds: 1 });
    rescuer.register(name, async () => 'rescued');
    rescuer.start();
    const done = await waitForState(database, id, 'done');
    expect(done).toMatchObject({ result: 'rescued', attempts: 2 });
  });

  it('keeps the lease of a job running longer than the lease: a live worker renews it, nobody takes it over', async () => {
    const name = queueName('renew');
    const runs: string[] = [];
    const release = gate();
    const started = gate();
    const owner = makeQueue(database, { concurrency: 1, leaseSeconds: 1 });
    owner.register(name, async () => {
      runs.push(owner.workerId);
      started.open();
      await release.promise;
      return 'long job';
    });
    const rival = makeQueue(database, { concurrency: 1, leaseSeconds: 1 });
    rival.register(name, async () => {
      runs.push(rival.workerId);
      return 'stolen';
    });
    const id = (await owner.enqueue(database.system, name, {}))!;
    owner.start();
    await started.promise;
    rival.start();
    // Three lease lengths pass (the renewal, not the clock, decides): the rival never gets it.
    const first = await jobRow(database, id);
    await waitFor('the lease to be renewed twice', async () => {
      const row = await jobRow(database, id);
      return row.lockedUntil!.getTime() > first.lockedUntil!.getTime() + 1000 ? row : null;
    });
    release.open();
    expect(await waitForState(database, id, 'done')).toMatchObject({ result: 'long job', attempts: 1 });
    expect(runs).toEqual([owner.workerId]);
  });

  it('as the only process on the database (PGlite), takes over at start a job a dead process left active, lease or not', async () => {
    const name = queueName('sole');
    const q = makeQueue(database, { soleProcess: true });
    q.register(name, async () => 'after restart');
    const id = (await q.enqueue(database.system, name, {}))!;
    await database.system.db.execute(sql`
      update job set state = 'active', attempts = 1, locked_by = 'died-before-restart',
        locked_until = now() + interval '1 hour'
      where id = ${id}`);
    q.start();
    expect(await waitForState(database, id, 'done')).toMatchObject({ result: 'after restart', attempts: 2 });
  });

  it('fails a job taken over after its last attempt without running the handler again', async () => {
    const name = queueName('exhausted');
    let calls = 0;
    const q = makeQueue(database);
    q.register(name, async () => {
      calls++;
    });
    const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 2 }))!;
    await database.system.db.execute(sql`
      update job set state = 'active', attempts = 2, locked_by = 'dead-worker', locked_until = now() - interval '1 second'
      where id = ${id}`);
    q.start();
    const failed = await waitForState(database, id, 'failed');
    expect(failed).toMatchObject({
      attempts: 3,
      lastError: 'attempts exhausted: the job was interrupted on its last attempt',
      lockedBy: null,
    });
    expect(calls).toBe(0);
  });

  it('retries a failed job later with backoff, then completes it', async () => {
    const name = queueName('retry');
    const attempts: number[] = [];
    const secondMayFinish = gate();
    const q = makeQueue(database);
    q.register(name, async (j) => {
      attempts.push(j.attempts);
      if (j.attempts === 1) throw new Error('temporary outage');
      await secondMayFinish.promise;
      return 'second time lucky';
    });
    const before = Date.now();
    const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 3 }))!;
    q.start();

    // Waiting for the retry (or, should this test be slower than the backoff, for the retry running).
    const waiting = await waitFor('the first failure', async () => {
      const row = await jobRow(database, id);
      return (row.state === 'queued' && row.attempts === 1) || (row.state === 'active' && row.attempts === 2)
        ? row
        : null;
    });
    expect(waiting.lastError).toBe('temporary outage');
    // Backoff after attempt 1 is 2 s, counted from the failure (which came after `before`).
    expect(waiting.runAt.getTime()).toBeGreaterThanOrEqual(before + 1000);
    expect(attempts[0]).toBe(1);

    // Do not wait for the backoff: make the retry due now.
    await database.system.db.execute(
      sql`update job set run_at = now() where id = ${id} and state = 'queued'`,
    );
    await waitFor('the retry', async () => attempts.length === 2);
    secondMayFinish.open();
    const done = await waitForState(database, id, 'done');
    expect(done).toMatchObject({ result: 'second time lucky', attempts: 2 });
    expect(attempts).toEqual([1, 2]);
  });

  it('marks a job failed with the last error after max attempts', async () => {
    const name = queueName('fail');
    let calls = 0;
    const q = makeQueue(database);
    q.register(name, async (j) => {
      calls++;
      throw new Error(`broken on attempt ${j.attempts}`);
    });
    const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 2 }))!;
    q.start();
    // The first failure (or, should this test be slower than the 2 s backoff, the second attempt).
    await waitFor('the first failure', async () => {
      const row = await jobRow(database, id);
      return (row.state === 'queued' && row.attempts === 1) || row.attempts === 2;
    });
    await database.system.db.execute(
      sql`update job set run_at = now() where id = ${id} and state = 'queued'`,
    );
    const failed = await waitForState(database, id, 'failed');
    expect(failed).toMatchObject({
      attempts: 2,
      lastError: 'broken on attempt 2',
      lockedBy: null,
      lockedUntil: null,
    });
    expect(calls).toBe(2);

    // A failed job is not picked up again.
    const probeId = (await q.enqueue(database.system, name, {}, { maxAttempts: 1 }))!;
    await waitForState(database, probeId, 'failed');
    expect(calls).toBe(3);
    expect(await jobRow(database, id)).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('keeps at most one queued or running job per singleton key', async () => {
    const name = queueName('singleton');
    const q = makeQueue(database);
    const release = gate();
    const started = gate();
    q.register(name, async () => {
      started.open();
      await release.promise;
      return 'ok';
    });

    const first = await q.enqueue(database.system, name, { n: 1 }, { singletonKey: 'nightly' });
    expect(first).toEqual(expect.any(Number));
    expect(await q.enqueue(database.system, name, { n: 2 }, { singletonKey: 'nightly' })).toBeNull();
    // Another key, or no key, is not affected.
    const other = await q.enqueue(database.system, name, { n: 3 }, { singletonKey: 'weekly' });
    expect(other).toEqual(expect.any(Number));
    // The same key on another queue is another singleton.
    expect(
      await q.enqueue(database.system, queueName('singleton-other'), {}, { singletonKey: 'nightly' }),
    ).toEqual(expect.any(Number));

    q.start();
    await started.promise;
    await waitForState(database, first!, 'active');
    expect(await q.enqueue(database.system, name, { n: 4 }, { singletonKey: 'nightly' })).toBeNull();

    release.open();
    await waitForState(database, first!, 'done');
    await waitForState(database, other!, 'done');
    const again = await q.enqueue(database.system, name, { n: 5 }, { singletonKey: 'nightly' });
    expect(again).toEqual(expect.any(Number));
    expect(again).not.toBe(first);
    await waitForState(database, again!, 'done');

    const rows = await database.system.db
      .select({ payload: job.payload })
      .from(job)
      .where(eq(job.queue, name));
    expect(rows.map((r) => (r.payload as { n: number }).n).sort()).toEqual([1, 3, 5]);
  });

  it('enqueueMany adds a batch in the tenant transaction, skips a taken singleton key, and all of them run', async () => {
    const name = queueName('many');
    const seen: unknown[] = [];
    const q = makeQueue(database);
    q.register(name, async (j) => void seen.push(j.payload));
    await q.enqueue(database.system, name, { n: 0 }, { singletonKey: 'taken' });
    const ids = await database.withTenant(alpha.tenantId, (scope) =>
      q.enqueueMany(scope, name, [
        { payload: { n: 1 } },
        { payload: { n: 2 }, runAt: new Date(Date.now() + 200) },
        { payload: { n: 3 }, singletonKey: 'taken' },
      ]),
    );
    expect(ids).toHaveLength(2);
    expect(await q.enqueueMany(database.system, name, [])).toEqual([]);
    q.start();
    for (const id of ids)
      expect(await waitForState(database, id, 'done')).toMatchObject({ tenantId: alpha.tenantId });
    expect(seen).toEqual(expect.arrayContaining([{ n: 0 }, { n: 1 }, { n: 2 }]));
    expect(seen).toHaveLength(3);
  });

  it('enqueues transactionally: a rolled-back transaction leaves no job, a committed one leaves it with its tenant', async () => {
    const name = queueName('tx');
    const q = makeQueue(database);
    const ran: JobRecord[] = [];
    q.register(name, async (j) => {
      ran.push(j);
    });

    let rolledBackId: number | null = null;
    const err = await database
      .withTenant(alpha.tenantId, async (scope) => {
        rolledBackId = await q.enqueue(scope, name, { keep: false });
        throw new Error('business write failed');
      })
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe('business write failed');
    expect(rolledBackId).toEqual(expect.any(Number));
    expect(await q.getJob(rolledBackId!)).toBeNull();

    const keptId = await database.withTenant(alpha.tenantId, (scope) =>
      q.enqueue(scope, name, { keep: true }),
    );
    expect(await jobRow(database, keptId!)).toMatchObject({
      state: 'queued',
      tenantId: alpha.tenantId,
      payload: { keep: true },
    });
    const all = await database.system.db.select({ id: job.id }).from(job).where(eq(job.queue, name));
    expect(all.map((r) => r.id)).toEqual([keptId]);

    q.start();
    await waitForState(database, keptId!, 'done');
    expect(ran.map((j) => j.id)).toEqual([keptId]);
  });

  it('runs a job enqueued from a tenant transaction while the workers are running', async () => {
    const name = queueName('tx-live');
    const q = makeQueue(database);
    q.register(name, async (j) => ({ tenant: j.tenantId }));
    q.start();
    // Let the workers reach their idle wait first, so the enqueue wakes them up from inside the transaction.
    await settle();
    const id = await database.withTenant(alpha.tenantId, (scope) => q.enqueue(scope, name, {}));
    const done = await waitForState(database, id!, 'done');
    expect(done.result).toEqual({ tenant: alpha.tenantId });

    // The queue keeps working afterwards.
    const next = await q.enqueue(database.system, name, {});
    await waitForState(database, next!, 'done');
  });

  it("a tenant transaction sees only its own tenant's jobs (policy job_tenant)", async () => {
    const name = queueName('rls');
    const q = makeQueue(database);
    const alphaId = await database.withTenant(alpha.tenantId, (scope) =>
      q.enqueue(scope, name, { who: 'alpha' }),
    );
    const betaId = await database.withTenant(beta.tenantId, (scope) =>
      q.enqueue(scope, name, { who: 'beta' }),
    );
    const systemId = await q.enqueue(database.system, name, { who: 'system' });

    const visible = (tenantId: number) =>
      database.withTenant(tenantId, ({ tx }) =>
        tx.select({ id: job.id }).from(job).where(eq(job.queue, name)),
      );
    expect((await visible(alpha.tenantId)).map((r) => r.id)).toEqual([alphaId]);
    expect((await visible(beta.tenantId)).map((r) => r.id)).toEqual([betaId]);

    // Even by id, and not for update either.
    await database.withTenant(alpha.tenantId, async ({ tx }) => {
      expect(
        rowsOf(await tx.execute(sql`select id from job where id in (${betaId}, ${systemId})`)),
      ).toHaveLength(0);
      expect(
        rowsOf(await tx.execute(sql`update job set state = 'cancelled' where id = ${betaId} returning id`)),
      ).toHaveLength(0);
    });
    expect(await jobRow(database, betaId!)).toMatchObject({ state: 'queued' });

    // The system context sees them all.
    const all = await database.system.db.select({ id: job.id }).from(job).where(eq(job.queue, name));
    expect(all.map((r) => r.id).sort((a, b) => a - b)).toEqual([alphaId, betaId, systemId]);
  });

  it('never runs a queued job that was cancelled', async () => {
    const name = queueName('cancel-queued');
    const ran: number[] = [];
    const q = makeQueue(database, { concurrency: 1 });
    q.register(name, async (j) => {
      ran.push(j.id);
    });
    const cancelledId = (await q.enqueue(database.system, name, {}))!;
    const keptId = (await q.enqueue(database.system, name, {}))!;
    expect(await q.cancel(cancelledId)).toBe(true);
    expect(await q.cancel(cancelledId)).toBe(false); // already cancelled

    q.start();
    await waitForState(database, keptId, 'done');
    // A later job done as well: the worker has polled again since, and still left the cancelled one alone.
    const probeId = (await q.enqueue(database.system, name, {}))!;
    await waitForState(database, probeId, 'done');
    expect(ran).toEqual([keptId, probeId]);
    expect(await jobRow(database, cancelledId)).toMatchObject({ state: 'cancelled', attempts: 0 });
    expect(await q.cancel(keptId)).toBe(false); // done jobs cannot be cancelled
  });

  it('lets a running handler see that its job was cancelled', async () => {
    const name = queueName('cancel-running');
    const q = makeQueue(database);
    const observed = new Map<number, { before: boolean; after: boolean; aborted: boolean }>();
    // Per job: the handler opens `started`, then waits for the test to open `proceed`, then opens `finished`.
    const gates = new Map<number, { started: Gate; proceed: Gate; finished: Gate }>();
    const gatesOf = (id: number) => {
      if (!gates.has(id)) gates.set(id, { started: gate(), proceed: gate(), finished: gate() });
      return gates.get(id)!;
    };
    q.register(name, async (j, ctx: JobContext) => {
      const g = gatesOf(j.id);
      const before = await ctx.isCancelled();
      g.started.open();
      await g.proceed.promise;
      observed.set(j.id, { before, after: await ctx.isCancelled(), aborted: ctx.signal.aborted });
      g.finished.open();
      return 'finished anyway';
    });
    const local = (await q.enqueue(database.system, name, {}))!;
    const remote = (await q.enqueue(database.system, name, {}))!;
    q.start();
    await Promise.all([gatesOf(local).started.promise, gatesOf(remote).started.promise]);

    // Cancelled through the queue running it, and through another instance (another process).
    expect(await q.cancel(local)).toBe(true);
    const elsewhere = new JobQueue(database, { concurrency: 0 });
    expect(await elsewhere.cancel(remote)).toBe(true);

    gatesOf(local).proceed.open();
    gatesOf(remote).proceed.open();
    await Promise.all([gatesOf(local).finished.promise, gatesOf(remote).finished.promise]);
    expect(observed.get(local)).toEqual({ before: false, after: true, aborted: true });
    expect(observed.get(remote)).toEqual({ before: false, after: true, aborted: false });

    // The handlers' late results did not turn the cancelled jobs into done ones (checked once a later job is done).
    const probeId = (await q.enqueue(database.system, name, {}))!;
    gatesOf(probeId).proceed.open();
    await waitForState(database, probeId, 'done');
    for (const id of [local, remote])
      expect(await jobRow(database, id)).toMatchObject({ state: 'cancelled', result: null });
  });

  it('stop() waits for a running job to finish', async () => {
    const name = queueName('drain');
    const q = makeQueue(database);
    const started = gate();
    const release = gate();
    q.register(name, async () => {
      started.open();
      await release.promise;
      return 'drained';
    });
    const id = (await q.enqueue(database.system, name, {}))!;
    q.start();
    await started.promise;

    let stopped = false;
    const stopping = q.stop(60_000).then(() => (stopped = true));
    // Some round trips to the database while the handler is held: stop() must still be waiting.
    for (let i = 0; i < 3; i++) await jobRow(database, id);
    await settle();
    expect(stopped).toBe(false);
    expect(await jobRow(database, id)).toMatchObject({ state: 'active' });

    release.open();
    await stopping;
    expect(await jobRow(database, id)).toMatchObject({ state: 'done', result: 'drained', attempts: 1 });

    // A stopped queue claims nothing more.
    const later = (await q.enqueue(database.system, name, {}))!;
    await settle();
    expect(await jobRow(database, later)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('stop() hands back a job still running at the timeout as queued, without counting the attempt', async () => {
    const name = queueName('handback');
    const q = makeQueue(database, { concurrency: 1 });
    const started = gate();
    const aborted = gate<boolean>();
    q.register(name, (_j, ctx) => {
      started.open();
      ctx.signal.addEventListener('abort', () => aborted.open(true));
      return new Promise(() => undefined); // ignores the abort and never finishes
    });
    const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 1 }))!;
    q.start();
    await started.promise;
    expect(await jobRow(database, id)).toMatchObject({ state: 'active', attempts: 1 });

    await q.stop(300);
    expect(await aborted.promise).toBe(true);
    expect(await jobRow(database, id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      lockedBy: null,
      lockedUntil: null,
    });

    // Not lost: the next process runs it, even though it allows a single attempt.
    const next = makeQueue(database, { concurrency: 1 });
    next.register(name, async () => 'after restart');
    next.start();
    expect(await waitForState(database, id, 'done')).toMatchObject({ result: 'after restart', attempts: 1 });
  });

  it('stop() during a claim in flight drains what that claim took, and nothing runs after it', async () => {
    const name = queueName('stop-claim');
    // The worker's claim query is held at a gate, so stop() is called while it is in flight.
    const claimGate = gate();
    const claimEntered = gate();
    let inFlight = 0;
    const system = database.system.db;
    const gatedDb = new Proxy(system, {
      get(target, prop) {
        if (prop !== 'execute') return Reflect.get(target, prop);
        return async (query: Parameters<typeof system.execute>[0]) => {
          inFlight++;
          try {
            claimEntered.open();
            await claimGate.promise;
            return await target.execute(query);
          } finally {
            inFlight--;
          }
        };
      },
    });
    const gatedDatabase: Database = { ...database, system: { db: gatedDb } };

    let started = 0;
    let finished = 0;
    const q = makeQueue(gatedDatabase, { concurrency: 1 });
    q.register(name, async () => {
      started++;
      await settle(1);
      finished++;
      return 'ran';
    });
    const id = (await q.enqueue(database.system, name, {}))!;
    q.start();
    await claimEntered.promise;

    const stopping = q.stop(60_000);
    claimGate.open();
    await stopping;
    const atStop = { started, finished, row: await jobRow(database, id) };

    await waitFor('the claim to return', async () => inFlight === 0);
    await settle();
    // Whatever the claim took was run and finished before stop() returned, or was left queued untouched.
    expect(atStop.started).toBe(atStop.finished);
    if (atStop.started === 0) expect(atStop.row).toMatchObject({ state: 'queued', attempts: 0 });
    else expect(atStop.row).toMatchObject({ state: 'done', result: 'ran', attempts: 1 });
    // And nothing started after stop() returned.
    expect({ started, finished }).toEqual({ started: atStop.started, finished: atStop.finished });
    expect((await jobRow(database, id)).state).toBe(atStop.row.state);
  });

  it('runs a delayed job at its due time, not before, without waiting for the next poll', async () => {
    const name = queueName('delayed');
    const started: number[] = [];
    // A poll interval far beyond the test's patience: only the due-time wake-up can run the job in time.
    const q = makeQueue(database, { pollMs: 600_000 });
    q.register(name, async () => {
      started.push(Date.now());
    });
    q.start();
    await settle();
    const runAt = new Date(Date.now() + 400);
    const id = (await q.enqueue(database.system, name, {}, { runAt }))!;
    await waitForState(database, id, 'done');
    expect(started).toHaveLength(1);
    expect(started[0]!).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it("wakes on another process's committed enqueue (LISTEN), with no poll due", async () => {
    const name = queueName('listen');
    const worker = makeQueue(database, { pollMs: 600_000 });
    worker.register(name, async (j) => ({ tenant: j.tenantId }));
    worker.start();
    await settle();
    // Another instance (no workers) enqueues inside a tenant transaction: the commit wakes the worker.
    const other = new JobQueue(database, { concurrency: 0 });
    const id = await database.withTenant(alpha.tenantId, (scope) => other.enqueue(scope, name, {}));
    expect(await waitForState(database, id!, 'done')).toMatchObject({ result: { tenant: alpha.tenantId } });
  });

  describe('a job that ends for good ends its work (onFinalFailure)', () => {
    it('after its last attempt fails: the hook gets the error, then the job is failed with it', async () => {
      const name = queueName('final');
      const ended: { id: number; message: string; attempts: number }[] = [];
      const q = makeQueue(database);
      q.register(
        name,
        async () => {
          throw new Error('the disk is full');
        },
        {
          onFinalFailure: async (j, err) => {
            ended.push({ id: j.id, message: err.message, attempts: j.attempts });
          },
        },
      );
      const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 1 }))!;
      q.start();
      expect(await waitForState(database, id, 'failed')).toMatchObject({ lastError: 'the disk is full' });
      expect(ended).toEqual([{ id, message: 'the disk is full', attempts: 1 }]);
    });

    it('not after a failure that will be retried', async () => {
      const name = queueName('final-not-yet');
      let ended = 0;
      const q = makeQueue(database);
      q.register(
        name,
        async () => {
          throw new Error('temporary');
        },
        { onFinalFailure: async () => void ended++ },
      );
      const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 2 }))!;
      q.start();
      await waitFor('the first failure', async () => {
        const row = await jobRow(database, id);
        return row.state === 'queued' && row.attempts === 1;
      });
      expect(ended).toBe(0);
    });

    it('when claimed with no attempt left (its process died on the last one): the hook runs, the handler does not', async () => {
      const name = queueName('final-exhausted');
      let calls = 0;
      const errors: Error[] = [];
      const q = makeQueue(database);
      q.register(
        name,
        async () => {
          calls++;
        },
        { onFinalFailure: async (_j, err) => void errors.push(err) },
      );
      const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 2 }))!;
      await database.system.db.execute(sql`
        update job set state = 'active', attempts = 2, locked_by = 'dead-worker',
          locked_until = now() - interval '1 second', last_error = null
        where id = ${id}`);
      q.start();
      await waitForState(database, id, 'failed');
      expect(calls).toBe(0);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(JobAttemptsExhaustedError);
      expect((errors[0] as JobAttemptsExhaustedError).lastError).toBeNull();
    });

    it('a hook that throws is tried again a few times, then the job is failed anyway', async () => {
      const name = queueName('final-hook-fails');
      const hookCalls: number[] = [];
      const q = makeQueue(database);
      q.register(
        name,
        async () => {
          throw new Error('broken');
        },
        {
          onFinalFailure: async (j) => {
            hookCalls.push(j.attempts);
            throw new Error('hook broken too');
          },
        },
      );
      const id = (await q.enqueue(database.system, name, {}, { maxAttempts: 1 }))!;
      q.start();
      const failed = await waitFor(
        'the job failed after the hook retries',
        async () => {
          await database.system.db.execute(
            sql`update job set run_at = now() where id = ${id} and state = 'queued'`,
          );
          const row = await jobRow(database, id);
          return row.state === 'failed' ? row : null;
        },
        30_000,
      );
      expect(hookCalls).toEqual([1, 2, 3, 4]);
      expect(failed.lastError).toContain('broken');
      expect(pollErrors).toEqual([]);
    });
  });

  it('retry() runs a failed job again from its first attempt; not a job that is not failed, nor a non-retryable kind', async () => {
    const name = queueName('retry-admin');
    const fixed = queueName('retry-admin-no');
    let broken = true;
    const q = makeQueue(database);
    q.register(name, async () => {
      if (broken) throw new Error('down');
      return 'up';
    });
    q.register(
      fixed,
      async () => {
        throw new Error('down');
      },
      { retryable: false },
    );
    const id = (await database.withTenant(alpha.tenantId, (scope) =>
      q.enqueue(scope, name, {}, { maxAttempts: 1 }),
    ))!;
    const other = (await q.enqueue(database.system, fixed, {}, { maxAttempts: 1 }))!;
    q.start();
    await waitForState(database, id, 'failed');
    await waitForState(database, other, 'failed');
    // Another school cannot see it, so cannot retry it (row-level security).
    expect(await database.withTenant(beta.tenantId, (scope) => q.retry(scope, id))).toBe(false);
    expect(await q.retry(database.system, other)).toBe(false);
    broken = false;
    expect(await database.withTenant(alpha.tenantId, (scope) => q.retry(scope, id))).toBe(true);
    expect(await waitForState(database, id, 'done')).toMatchObject({ result: 'up', attempts: 1 });
    expect(await database.withTenant(alpha.tenantId, (scope) => q.retry(scope, id))).toBe(false);
  });

  describe('recurring jobs (schedules)', () => {
    it('each occurrence is queued once across two processes, and one missed for an hour runs once', async () => {
      const name = queueName('recurring');
      const schedule = `test.schedule.${queueSeq}`;
      const runs: string[] = [];
      const workers = [makeQueue(database), makeQueue(database)];
      for (const w of workers) {
        w.register(name, async () => void runs.push(w.workerId));
        w.schedule({ name: schedule, queue: name, payload: { kind: 'report' }, rule: { every: 3600 } });
      }
      // Both start: the row is written once, due an hour from now; nothing runs yet.
      for (const w of workers) w.start();
      const row = await waitFor('the schedule row', async () => {
        const [r] = await database.system.db.select().from(jobSchedule).where(eq(jobSchedule.name, schedule));
        return r;
      });
      expect(row.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3_500_000);
      await settle();
      expect(runs).toEqual([]);

      // Every process was down for five hours: the occurrences missed meanwhile run once.
      await database.system.db.execute(
        sql`update job_schedule set next_run_at = now() - interval '5 hours' where name = ${schedule}`,
      );
      const fired = await waitFor('the occurrence', async () => {
        const [r] = await database.system.db.select().from(jobSchedule).where(eq(jobSchedule.name, schedule));
        return r!.lastJobId ? r : null;
      });
      await waitForState(database, fired.lastJobId!, 'done');
      await settle(10);
      const jobs = await database.system.db.select().from(job).where(eq(job.queue, name));
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ payload: { kind: 'report' }, tenantId: null, state: 'done' });
      expect(runs).toHaveLength(1);
      // The next one is on the hourly beat, after now.
      expect(fired.nextRunAt.getTime()).toBeGreaterThan(Date.now());
      expect(fired.nextRunAt.getTime()).toBeLessThanOrEqual(Date.now() + 3_600_000);
    });

    it('a changed rule takes effect at start; an unchanged one keeps its due time over a restart', async () => {
      const name = queueName('recurring-restart');
      const schedule = `test.schedule.${queueSeq}`;
      const first = makeQueue(database);
      first.register(name, async () => undefined);
      first.schedule({ name: schedule, queue: name, rule: { every: 3600 } });
      first.start();
      const saved = await waitFor('the schedule row', async () => {
        const [r] = await database.system.db.select().from(jobSchedule).where(eq(jobSchedule.name, schedule));
        return r;
      });
      await first.stop(1000);

      const same = makeQueue(database);
      same.register(name, async () => undefined);
      same.schedule({ name: schedule, queue: name, rule: { every: 3600 } });
      same.start();
      await settle();
      await same.stop(1000);
      const [kept] = await database.system.db
        .select()
        .from(jobSchedule)
        .where(eq(jobSchedule.name, schedule));
      expect(kept!.nextRunAt).toEqual(saved.nextRunAt);

      const changed = makeQueue(database);
      changed.register(name, async () => undefined);
      changed.schedule({ name: schedule, queue: name, rule: { daily: '02:00', timeZone: 'Asia/Shanghai' } });
      changed.start();
      await waitFor('the new rule', async () => {
        const [r] = await database.system.db.select().from(jobSchedule).where(eq(jobSchedule.name, schedule));
        return (r!.rule as { daily?: string }).daily === '02:00';
      });
    });
  });

  it('two queue instances (two processes) run each of 50 jobs exactly once', async () => {
    const name = queueName('pair');
    // On PostgreSQL each "process" has its own connection pool; PGlite has one connection per database.
    const store = onPostgres() ? await createPersistentTestDatabase() : undefined;
    const handles: Database[] = store ? [await store.open(), await store.open()] : [database, database];
    const workers = handles.map((h) => new JobQueue(h, { concurrency: 3, pollMs: 20 }));
    try {
      const executions = new Map<number, string[]>();
      for (const w of workers) {
        w.register(name, async (j) => {
          executions.set(j.id, [...(executions.get(j.id) ?? []), w.workerId]);
          await settle(1);
          return w.workerId;
        });
      }
      const ids: number[] = [];
      for (let i = 0; i < 50; i++)
        ids.push((await workers[i % 2]!.enqueue(handles[0]!.system, name, { i }))!);
      for (const w of workers) w.start();

      const countDone = async () =>
        rowsOf<{ n: number }>(
          await handles[0]!.system.db.execute(
            sql`select count(*)::int as n from job where queue = ${name} and state = 'done'`,
          ),
        )[0]!.n;
      await waitFor('all 50 jobs done', async () => (await countDone()) === 50, 60_000);
      await Promise.all(workers.map((w) => w.stop(5000)));

      expect([...executions.keys()].sort((a, b) => a - b)).toEqual(ids);
      const repeated = [...executions].filter(([, by]) => by.length !== 1);
      expect(repeated).toEqual([]);
      // The result is that of the one execution, and each job was claimed once.
      const rows = await handles[0]!.system.db.select().from(job).where(eq(job.queue, name));
      for (const row of rows) {
        expect(row).toMatchObject({ state: 'done', attempts: 1 });
        expect(row.result).toBe(executions.get(row.id)![0]);
      }
    } finally {
      await Promise.all(workers.map((w) => w.stop(5000)));
      if (store) {
        await Promise.all(handles.map((h) => h.close()));
        await store.dispose();
      }
    }
  });
});
