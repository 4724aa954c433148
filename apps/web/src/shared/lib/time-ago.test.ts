import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  formatDateTime,
  formatTimeAgo,
  HOUR_MS,
  MINUTE_MS,
  MONTH_MS,
  timeAgo,
  WEEK_MS,
  YEAR_MS,
  type TimeAgoTranslate,
} from './time-ago';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeAgo', () => {
  it('says "just now" under 30 seconds [spec:S0.9.9]', () => {
    expect(timeAgo(ago(0), NOW)).toEqual({ kind: 'justNow' });
    expect(timeAgo(ago(29_999), NOW)).toEqual({ kind: 'justNow' });
  });

  it('counts minutes from 30 seconds to an hour [spec:S0.9.9]', () => {
    expect(timeAgo(ago(30_000), NOW)).toEqual({ kind: 'minutes', count: 1 });
    expect(timeAgo(ago(5 * MINUTE_MS + 10_000), NOW)).toEqual({ kind: 'minutes', count: 5 });
    expect(timeAgo(ago(HOUR_MS - 1), NOW)).toEqual({ kind: 'minutes', count: 59 });
  });

  it('counts hours from an hour to a day [spec:S0.9.9]', () => {
    expect(timeAgo(ago(HOUR_MS), NOW)).toEqual({ kind: 'hours', count: 1 });
    expect(timeAgo(ago(23 * HOUR_MS + 59 * MINUTE_MS), NOW)).toEqual({ kind: 'hours', count: 23 });
  });

  it('says "1 day ago" for the second day, then the date [spec:S0.9.9]', () => {
    expect(timeAgo(ago(DAY_MS), NOW)).toEqual({ kind: 'oneDay' });
    expect(timeAgo(ago(2 * DAY_MS - 1), NOW)).toEqual({ kind: 'oneDay' });
    expect(timeAgo(ago(2 * DAY_MS), NOW)).toEqual({ kind: 'date' });
  });

  it('treats a time in the future as just now and garbage as a date', () => {
    expect(timeAgo(ago(-5 * MINUTE_MS), NOW)).toEqual({ kind: 'justNow' });
    expect(timeAgo('not a time', NOW)).toEqual({ kind: 'date' });
  });

  it('accepts Date objects and epoch numbers', () => {
    expect(timeAgo(new Date(NOW - 2 * HOUR_MS), NOW)).toEqual({ kind: 'hours', count: 2 });
    expect(timeAgo(NOW - 3 * MINUTE_MS, NOW)).toEqual({ kind: 'minutes', count: 3 });
  });

  it('keeps the week, month and year constants of the spec [spec:S0.9.9]', () => {
    expect(WEEK_MS).toBe(7 * DAY_MS);
    expect(MONTH_MS).toBe(30 * DAY_MS);
    expect(YEAR_MS).toBe(365 * DAY_MS);
  });
});

describe('formatTimeAgo', () => {
  const t: TimeAgoTranslate = (key, options) => (options ? `${key}:${options.count}` : key);

  it('words each kind through the catalogue [spec:S0.9.9]', () => {
    expect(formatTimeAgo(ago(1000), t, 'en-US', NOW)).toBe('time.justNow');
    expect(formatTimeAgo(ago(7 * MINUTE_MS), t, 'en-US', NOW)).toBe('time.minutesAgo:7');
    expect(formatTimeAgo(ago(3 * HOUR_MS), t, 'en-US', NOW)).toBe('time.hoursAgo:3');
    expect(formatTimeAgo(ago(30 * HOUR_MS), t, 'en-US', NOW)).toBe('time.oneDayAgo');
  });

  it('falls back to the date and time in the reader language', () => {
    const value = ago(5 * DAY_MS);
    expect(formatTimeAgo(value, t, 'en-US', NOW)).toBe(formatDateTime(value, 'en-US'));
  });
});

describe('formatDateTime', () => {
  it('writes dates by locale, with a 24-hour clock', () => {
    const value = '2026-03-05T06:07:00.000Z';
    const zh = formatDateTime(value, 'zh-CN');
    const en = formatDateTime(value, 'en-US');
    expect(zh).toMatch(/2026\/03\/0[4-6] \d{2}:07/);
    expect(en).toMatch(/0[3]\/0[4-6]\/2026, \d{2}:07/);
  });

  it('shows text that is not a time as it is', () => {
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });
});
