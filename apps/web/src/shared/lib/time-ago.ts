/**
 * Spec S0.9.9: how long ago something happened, as the message lists and cards show it: under 30 s
 * "just now", then minutes, then hours, then "1 day ago"; from two days on, the date itself.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
/** Spec S0.9.9: week 7 days, month 30 days, year 365 days. */
export const WEEK_MS = 7 * DAY_MS;
export const MONTH_MS = 30 * DAY_MS;
export const YEAR_MS = 365 * DAY_MS;
/** Spec S0.9.9: under 30 s is "just now". */
export const JUST_NOW_MS = 30 * SECOND_MS;

export type TimeAgo =
  | { kind: 'justNow' }
  | { kind: 'minutes'; count: number }
  | { kind: 'hours'; count: number }
  | { kind: 'oneDay' }
  /** Two days or more: show the date instead. */
  | { kind: 'date' };

/** Milliseconds since the epoch of an ISO string, a Date or a number; NaN for what is not a time. */
export function toEpochMs(value: string | number | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  return Date.parse(value);
}

/**
 * How long before `now` the time `then` was. A time in the future (a clock ahead of ours) counts as
 * "just now"; something that is not a time reads as a date (the caller shows it as it is).
 */
export function timeAgo(then: string | number | Date, now: number = Date.now()): TimeAgo {
  const at = toEpochMs(then);
  if (Number.isNaN(at)) return { kind: 'date' };
  const elapsed = now - at;
  if (elapsed < JUST_NOW_MS) return { kind: 'justNow' };
  if (elapsed < HOUR_MS) return { kind: 'minutes', count: Math.max(1, Math.floor(elapsed / MINUTE_MS)) };
  if (elapsed < DAY_MS) return { kind: 'hours', count: Math.floor(elapsed / HOUR_MS) };
  if (elapsed < 2 * DAY_MS) return { kind: 'oneDay' };
  return { kind: 'date' };
}

/** Date and time in the reader's language and time zone (answers carry UTC, see contracts/common.ts). */
export function formatDateTime(value: string | number | Date, language: string): string {
  const at = toEpochMs(value);
  if (Number.isNaN(at)) return String(value);
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** What `t` needs to word a `TimeAgo` (the `time` section of the catalogues). */
export type TimeAgoTranslate = (
  key: 'time.justNow' | 'time.minutesAgo' | 'time.hoursAgo' | 'time.oneDayAgo',
  options?: { count: number },
) => string;

/** "just now", "5 minutes ago", "3 hours ago", "1 day ago", or the date and time. */
export function formatTimeAgo(
  value: string | number | Date,
  t: TimeAgoTranslate,
  language: string,
  now: number = Date.now(),
): string {
  const ago = timeAgo(value, now);
  switch (ago.kind) {
    case 'justNow':
      return t('time.justNow');
    case 'minutes':
      return t('time.minutesAgo', { count: ago.count });
    case 'hours':
      return t('time.hoursAgo', { count: ago.count });
    case 'oneDay':
      return t('time.oneDayAgo');
    default:
      return formatDateTime(value, language);
  }
}
