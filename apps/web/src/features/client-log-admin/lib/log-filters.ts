import { CLIENT_LOG_LIMITS, type QueryOf, type dynamicLogEndpoint } from '@psy/contracts';
import type { ClientLogType } from '../../client-logs';

/** Types this web app uploads (others may come from other clients; the filter takes any text). */
export const KNOWN_LOG_TYPES: readonly ClientLogType[] = ['error', 'promise', 'render'];

/** The filter form as typed: every field may be empty. */
export interface LogFilters {
  type?: string | null;
  userId?: string | number | null;
  startDate?: string | null;
  endDate?: string | null;
}

export type DynamicLogQuery = QueryOf<typeof dynamicLogEndpoint>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter value as sent: trimmed, and absent when empty. */
const present = (value: string | number | null | undefined): string | undefined => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text ? text : undefined;
};

/** Why the filters cannot be sent, by field; empty when they can. */
export function logFilterIssues(
  filters: LogFilters,
): Partial<Record<keyof LogFilters, 'userId' | 'date' | 'range' | 'type'>> {
  const issues: Partial<Record<keyof LogFilters, 'userId' | 'date' | 'range' | 'type'>> = {};
  const type = present(filters.type);
  if (type && type.length > CLIENT_LOG_LIMITS.type) issues.type = 'type';
  const userId = present(filters.userId);
  if (userId && !/^[1-9]\d{0,15}$/.test(userId)) issues.userId = 'userId';
  const start = present(filters.startDate);
  const end = present(filters.endDate);
  if (start && !DAY.test(start)) issues.startDate = 'date';
  if (end && !DAY.test(end)) issues.endDate = 'date';
  if (start && end && DAY.test(start) && DAY.test(end) && end < start) issues.endDate = 'range';
  return issues;
}

/** The query of `GET /admin/log/dynamicLog` for a page and the filters (empty filters left out). */
export function dynamicLogQuery(filters: LogFilters, current: number, size: number): DynamicLogQuery {
  const query: DynamicLogQuery = { current, size };
  const type = present(filters.type);
  const userId = present(filters.userId);
  const startDate = present(filters.startDate);
  const endDate = present(filters.endDate);
  if (type) query.type = type;
  if (userId) query.userId = Number(userId);
  if (startDate) query.startDate = startDate;
  if (endDate) query.endDate = endDate;
  return query;
}

/** The first line of a message or stack, for a table cell. */
export function firstLine(text: string | null | undefined, max = 160): string {
  const line = (text ?? '').split('\n', 1)[0]!.trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * When the error happened, as the client reported it: epoch milliseconds (as text) become an ISO time;
 * any other text is shown as it came.
 */
export function reportedTime(time: string): string {
  if (/^\d{10,16}$/.test(time)) {
    const date = new Date(Number(time));
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return time;
}
