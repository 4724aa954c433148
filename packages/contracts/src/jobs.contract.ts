import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema } from './common';

/**
 * Background jobs of the school as its administrators see them (docs/api.md "Jobs"): queued, running,
 * failed with the error, done, cancelled, and `scheduled` (queued with a later due time), plus the
 * platform's recurring schedules. Permission `sys_job`.
 */
export const JOB_STATES = ['queued', 'active', 'done', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_STATE_FILTERS = [...JOB_STATES, 'scheduled'] as const;

/** Permission key of the job list and its retry action (SYSTEM product menu). */
export const JOB_ADMIN_PERMISSION = 'sys_job';

export const jobRecordSchema = z.object({
  id: z.number().int(),
  queue: z.string().describe('the job kind, e.g. users.export'),
  state: z.enum(JOB_STATES).describe('queued, active (running), done, failed, cancelled'),
  attempts: z.number().int().describe('attempts started so far'),
  maxAttempts: z.number().int(),
  runAt: dateTimeSchema.describe('when it is (or was) due; later than now for a scheduled job'),
  lastError: z.string().nullable().describe('the error of the last failed attempt'),
  retryable: z.boolean().describe('whether the retry action is offered (failed jobs of a retryable kind)'),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
});
export type JobRecordOut = z.infer<typeof jobRecordSchema>;

export const jobPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/job/page',
  summary: "The school's background jobs, newest first, by state and kind",
  tags: ['jobs'],
  body: boundedPageQuery(100).extend({
    state: z
      .preprocess((v) => (v === '' ? undefined : v), z.enum(JOB_STATE_FILTERS).optional())
      .describe('queued, active, done, failed, cancelled, or scheduled (queued and due later)'),
    queue: z
      .preprocess((v) => (v === '' ? undefined : v), z.string().max(100).optional())
      .describe('job kind, exactly'),
  }),
  response: pageOf(jobRecordSchema),
});

export const jobRetryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/job/retry',
  summary: 'Runs a failed job of the school again from its first attempt',
  tags: ['jobs'],
  body: z.object({ id: idSchema }),
  response: z.boolean(),
});

export const jobScheduleSchema = z.object({
  name: z.string(),
  queue: z.string(),
  rule: z.string().describe('e.g. "every 3600s", "daily 02:00 Asia/Shanghai"'),
  nextRunAt: dateTimeSchema,
  lastRunAt: dateTimeSchema.nullable(),
});
export type JobScheduleOut = z.infer<typeof jobScheduleSchema>;

export const jobSchedulesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/job/schedules',
  summary: "The platform's recurring jobs: rule, next and last run (no payloads, no school data)",
  tags: ['jobs'],
  response: z.array(jobScheduleSchema),
});
