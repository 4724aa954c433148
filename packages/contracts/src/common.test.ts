import { describe, expect, it } from 'vitest';
import {
  boundedPageQuery,
  calendarDayRange,
  dateSchema,
  optionalQueryDate,
  optionalQueryInt,
} from './common';
import { myMessageByDateScopeEndpoint } from './messages.contract';
import { clientLogsEndpoint } from './client-logs.contract';

describe('shared value schemas', () => {
  it('accepts only calendar dates that exist, as yyyy-MM-dd', () => {
    expect(dateSchema.safeParse('2024-02-29').success).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-3-1', '20260301', '2026-03-01T00:00', ''])
      expect(dateSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('treats an empty query value as absent', () => {
    expect(optionalQueryInt(0, 1).parse('')).toBeUndefined();
    expect(optionalQueryInt(0, 1).parse('1')).toBe(1);
    expect(optionalQueryInt(0, 1).safeParse('2').success).toBe(false);
    expect(optionalQueryDate.parse('')).toBeUndefined();
  });

  it('pages by 10 by default and caps the page size [spec:S0.9.1]', () => {
    expect(boundedPageQuery(100).parse({})).toEqual({ current: 1, size: 10 });
    expect(boundedPageQuery(100).safeParse({ size: '101' }).success).toBe(false);
  });

  it('refuses a date range that ends before it starts, naming endDate', () => {
    const r = myMessageByDateScopeEndpoint.query!.safeParse({
      startDate: '2026-03-02',
      endDate: '2026-03-01',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['endDate']);
  });

  it('caps client log entries and batches [spec:S0.3.13]', () => {
    const entry = { type: 'error', url: '/', message: 'x', time: '2026-03-01 08:00:00' };
    expect(clientLogsEndpoint.body!.safeParse([entry]).success).toBe(true);
    expect(clientLogsEndpoint.body!.safeParse([{ ...entry, message: 'm'.repeat(2001) }]).success).toBe(false);
    expect(clientLogsEndpoint.body!.safeParse(Array.from({ length: 101 }, () => entry)).success).toBe(false);
    expect(clientLogsEndpoint.body!.safeParse([]).success).toBe(false);
  });
});

describe('calendarDayRange', () => {
  it('takes calendar days in China time, the last day included whole', () => {
    const r = calendarDayRange('2026-03-01', '2026-03-02');
    expect(r.from?.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(r.to?.toISOString()).toBe('2026-03-02T16:00:00.000Z');
  });

  it('leaves an absent end open', () => {
    expect(calendarDayRange(undefined, undefined)).toEqual({ from: undefined, to: undefined });
    expect(calendarDayRange('2026-03-01', undefined).to).toBeUndefined();
  });
});
