import type { ClientLogEntry } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { insertClientLogs } from './client-logs.repository';

/** PostgreSQL text cannot hold NUL; a log is diagnostic text, so the character is dropped. */
const clean = (s: string) => s.replaceAll('\u0000', '');
const cleanOrNull = (s: string | null | undefined) => (s ? clean(s) : null);

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
      type: clean(e.type),
      url: clean(e.url),
      message: clean(e.message),
      stack: cleanOrNull(e.stack),
      info: cleanOrNull(e.info),
      time: typeof e.time === 'number' ? new Date(e.time).toISOString() : clean(e.time),
    })),
  );
}
