import { describe, expect, it } from 'vitest';
import { checkRule, describeRule, nextOccurrence } from './schedule-rule';

const at = (iso: string) => new Date(iso);

describe('schedule rules', () => {
  it('every N seconds: the next beat of the anchor after now, once however many beats were missed', () => {
    const rule = { every: 60 };
    expect(nextOccurrence(rule, at('2026-01-01T00:00:30Z'))).toEqual(at('2026-01-01T00:01:30Z'));
    // Due at 00:01:00, seen at 00:01:00.5: the next is 00:02:00.
    expect(nextOccurrence(rule, at('2026-01-01T00:01:00.500Z'), at('2026-01-01T00:01:00Z'))).toEqual(
      at('2026-01-01T00:02:00Z'),
    );
    // Down for an hour: one occurrence now (the caller's), the next on the same beat after now.
    expect(nextOccurrence(rule, at('2026-01-01T01:00:10Z'), at('2026-01-01T00:01:00Z'))).toEqual(
      at('2026-01-01T01:01:00Z'),
    );
  });

  it('daily at a time in the time zone, not the server’s (02:00 in Shanghai is 18:00 UTC)', () => {
    const rule = { daily: '02:00', timeZone: 'Asia/Shanghai' };
    expect(nextOccurrence(rule, at('2026-03-10T17:59:00Z'))).toEqual(at('2026-03-10T18:00:00Z'));
    expect(nextOccurrence(rule, at('2026-03-10T18:00:00Z'))).toEqual(at('2026-03-11T18:00:00Z'));
    // A zone with daylight saving: 02:30 in New York before and after the spring change.
    const ny = { daily: '03:30', timeZone: 'America/New_York' };
    expect(nextOccurrence(ny, at('2026-03-07T12:00:00Z'))).toEqual(at('2026-03-08T07:30:00Z'));
    expect(nextOccurrence(ny, at('2026-03-08T12:00:00Z'))).toEqual(at('2026-03-09T07:30:00Z'));
  });

  it('monthly on a day at a time, across the year end', () => {
    const rule = { monthly: { day: 1, at: '00:05' }, timeZone: 'Asia/Shanghai' };
    expect(nextOccurrence(rule, at('2026-12-15T00:00:00Z'))).toEqual(at('2026-12-31T16:05:00Z'));
    expect(nextOccurrence(rule, at('2026-12-31T16:05:00Z'))).toEqual(at('2027-01-31T16:05:00Z'));
  });

  it('refuses rules that can never be due, and describes the others', () => {
    expect(() => checkRule({ every: 0 })).toThrow('every');
    expect(() => checkRule({ daily: '24:00', timeZone: 'Asia/Shanghai' })).toThrow('HH:MM');
    expect(() => checkRule({ daily: '02:00', timeZone: 'Mars/Olympus' })).toThrow();
    expect(() => checkRule({ monthly: { day: 31, at: '02:00' }, timeZone: 'UTC' })).toThrow('1 to 28');
    expect(describeRule({ monthly: { day: 1, at: '02:00' }, timeZone: 'UTC' })).toBe(
      'monthly day 1 02:00 UTC',
    );
  });
});
