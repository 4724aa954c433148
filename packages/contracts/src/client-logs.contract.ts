import { z } from 'zod';
import { defineEndpoint, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema, optionalQueryDate, optionalQueryInt } from './common';

/** Length caps of an uploaded client log entry (characters). */
export const CLIENT_LOG_LIMITS = {
  type: 40,
  url: 2000,
  message: 2000,
  stack: 8000,
  info: 4000,
  time: 40,
} as const;
/** Entries per upload. */
export const CLIENT_LOG_BATCH_MAX = 100;

const capped = (max: number) => z.string().max(max, `at most ${max} characters`);

/** A client error-log entry (spec S0.3.13): what the error-log screen shows and uploads. */
export const clientLogEntrySchema = z.object({
  type: capped(CLIENT_LOG_LIMITS.type).min(1, 'required').describe('kind of error, e.g. error, promise'),
  url: capped(CLIENT_LOG_LIMITS.url).describe('page address where it happened'),
  message: capped(CLIENT_LOG_LIMITS.message).describe('error message'),
  stack: capped(CLIENT_LOG_LIMITS.stack).nullish().describe('stack trace'),
  info: capped(CLIENT_LOG_LIMITS.info).nullish().describe('extra information (component, ...)'),
  time: z
    .union([
      capped(CLIENT_LOG_LIMITS.time).min(1, 'required'),
      z.number().int().nonnegative().max(8.64e15, 'not a valid time'),
    ])
    .describe('when it happened on the client: a date-time text or milliseconds since the epoch'),
});
export type ClientLogEntry = z.infer<typeof clientLogEntrySchema>;

export const clientLogsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/log/logs',
  summary: "Stores the client's error-log entries; answers how many were stored",
  tags: ['logs'],
  body: z
    .array(clientLogEntrySchema)
    .min(1, 'at least one log entry')
    .max(CLIENT_LOG_BATCH_MAX, `at most ${CLIENT_LOG_BATCH_MAX} entries per upload`),
  response: z.number().int().describe('entries stored'),
});

/** Uploads a user may make per window before `POST /admin/log/logs` answers 429. */
export const CLIENT_LOG_RATE = { uploads: 20, windowSeconds: 60 } as const;

export const clientLogRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string().nullable(),
  realName: z.string().nullable(),
  type: z.string(),
  url: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  info: z.string().nullable(),
  time: z.string().describe('when it happened, as the client reported it'),
  createTime: dateTimeSchema.describe('when the server stored it'),
});
export type ClientLogRecord = z.infer<typeof clientLogRecordSchema>;

export const dynamicLogEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/log/dynamicLog',
  summary: 'Stored client error-log entries, newest first, by type, user and days stored',
  tags: ['logs'],
  query: boundedPageQuery(100)
    .extend({
      type: z
        .preprocess((v) => (v === '' ? undefined : v), z.string().max(CLIENT_LOG_LIMITS.type).optional())
        .describe('entry type, exactly'),
      userId: optionalQueryInt(1, Number.MAX_SAFE_INTEGER).describe('user who uploaded'),
      startDate: optionalQueryDate.describe('first day stored, yyyy-MM-dd (China Standard Time)'),
      endDate: optionalQueryDate.describe('last day stored, yyyy-MM-dd (China Standard Time)'),
    })
    .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: 'must not be before startDate',
      path: ['endDate'],
    }),
  response: pageOf(clientLogRecordSchema),
});
