import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  dayMapper,
  daysBetween,
  formatInZone,
  isValidTimeZone,
  localToInstant,
  mondayOf,
  offsetMinutes,
  startOfDay,
  weekdayOf,
  zonedDate,
  zonedTime,
} from './zoned-time';

const SH = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';

describe('calendar days and wall-clock times in a zone', () => {
  it('maps Shanghai wall-clock times to instants (UTC+8, no daylight saving)', () => {
    const r = localToInstant('2026-03-16', '09:00', SH);
    expect(r).toEqual({ instant: new Date('2026-03-16T01:00:00Z'), kind: 'unique' });
    expect(offsetMinutes(r.instant, SH)).toBe(480);
  });

  it('puts an early Shanghai morning on its own day, though it is the previous day in UTC (midnight-safe)', () => {
    const early = localToInstant('2026-03-16', '07:30', SH).instant;
    expect(early.toISOString()).toBe('2026-03-15T23:30:00.000Z');
    expect(zonedDate(early, SH)).toBe('2026-03-16');
    expect(weekdayOf(zonedDate(early, SH))).toBe(1);
    expect(startOfDay('2026-03-16', SH).toISOString()).toBe('2026-03-15T16:00:00.000Z');
  });

  it('knows Berlin’s spring-forward gap and autumn overlap', () => {
    // 29 March 2026: 02:00 jumps to 03:00; 25 October 2026: 03:00 falls back to 02:00.
    expect(localToInstant('2026-03-29', '02:30', BERLIN).kind).toBe('gap');
    expect(localToInstant('2026-03-29', '02:30', BERLIN).instant.toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(localToInstant('2026-03-29', '03:30', BERLIN)).toEqual({
      instant: new Date('2026-03-29T01:30:00Z'),
      kind: 'unique',
    });
    const overlap = localToInstant('2026-10-25', '02:30', BERLIN);
    expect(overlap.kind).toBe('ambiguous');
    // The earlier of the two 02:30s (still summer time, UTC+2).
    expect(overlap.instant.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(localToInstant('2026-10-25', '09:00', BERLIN).instant.toISOString()).toBe(
      '2026-10-25T08:00:00.000Z',
    );
    expect(localToInstant('2026-10-24', '09:00', BERLIN).instant.toISOString()).toBe(
      '2026-10-24T07:00:00.000Z',
    );
  });

  it('does day arithmetic and weekdays without a zone', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(weekdayOf('2026-03-15')).toBe(7);
    expect(mondayOf('2026-03-15')).toBe('2026-03-09');
    expect(formatInZone(new Date('2026-03-16T01:05:00Z'), SH)).toBe('2026-03-16 09:05');
    expect(zonedTime(new Date('2026-03-16T01:05:00Z'), BERLIN)).toBe('02:05');
  });

  it('accepts IANA zones and refuses anything else', () => {
    expect(isValidTimeZone(SH)).toBe(true);
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Asia/Shanghai; drop table')).toBe(false);
  });

  it('round-trips every existing wall-clock time of a year, and the fast day mapper agrees (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(SH, BERLIN, 'America/New_York', 'Australia/Lord_Howe'),
        fc.integer({ min: 0, max: 729 }),
        fc.integer({ min: 0, max: 95 }),
        (zone, dayIndex, quarter) => {
          const date = addDays('2026-01-01', dayIndex);
          const time = `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
          const exact = localToInstant(date, time, zone);
          expect(dayMapper(date, zone)(time)).toEqual(exact);
          if (exact.kind !== 'gap') {
            expect(zonedDate(exact.instant, zone)).toBe(date);
            expect(zonedTime(exact.instant, zone)).toBe(time);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
