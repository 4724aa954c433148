import type { JobRecordOut, JobScheduleOut, JobState } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { badRequest, notFound } from '../../core/http/app-error';
import type { JobQueue } from '../../core/jobs/queue';
import { describeRule, type ScheduleRule } from '../../core/jobs/schedule-rule';
import { findJob, findJobs, findSchedules } from './job-admin.repository';

type PageQuery = { current: number; size: number; state?: JobState | 'scheduled'; queue?: string };

/**
 * The school's jobs, newest first. Row-level security (policy job_tenant) keeps them to the caller's
 * school: platform jobs without a school are never listed here (they concern every school).
 */
export async function listJobs(scope: TenantScope, jobs: JobQueue, q: PageQuery) {
  const { rows, total } = await findJobs(scope, q, pageWindow(q));
  const records: JobRecordOut[] = rows.map((r) => ({
    id: r.id,
    queue: r.queue,
    state: r.state as JobState,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    runAt: r.runAt.toISOString(),
    lastError: r.lastError,
    retryable: r.state === 'failed' && jobs.isRetryable(r.queue),
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  }));
  return pageAnswer(q, records, total);
}

/** An administrator's retry of a failed job of the school (the kind must allow it). */
export async function retryJob(scope: TenantScope, jobs: JobQueue, id: number): Promise<boolean> {
  const row = await findJob(scope, id);
  if (!row) throw notFound('job');
  if (row.state !== 'failed') throw badRequest('id', 'only a failed job can be retried');
  if (!jobs.isRetryable(row.queue)) {
    throw badRequest('id', 'this kind of job is not retried: its task was ended, start a new one');
  }
  return jobs.retry(scope, id);
}

/** The platform's recurring jobs: when each runs next and last (read-only; no payloads). */
export async function listSchedules(scope: TenantScope): Promise<JobScheduleOut[]> {
  const rows = await findSchedules(scope);
  return rows.map((r) => ({
    name: r.name,
    queue: r.queue,
    rule: describeRule(r.rule as ScheduleRule),
    nextRunAt: r.nextRunAt.toISOString(),
    lastRunAt: r.lastRunAt ? r.lastRunAt.toISOString() : null,
  }));
}
