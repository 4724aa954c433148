import { calendarDayRange, CLIENT_LOG_RATE, type ClientLogEntry, type ClientLogRecord } from '@psy/contracts';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { AppError } from '../../core/http/app-error';
import { hitRateLimit } from '../../core/security/rate-limit.repository';
import { findClientLogPage, insertClientLogs } from './client-logs.repository';

/** Stores a batch of the user's client error-log entries (spec S0.7.27); all or none. */
export function storeClientLogs(
  scope: TenantScope,
  userId: number,
  entries: ClientLogEntry[],
): Promise<number> {
  return insertClientLogs(
    scope,
    entries.map((e) => ({
      userId,
      type: e.type,
      url: e.url,
      message: e.message,
      stack: e.stack ?? null,
      info: e.info ?? null,
      time: typeof e.time === 'number' ? new Date(e.time).toISOString() : e.time,
    })),
  );
}

/**
 * Counts one upload of the user in a fixed window (the auth module's rate-limit table) and refuses
 * past CLIENT_LOG_RATE.uploads with 429, so a client cannot flood the table. Runs outside the request's
 * transaction so refused uploads count too.
 */
export async function limitClientLogUploads(system: SystemScope, tenantId: number, userId: number) {
  const { uploads, windowSeconds } = CLIENT_LOG_RATE;
  const n = await hitRateLimit(system, `client-log:${tenantId}:${userId}`, windowSeconds);
  if (n > uploads) {
    throw new AppError(
      'tooManyRequests',
      undefined,
      { retryAfter: windowSeconds },
      { 'retry-after': String(windowSeconds) },
    );
  }
}

/** Stored entries for administrators, newest first (spec S0.7.27 dynamicLog). */
export async function listClientLogs(
  scope: TenantScope,
  q: {
    current: number;
    size: number;
    type?: string | undefined;
    userId?: number | undefined;
    startDate?: string | undefined;
    endDate?: string | undefined;
  },
) {
  const { rows, total } = await findClientLogPage(
    scope,
    {
      type: q.type,
      userId: q.userId,
      ...calendarDayRange(q.startDate, q.endDate),
    },
    pageWindow(q),
  );
  const records: ClientLogRecord[] = rows.map((r) => ({ ...r, createTime: r.createTime.toISOString() }));
  return pageAnswer(q, records, total);
}
