import type { JobRecordOut, JobScheduleOut, JobState } from '@psy/contracts';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { rowsOf, toNumber } from '../../core/db/rows';
import { notFound, badRequest } from '../../core/http/app-error';
import { jobSchedule } from '../../core/jobs/jobs.table';
import type { JobQueue } from '../../core/jobs/queue';
import { describeRule, type ScheduleRule } from '../../core/jobs/schedule-rule';

type PageQuery = { current: number; size: number; state?: JobState | 'scheduled'; queue?: string };

/**
 * The school's jobs, newest first. Row-level security (policy job_tenant) keeps them to the caller's
 * school: platform jobs without a school are never listed here (they concern every school).
 */
export async function listJobs(scope: TenantScope, jobs: JobQueue, q: PageQuery) {
  const conds: SQL[] = [sql`tenant_id = ${scope.tenantId}`];
  if (q.state === 'scheduled') conds.push(sql`state = 'queued' and run_at > now()`);
  else if (q.state) conds.push(sql`state = ${q.state}`);
  if (q.queue) conds.push(sql`queue = ${q.queue}`);
  const where = sql.join(conds, sql` and `);
  const { offset, limit } = pageWindow(q);
  const total = toNumber(
    rowsOf<{ n: unknown }>(await scope.tx.execute(sql`select count(*) as n from job where ${where}`))[0]!.n,
  );
  const res = await scope.tx.execute(sql`
    select id, queue, state, attempts, max_attempts, run_at, last_error, created_at, updated_at
    from job where ${where} order by id desc limit ${limit} offset ${offset}`);
  const iso = (v: unknown) => new Date(v as string | Date).toISOString();
  const records: JobRecordOut[] = rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: toNumber(r.id),
    queue: String(r.queue),
    state: r.state as JobState,
    attempts: toNumber(r.attempts),
    maxAttempts: toNumber(r.max_attempts),
    runAt: iso(r.run_at),
    lastError: (r.last_error as string | null) ?? null,
    retryable: r.state === 'failed' && jobs.isRetryable(String(r.queue)),
    createTime: iso(r.created_at),
    updateTime: iso(r.updated_at),
  }));
  return pageAnswer(q, records, total);
}

/** An administrator's retry of a failed job of the school (the kind must allow it). */
export async function retryJob(scope: TenantScope, jobs: JobQueue, id: number): Promise<boolean> {
  const rows = rowsOf<{ queue: string; state: string }>(
    await scope.tx.execute(
      sql`select queue, state from job where id = ${id} and tenant_id = ${scope.tenantId}`,
    ),
  );
  const row = rows[0];
  if (!row) throw notFound('job');
  if (row.state !== 'failed') throw badRequest('id', 'only a failed job can be retried');
  if (!jobs.isRetryable(row.queue)) {
    throw badRequest('id', 'this kind of job is not retried: its task was ended, start a new one');
  }
  return jobs.retry(scope, id);
}

/** The platform's recurring jobs: when each runs next and last (read-only; no payloads). */
export async function listSchedules(scope: TenantScope): Promise<JobScheduleOut[]> {
  const rows = await scope.tx.select().from(jobSchedule).orderBy(desc(jobSchedule.name));
  return rows.reverse().map((r) => ({
    name: r.name,
    queue: r.queue,
    rule: describeRule(r.rule as ScheduleRule),
    nextRunAt: r.nextRunAt.toISOString(),
    lastRunAt: r.lastRunAt ? r.lastRunAt.toISOString() : null,
  }));
}
