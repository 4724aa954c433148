import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, SystemScope, TenantScope } from '../db/database';
import { rowsOf, toNumber, toNumberOrNull } from '../db/rows';
import { job } from './jobs.table';

export interface JobRecord<P = unknown> {
  id: number;
  tenantId: number | null;
  queue: string;
  payload: P;
  attempts: number;
  maxAttempts: number;
}

export interface JobContext {
  signal: AbortSignal;
  /** True once the job was cancelled by a user; long handlers check it between steps. */
  isCancelled(): Promise<boolean>;
}

export type JobHandler<P = unknown> = (job: JobRecord<P>, ctx: JobContext) => Promise<unknown>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one queued or running job per (queue, key); a duplicate enqueue answers null. */
  singletonKey?: string;
}

interface Registered {
  handler: JobHandler;
  leaseSeconds: number;
}

export interface JobQueueOptions {
  concurrency: number;
  pollMs?: number;
  log?: { info(o: object, m: string): void; error(o: object, m: string): void };
}

/**
 * A PostgreSQL job queue: rows claimed with FOR UPDATE SKIP LOCKED under a lease, so any number of
 * processes can work one queue, and a job whose process died is picked up again when its lease ends.
 */
export class JobQueue {
  readonly workerId = `w-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, Registered>();
  private readonly running = new Map<number, { promise: Promise<void>; abort: AbortController }>();
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  /** Settles when the current poll (claim + start of the claimed jobs) is over; `stop` waits for it. */
  private pollDone: Promise<void> = Promise.resolve();
  /**
   * The async context the queue was made in. Timers are started from it, not from the caller of `wake`:
   * an `enqueue` inside a tenant transaction would otherwise pass that transaction's context on to every
   * later poll, whose system access the database then refuses.
   */
  private readonly home = new AsyncResource('JobQueue');
  private stopping = false;
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {}

  register<P>(queue: string, handler: JobHandler<P>, opts: { leaseSeconds?: number } = {}): void {
    this.handlers.set(queue, { handler: handler as JobHandler, leaseSeconds: opts.leaseSeconds ?? 300 });
  }

  /**
   * Adds a job. Given a tenant scope it is written in that transaction, so it exists only if the
   * business write that wants it commits.
   */
  async enqueue(
    scope: TenantScope | SystemScope,
    queue: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ) {
    const values = {
      queue,
      payload: payload ?? {},
      tenantId: 'tenantId' in scope ? scope.tenantId : null,
      runAt: opts.runAt ?? new Date(),
      maxAttempts: opts.maxAttempts ?? 5,
      singletonKey: opts.singletonKey ?? null,
    };
    const db = 'tx' in scope ? scope.tx : scope.db;
    const rows = await db
      .insert(job)
      .values(values)
      .onConflictDoNothing({
        target: [job.queue, job.singletonKey],
        where: sql`state in ('queued', 'active')`,
      })
      .returning({ id: job.id });
    if (rows[0]) this.wake();
    return rows[0]?.id ?? null;
  }

  async getJob(id: number) {
    const [row] = await this.database.system.db.select().from(job).where(eq(job.id, id));
    return row ?? null;
  }

  /** Cancels a queued or running job; a running handler sees it through `isCancelled`. */
  async cancel(id: number): Promise<boolean> {
    const rows = await this.database.system.db
      .update(job)
      .set({ state: 'cancelled', lockedBy: null, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(job.id, id), sql`${job.state} in ('queued', 'active')`))
      .returning({ id: job.id });
    this.running.get(id)?.abort.abort();
    return rows.length > 0;
  }

  start(): void {
    if (this.started || this.options.concurrency === 0) return;
    this.started = true;
    this.schedule(0);
  }

  /** Stops claiming, lets running jobs finish (up to `timeoutMs`), then hands back unfinished ones. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    // A claim in flight may still take jobs: they are started, and drained below like the others.
    await this.pollDone;
    const all = Promise.allSettled([...this.running.values()].map((r) => r.promise));
    let timedOut = false;
    await Promise.race([
      all,
      new Promise<void>((r) => setTimeout(() => ((timedOut = true), r()), timeoutMs).unref()),
    ]);
    if (timedOut) for (const r of this.running.values()) r.abort.abort();
    await this.database.system.db
      .update(job)
      .set({
        state: 'queued',
        lockedBy: null,
        lockedUntil: null,
        attempts: sql`greatest(${job.attempts} - 1, 0)`,
      })
      .where(and(eq(job.lockedBy, this.workerId), eq(job.state, 'active')));
  }

  private wake(): void {
    if (this.started && !this.stopping && !this.polling) this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = this.home.runInAsyncScope(() => setTimeout(() => void this.poll(), ms));
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopping) return;
    this.polling = true;
    let pollOver!: () => void;
    this.pollDone = new Promise((r) => (pollOver = r));
    let claimed = 0;
    try {
      const free = this.options.concurrency - this.running.size;
      if (free > 0 && this.handlers.size > 0) {
        const jobs = await this.claim(free);
        claimed = jobs.length;
        for (const j of jobs) this.run(j);
      }
    } catch (err) {
      this.options.log?.error({ err }, 'job poll failed');
    } finally {
      this.polling = false;
      pollOver();
      this.schedule(claimed > 0 ? 0 : (this.options.pollMs ?? 500));
    }
  }

  private async claim(limit: number): Promise<(JobRecord & { leaseSeconds: number })[]> {
    const queues = [...this.handlers.keys()];
    const lease = Math.max(...[...this.handlers.values()].map((h) => h.leaseSeconds));
    const res = await this.database.system.db.execute(sql`
      update job set state = 'active', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${lease}), updated_at = now()
      where id in (
        select id from job
        where queue in (${sql.join(
          queues.map((q) => sql`${q}`),
          sql`, `,
        )})
          and ((state = 'queued' and run_at <= now()) or (state = 'active' and locked_until < now()))
        order by run_at, id
        limit ${limit}
        for update skip locked)
      returning id, tenant_id, queue, payload::text as payload, attempts, max_attempts`);
    return rowsOf<Record<string, unknown>>(res).map((r) => ({
      id: toNumber(r.id),
      tenantId: toNumberOrNull(r.tenant_id),
      queue: String(r.queue),
      // As text, parsed here: drivers answer jsonb parsed, so a JSON string payload could not be told apart.
      payload: JSON.parse(String(r.payload)),
      attempts: toNumber(r.attempts),
      maxAttempts: toNumber(r.max_attempts),
      leaseSeconds: lease,
    }));
  }

  private run(j: JobRecord): void {
    const abort = new AbortController();
    const db = this.database.system.db;
    const ctx: JobContext = {
      signal: abort.signal,
      isCancelled: async () => (await this.getJob(j.id))?.state === 'cancelled',
    };
    const promise = (async () => {
      const reg = this.handlers.get(j.queue)!;
      try {
        if (j.attempts > j.maxAttempts) throw new Error('attempts exhausted');
        const result = await reg.handler(j, ctx);
        await db
          .update(job)
          .set({
            state: 'done',
            result: result ?? null,
            lockedBy: null,
            lockedUntil: null,
            updatedAt: new Date(),
          })
          .where(and(eq(job.id, j.id), eq(job.lockedBy, this.workerId), eq(job.state, 'active')));
      } catch (err) {
        if (this.stopping && abort.signal.aborted) return;
        const final = j.attempts >= j.maxAttempts;
        const backoffS = Math.min(2 ** j.attempts, 600);
        this.options.log?.error(
          { err, jobId: j.id, queue: j.queue, attempts: j.attempts, final },
          'job failed',
        );
        await db
          .update(job)
          .set({
            state: final ? 'failed' : 'queued',
            lastError: String((err as Error)?.message ?? err).slice(0, 2000),
            runAt: final ? undefined : sql`now() + make_interval(secs => ${backoffS})`,
            lockedBy: null,
            lockedUntil: null,
            updatedAt: new Date(),
          })
          .where(and(eq(job.id, j.id), eq(job.lockedBy, this.workerId), eq(job.state, 'active')));
      } finally {
        this.running.delete(j.id);
        this.wake();
      }
    })();
    this.running.set(j.id, { promise, abort });
  }
}
