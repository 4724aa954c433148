import { describe, expect, it } from 'vitest';
import { defaultReportMonth, localDateTimeToIso, optionalText, reportBody, trackDateBounds } from './forms';

describe('crisis form helpers', () => {
  it('offers trackDate from 7 days back to today in China time [spec:S1.5.10]', () => {
    // 2026-03-01 17:00 UTC is already 2 March in China.
    expect(trackDateBounds(Date.parse('2026-03-01T17:00:00Z'))).toEqual({
      min: '2026-02-23',
      max: '2026-03-02',
    });
  });

  it('reports last month by default [spec:S0.7.29]', () => {
    expect(defaultReportMonth(Date.parse('2026-01-15T02:00:00Z'))).toBe('2025-12');
  });

  it('sends a trimmed report and leaves a blank location out [spec:S1.3.10]', () => {
    expect(reportBody({ studentId: 7, crisisEvents: '  crying at night ', location: '  ' })).toEqual({
      studentId: 7,
      crisisEvents: 'crying at night',
      urgent: false,
    });
    expect(reportBody({ studentId: 7, crisisEvents: 'x', urgent: true, location: ' Room 402 ' })).toEqual({
      studentId: 7,
      crisisEvents: 'x',
      urgent: true,
      location: 'Room 402',
    });
    expect(optionalText(undefined)).toBeUndefined();
  });

  it('reads a local date and time as an instant', () => {
    expect(localDateTimeToIso('')).toBeNull();
    expect(localDateTimeToIso('not a time')).toBeNull();
    const iso = localDateTimeToIso('2026-05-01T08:30');
    expect(iso).toBe(new Date('2026-05-01T08:30').toISOString());
  });
});

describe('settings errors', () => {
  it('puts a 400 on the field it names, list items by index [spec:S1.4.6]', async () => {
    const { settingFieldPath } = await import('./forms');
    expect(settingFieldPath('ackMinutes.4')).toEqual(['ackMinutes', '4']);
    expect(settingFieldPath('hotlines.0.phone')).toEqual(['hotlines', 0, 'phone']);
    expect(settingFieldPath('reportDueDay')).toEqual(['reportDueDay']);
  });
});
