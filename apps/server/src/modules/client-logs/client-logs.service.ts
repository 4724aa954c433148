import type { ClientLogEntry } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { insertClientLogs } from './client-logs.repository';

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
