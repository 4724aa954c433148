import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, currentTenant, updatedAt } from '../db/columns';

/**
 * The job queue. Workers claim rows with FOR UPDATE SKIP LOCKED in the system context; the app role may
 * insert and read its own tenant's jobs so a job can be enqueued in the same transaction as the write
 * that needs it.
 */
export const job = pgTable(
  'job',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    tenantId: bigint('tenant_id', { mode: 'number' }),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** queued | active | done | failed | cancelled */
    state: text('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    singletonKey: text('singleton_key'),
    lastError: text('last_error'),
    result: jsonb('result').$type<unknown>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('job_claim_idx')
      .on(t.queue, t.runAt)
      .where(sql`state in ('queued', 'active')`),
    uniqueIndex('job_singleton_uq')
      .on(t.queue, t.singletonKey)
      .where(sql`state in ('queued', 'active')`),
    pgPolicy('job_tenant', {
      as: 'permissive',
      for: 'all',
      using: sql`tenant_id = ${currentTenant}`,
      withCheck: sql`tenant_id = ${currentTenant}`,
    }),
  ],
);

/**
 * Recurring jobs declared in code (`JobQueue.schedule`), one row per schedule name: the next time it is
 * due. A process that finds it due moves `next_run_at` on and queues the job in one transaction, under
 * FOR UPDATE SKIP LOCKED, so each occurrence is queued once however many processes run. Read-only to the
 * app role (the job list shows the schedules).
 */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  queue: text('queue').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull().default({}),
  /** The rule (core/jobs/schedule-rule.ts) as declared; a changed rule resets `next_run_at`. */
  rule: jsonb('rule').$type<unknown>().notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastJobId: bigint('last_job_id', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
