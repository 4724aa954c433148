import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, SystemScope, TenantScope } from '../db/database';
import { listenChannel } from '../db/listen';
import { rowsOf, toNumber, toNumberOrNull } from '../db/rows';
import { job } from './jobs.table';
import { checkRule, nextOccurrence, type ScheduleRule } from './schedule-rule';

export interface JobRecord<P = unknown> {
  id: number;
  tenantId: number | null;
  queue: string;
  payload: P;
  attempts: number;
  maxAttempts: number;
}

export interface JobContext {
  /** Aborted when the job was cancelled here, its lease was lost, or shutdown ran out of time. */
  signal: AbortSignal;
  /** True once the job was cancelled by a user; long handlers check it between steps. */
  isCancelled(): Promise<boolean>;
}

export type JobHandler<P = unknown> = (job: JobRecord<P>, ctx: JobContext) => Promise<unknown>;

/**
 * What a job kind does when its job ends for good (its last attempt failed, or it was claimed with its
 * attempts already used up because a process died on the last one): end the work it stood for, e.g. fail
 * the user's task with a readable reason and remove its files. Thrown errors are retried a few times.
 */
export type FinalFailureHandler<P = unknown> = (job: JobRecord<P>, error: Error) => Promise<void>;

export interface JobKindOptions<P = unknown> {
  onFinalFailure?: FinalFailureHandler<P>;
  /**
   * Whether an administrator may run a failed job again (default true). False for jobs whose final
   * failure already ended a user's task: the user starts a new one.
   */
  retryable?: boolean;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one queued or running job per (queue, key); a duplicate enqueue answers null. */
  singletonKey?: string;
}

/** A recurring job declared in code; see `JobQueue.schedule`. */
export interface ScheduleDef {
  /** Unique across the platform: the row that remembers when it is next due. */
  name: string;
  queue: string;
  payload?: unknown;
  rule: ScheduleRule;
  maxAttempts?: number;
}

/** The error a final-failure handler gets when a job was claimed with no attempt left. */
export class JobAttemptsExhaustedError extends Error {
  constructor(readonly lastError: string | null) {
    super(
      lastError
        ? `attempts exhausted (last error: ${lastError})`
        : 'attempts exhausted: the job was interrupted on its last attempt',
    );
    this.name = 'JobAttemptsExhaustedError';
  }
}

interface Registered {
  handler: JobHandler;
  onFinalFailure?: FinalFailureHandler;
  retryable: boolean;
}

export interface JobQueueOptions {
  concurrency: number;
  /** Longest idle wait between polls (ms); a delayed job's due time or an enqueue wakes it sooner. */
  pollMs?: number;
  /**
   * How long a claim holds a job without word from its worker (s). A live worker renews it every third
   * of that while the handler runs, so a job of any length keeps it; a dead worker's job is taken over
   * once it lapses.
   */
  leaseSeconds?: number;
  /** Wake on commits of other processes' enqueues through LISTEN (default true). */
  listen?: boolean;
  /**
   * This process is the only one on the database (PGlite: one process per data directory), so a job
   * still active when the queue starts was left by a process that died: it is taken over at once instead
   * of after its lease.
   */
  soleProcess?: boolean;
  log?: {
    info(o: object, m: string): void;
    warn?(o: object, m: string): void;
    error(o: object, m: string): void;
  };
}

/** Notified in the transaction of every enqueue; every process's queue polls when it commits. */
const WAKE_CHANNEL = 'job_wake';
/** A final-failure handler that keeps throwing is retried this many times past the job's last attempt. */
const FINAL_FAILURE_RETRIES = 3;

/**
 * A PostgreSQL job queue: rows claimed with FOR UPDATE SKIP LOCKED under a short lease that the worker
 * renews, so any number of processes can work one queue and a job whose process died is taken over
 * within seconds. Delayed jobs wake the poller at their due time; recurring jobs come from schedules.
 */
export class JobQueue {
  readonly workerId = `w-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, Registered>();
  private readonly schedules = new Map<string, ScheduleDef>();
  private readonly running = new Map<number, { promise: Promise<void>; abort: AbortController }>();
  /** Jobs whose lease this worker lost (taken over, or cancelled elsewhere): their outcome is not ours. */
  private readonly lost = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private renewTimer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | null = null;
  private polling = false;
  /** A wake that came while a poll ran: poll again at once, the poll may have missed the new job. */
  private wakeAgain = false;
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
  private readonly leaseSeconds: number;
  private readonly pollMs: number;

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions,
  ) {
    this.leaseSeconds = options.leaseSeconds ?? 15;
    this.pollMs = options.pollMs ?? 1000;
  }

  register<P>(queue: string, handler: JobHandler<P>, opts: JobKindOptions<P> = {}): void {
    this.handlers.set(queue, {
      handler: handler as JobHandler,
      onFinalFailure: opts.onFinalFailure as FinalFailureHandler | undefined,
      retryable: opts.retryable ?? true,
    });
  }

  /**
   * Declares a recurring job. Its row is written at `start`; from then on the first process to see it due
   * queues one job and moves the due time to the next occurrence after now, so an occurrence missed while
   * every process was down runs once, not once per missed occurrence. A job of the schedule still queued
   * or running (singleton) makes the occurrence skip.
   */
  schedule(def: ScheduleDef): void {
    checkRule(def.rule);
    if (this.started) throw new Error('declare schedules before start()');
    this.schedules.set(def.name, def);
  }

  /** Whether an administrator may retry failed jobs of this queue; unknown queues are not retryable. */
  isRetryable(queue: string): boolean {
    return this.handlers.get(queue)?.retryable ?? false;
  }

  /**
   * Adds a job. Given a tenant scope it is written in that transaction, so it exists only if the
   * business write that wants it commits; the commit wakes the workers of every process.
   */
  async enqueue(
    scope: TenantScope | SystemScope,
    queue: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ): Promise<number | null> {
    const tenantId = 'tenantId' in scope ? scope.tenantId : null;
    const db = 'tx' in scope ? scope.tx : scope.db;
    const runAt = opts.runAt ? sql`${opts.runAt.toISOString()}::timestamptz` : sql`now()`;
    const res = await db.execute(sql`
      with ins as (
        insert into job (queue, payload, tenant_id, run_at, max_attempts, singleton_key)
        values (${queue}, ${JSON.stringify(payload ?? {})}::jsonb, ${tenantId}, ${runAt},
          ${opts.maxAttempts ?? 5}, ${opts.singletonKey ?? null})
        on conflict (queue, singleton_key) where state in ('queued', 'active') do nothing
        returning id)
      select id, pg_notify(${WAKE_CHANNEL}, '') from ins`);
    const id = toNumberOrNull(rowsOf<{ id: unknown }>(res)[0]?.id);
    // Outside a transaction the row is committed already; inside one, the notification wakes us on commit.
    if (id !== null && !('tx' in scope)) this.wake();
    return id;
  }

  /**
   * Adds many jobs of one queue in one statement (e.g. a reminder for each person of a session), in the
   * scope's transaction like `enqueue`; answers the ids of those added (a singleton key already taken is
   * skipped).
   */
  async enqueueMany(
    scope: TenantScope | SystemScope,
    queue: string,
    jobs: readonly { payload: unknown; runAt?: Date; singletonKey?: string }[],
    opts: { maxAttempts?: number } = {},
  ): Promise<number[]> {
    if (jobs.length === 0) return [];
    const tenantId = 'tenantId' in scope ? scope.tenantId : null;
    const db = 'tx' in scope ? scope.tx : scope.db;
    const rows = jobs.map(
      (j) =>
        sql`(${queue}, ${JSON.stringify(j.payload ?? {})}::jsonb, ${tenantId}::bigint, ${
          j.runAt ? sql`${j.runAt.toISOString()}::timestamptz` : sql`now()`
        }, ${opts.maxAttempts ?? 5}::int, ${j.singletonKey ?? null}::text)`,
    );
    const res = await db.execute(sql`
      with ins as (
        insert into job (queue, payload, tenant_id, run_at, max_attempts, singleton_key)
        values ${sql.join(rows, sql`, `)}
        on conflict (queue, singleton_key) where state in ('queued', 'active') do nothing
        returning id),
      woken as (select pg_notify(${WAKE_CHANNEL}, '') where exists (select 1 from ins))
      select id from ins, (select count(*) from woken) w`);
    const ids = rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
    if (ids.length > 0 && !('tx' in scope)) this.wake();
    return ids;
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

  /**
   * Runs a failed job again from its first attempt (an administrator's retry), in the caller's scope so
   * row-level security decides whose jobs it may touch. False if it is not failed or not retryable.
   */
  async retry(scope: TenantScope | SystemScope, id: number): Promise<boolean> {
    const db = 'tx' in scope ? scope.tx : scope.db;
    const [row] = await db.select({ queue: job.queue }).from(job).where(eq(job.id, id));
    if (!row || !this.isRetryable(row.queue)) return false;
    const res = await db.execute(sql`
      with upd as (
        update job set state = 'queued', attempts = 0, run_at = now(), locked_by = null,
          locked_until = null, updated_at = now()
        where id = ${id} and state = 'failed' returning id)
      select id, pg_notify(${WAKE_CHANNEL}, '') from upd`);
    return rowsOf(res).length > 0;
  }

  start(): void {
    if (this.started || this.options.concurrency === 0) return;
    this.started = true;
    this.begin();
  }

  /** Saves the schedules and listens for wake-ups, then polls. */
  private begin(): void {
    void this.home.runInAsyncScope(async () => {
      try {
        if (this.options.soleProcess && this.handlers.size > 0) await this.reclaimLeftovers();
        await this.saveSchedules();
      } catch (err) {
        this.options.log?.error({ err }, 'job schedules could not be saved');
      }
      if (this.options.listen !== false && !this.stopping) {
        try {
          const unlisten = await listenChannel(this.database, WAKE_CHANNEL, () => this.wake(), {
            warn: (o, m) => this.options.log?.warn?.(o as object, m ?? 'job listen'),
          });
          if (this.stopping) await unlisten();
          else this.unlisten = unlisten;
        } catch (err) {
          // Polling still finds every job; only the wake-up on other processes' commits is lost.
          this.options.log?.error({ err }, 'job wake-up listener failed');
        }
      }
      this.pollIn(0);
    });
  }

  /** Stops claiming, lets running jobs finish (up to `timeoutMs`), then hands back unfinished ones. */
  async stop(timeoutMs: number): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch(() => undefined);
    // A claim in flight may still take jobs: they are started, and drained below like the others.
    await this.pollDone;
    const all = Promise.allSettled([...this.running.values()].map((r) => r.promise));
    let timedOut = false;
    await Promise.race([
      all,
      new Promise<void>((r) => setTimeout(() => ((timedOut = true), r()), timeoutMs).unref()),
    ]);
    if (timedOut) for (const r of this.running.values()) r.abort.abort();
    if (this.renewTimer) clearInterval(this.renewTimer);
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
    if (!this.started || this.stopping) return;
    if (this.polling) this.wakeAgain = true;
    else this.pollIn(0);
  }

  private pollIn(ms: number): void {
    if (this.stopping) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = this.home.runInAsyncScope(() => setTimeout(() => void this.poll(), ms));
    this.timer.unref();
  }

  private queueList(): SQL {
    return sql.join(
      [...this.handlers.keys()].map((q) => sql`${q}`),
      sql`, `,
    );
  }

  private async poll(): Promise<void> {
    if (this.polling || this.stopping) return;
    this.polling = true;
    this.wakeAgain = false;
    let pollOver!: () => void;
    this.pollDone = new Promise((r) => (pollOver = r));
    let next = this.pollMs;
    try {
      if (this.schedules.size > 0) await this.fireDueSchedules();
      const free = this.options.concurrency - this.running.size;
      if (free > 0 && this.handlers.size > 0) {
        const jobs = await this.claim(free);
        for (const j of jobs) this.run(j);
        next = jobs.length > 0 ? 0 : await this.msUntilDue();
      }
    } catch (err) {
      this.options.log?.error({ err }, 'job poll failed');
    } finally {
      this.polling = false;
      pollOver();
      this.pollIn(this.wakeAgain ? 0 : next);
    }
  }

  /**
   * How long to sleep: until the earliest delayed job, the earliest lease to lapse or the earliest
   * schedule is due, at most the poll interval. A sleep, not a busy poll: nothing is read meanwhile.
   */
  private async msUntilDue(): Promise<number> {
    const queues = this.queueList();
    const names = [...this.schedules.keys()];
    const scheduleDue =
      names.length > 0
        ? sql`(select min(next_run_at) from job_schedule where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}))`
        : sql`null::timestamptz`;
    const res = await this.database.system.db.execute(sql`
      select extract(epoch from (least(
        (select min(run_at) from job where state = 'queued' and queue in (${queues})),
        (select min(locked_until) from job where state = 'active' and queue in (${queues})),
        ${scheduleDue}) - clock_timestamp())) * 1000 as ms`);
    const ms = rowsOf<{ ms: unknown }>(res)[0]?.ms;
    if (ms === null || ms === undefined) return this.pollMs;
    return Math.min(this.pollMs, Math.max(0, Math.ceil(Number(ms))));
  }

  private async claim(limit: number): Promise<(JobRecord & { lastError: string | null })[]> {
    const res = await this.database.system.db.execute(sql`
      update job set state = 'active', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = now() + make_interval(secs => ${this.leaseSeconds}), updated_at = now()
      where id in (
        select id from job
        where queue in (${this.queueList()})
          and ((state = 'queued' and run_at <= now()) or (state = 'active' and locked_until < now()))
        order by run_at, id
        limit ${limit}
        for update skip locked)
      returning id, tenant_id, queue, payload::text as payload, attempts, max_attempts, last_error`);
    return rowsOf<Record<string, unknown>>(res).map((r) => ({
      id: toNumber(r.id),
      tenantId: toNumberOrNull(r.tenant_id),
      queue: String(r.queue),
      // As text, parsed here: drivers answer jsonb parsed, so a JSON string payload could not be told apart.
      payload: JSON.parse(String(r.payload)),
      attempts: toNumber(r.attempts),
      maxAttempts: toNumber(r.max_attempts),
      lastError: (r.last_error as string | null) ?? null,
    }));
  }

  /** Renews the leases of the jobs running here; a job whose lease is no longer ours is aborted. */
  private async renew(): Promise<void> {
    const ids = [...this.running.keys()].filter((id) => !this.lost.has(id));
    if (ids.length === 0) return;
    const res = await this.database.system.db.execute(sql`
      update job set locked_until = now() + make_interval(secs => ${this.leaseSeconds})
      where locked_by = ${this.workerId} and state = 'active' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      returning id`);
    const kept = new Set(rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id)));
    for (const id of ids) {
      if (kept.has(id) || !this.running.has(id)) continue;
      this.lost.add(id);
      this.running.get(id)!.abort.abort();
      this.options.log?.error({ jobId: id }, 'job lease lost: another worker has it, or it was cancelled');
    }
  }

  private ensureRenewing(): void {
    if (this.renewTimer) return;
    const every = Math.max(200, (this.leaseSeconds * 1000) / 3);
    this.renewTimer = this.home.runInAsyncScope(() =>
      setInterval(() => {
        if (this.running.size === 0) {
          clearInterval(this.renewTimer);
          this.renewTimer = undefined;
          return;
        }
        this.renew().catch((err: unknown) => this.options.log?.error({ err }, 'job lease renewal failed'));
      }, every),
    );
    this.renewTimer.unref();
  }

  /** Sets the job's end state if this worker still holds it. */
  private async finish(id: number, set: SQL): Promise<void> {
    await this.database.system.db.execute(sql`
      update job set ${set}, locked_by = null, locked_until = null, updated_at = now()
      where id = ${id} and locked_by = ${this.workerId} and state = 'active'`);
  }

  private run(j: JobRecord & { lastError: string | null }): void {
    const abort = new AbortController();
    const ctx: JobContext = {
      signal: abort.signal,
      isCancelled: async () => (await this.getJob(j.id))?.state === 'cancelled',
    };
    const record: JobRecord = {
      id: j.id,
      tenantId: j.tenantId,
      queue: j.queue,
      payload: j.payload,
      attempts: j.attempts,
      maxAttempts: j.maxAttempts,
    };
    const promise = (async () => {
      const reg = this.handlers.get(j.queue)!;
      try {
        if (j.attempts > j.maxAttempts) throw new JobAttemptsExhaustedError(j.lastError);
        const result = await reg.handler(record, ctx);
        await this.finish(j.id, sql`state = 'done', result = ${JSON.stringify(result ?? null)}::jsonb`);
      } catch (caught) {
        if (abort.signal.aborted && (this.stopping || this.lost.has(j.id))) return;
        const err = caught instanceof Error ? caught : new Error(String(caught));
        const final = j.attempts >= j.maxAttempts;
        this.options.log?.error(
          { err, jobId: j.id, queue: j.queue, attempts: j.attempts, final },
          'job failed',
        );
        if (final) await this.endForGood(reg, record, err);
        else await this.requeue(j.id, j.attempts, err.message);
      } finally {
        this.running.delete(j.id);
        this.lost.delete(j.id);
        this.wake();
      }
    })().catch((err: unknown) => this.options.log?.error({ err, jobId: j.id }, 'job bookkeeping failed'));
    this.running.set(j.id, { promise, abort });
    this.ensureRenewing();
  }

  private requeue(id: number, attempts: number, message: string): Promise<void> {
    const backoffS = Math.min(2 ** attempts, 600);
    return this.finish(
      id,
      sql`state = 'queued', last_error = ${message.slice(0, 2000)},
        run_at = now() + make_interval(secs => ${backoffS})`,
    );
  }

  /** The job failed for good: its kind ends the work it stood for, then the job is failed. */
  private async endForGood(reg: Registered, j: JobRecord, err: Error): Promise<void> {
    const message = err.message;
    if (reg.onFinalFailure) {
      try {
        await reg.onFinalFailure(j, err);
      } catch (hookErr) {
        this.options.log?.error({ err: hookErr, jobId: j.id }, 'final-failure handler failed');
        // Claimed again later with no attempt left, the handler gets another chance; not forever.
        if (j.attempts < j.maxAttempts + FINAL_FAILURE_RETRIES) {
          return this.requeue(j.id, j.attempts, err.message);
        }
      }
    }
    await this.finish(j.id, sql`state = 'failed', last_error = ${message.slice(0, 2000)}`);
  }

  /** Ends the leases of jobs a dead process left active (see `soleProcess`); counted as its attempt. */
  private async reclaimLeftovers(): Promise<void> {
    await this.database.system.db.execute(sql`
      update job set locked_until = now() - interval '1 millisecond'
      where state = 'active' and locked_until > now() and queue in (${this.queueList()})`);
  }

  /** Upserts the declared schedules; a new schedule, or one whose rule changed, is due at its next occurrence. */
  private async saveSchedules(): Promise<void> {
    const now = new Date();
    for (const s of this.schedules.values()) {
      const next = nextOccurrence(s.rule, now);
      await this.database.system.db.execute(sql`
        insert into job_schedule (name, queue, payload, rule, next_run_at)
        values (${s.name}, ${s.queue}, ${JSON.stringify(s.payload ?? {})}::jsonb,
          ${JSON.stringify(s.rule)}::jsonb, ${next.toISOString()}::timestamptz)
        on conflict (name) do update set queue = excluded.queue, payload = excluded.payload,
          rule = excluded.rule, updated_at = now(),
          next_run_at = case when job_schedule.rule = excluded.rule then job_schedule.next_run_at
            else excluded.next_run_at end`);
    }
  }

  /** Queues one job for each due schedule and moves it on, under a row lock so one process does each. */
  private async fireDueSchedules(): Promise<void> {
    const names = [...this.schedules.keys()];
    await this.database.system.db.transaction(async (tx) => {
      const due = rowsOf<{ name: string; next_run_at: unknown }>(
        await tx.execute(sql`
          select name, next_run_at from job_schedule
          where name in (${sql.join(
            names.map((n) => sql`${n}`),
            sql`, `,
          )}) and next_run_at <= now()
          for update skip locked`),
      );
      for (const row of due) {
        const def = this.schedules.get(row.name)!;
        const dueAt = new Date(row.next_run_at as string | Date);
        const next = nextOccurrence(def.rule, new Date(), dueAt);
        const id = await this.enqueue({ db: tx as never }, def.queue, def.payload ?? {}, {
          singletonKey: `schedule:${def.name}`,
          maxAttempts: def.maxAttempts ?? 3,
        });
        await tx.execute(sql`
          update job_schedule set next_run_at = ${next.toISOString()}::timestamptz, last_run_at = now(),
            last_job_id = coalesce(${id}, last_job_id), updated_at = now()
          where name = ${row.name}`);
      }
    });
  }
}

/** Deletes finished jobs past their keeping time: done and cancelled after 7 days, failed after 30. */
export async function pruneFinishedJobs({ db }: SystemScope): Promise<number> {
  const res = await db.execute(sql`
    with gone as (
      delete from job
      where (state in ('done', 'cancelled') and updated_at < now() - interval '7 days')
         or (state = 'failed' and updated_at < now() - interval '30 days')
      returning 1)
    select count(*)::int as n from gone`);
  return toNumber(rowsOf<{ n: unknown }>(res)[0]?.n ?? 0);
}
