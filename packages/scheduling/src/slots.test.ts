import { describe, expect, it } from 'vitest';
import { generateSlots, overlappingTemplateItems } from './slots';

const weekdays = (start: string, end: string) =>
  [1, 2, 3, 4, 5].map((week) => ({ week, startTime: start, endTime: end }));

describe('slots from week templates in the school’s zone [spec:S1.3.2]', () => {
  it('generates Shanghai slots on the template’s weekdays, as UTC instants, across UTC midnight', () => {
    const r = generateSlots({
      items: [
        { week: 1, startTime: '07:30', endTime: '08:30' },
        { week: 3, startTime: '14:00', endTime: '15:00' },
      ],
      startDate: '2026-03-16',
      endDate: '2026-03-22',
      zone: 'Asia/Shanghai',
    });
    expect(r.slots.map((s) => [s.date, s.startsAt.toISOString(), s.endsAt.toISOString()])).toEqual([
      // Monday 07:30 in Shanghai is Sunday 23:30 in UTC; the slot still belongs to Monday.
      ['2026-03-16', '2026-03-15T23:30:00.000Z', '2026-03-16T00:30:00.000Z'],
      ['2026-03-18', '2026-03-18T06:00:00.000Z', '2026-03-18T07:00:00.000Z'],
    ]);
  });

  it('keeps Berlin slots at their wall-clock time across both daylight-saving changes', () => {
    const r = generateSlots({
      items: weekdays('09:00', '10:00'),
      startDate: '2026-03-27',
      endDate: '2026-03-30',
      zone: 'Europe/Berlin',
    });
    expect(r.slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    const autumn = generateSlots({
      items: weekdays('09:00', '10:00'),
      startDate: '2026-10-23',
      endDate: '2026-10-26',
      zone: 'Europe/Berlin',
    });
    expect(autumn.slots.map((s) => s.startsAt.toISOString())).toEqual([
      '2026-10-23T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('skips slots in the spring gap or the autumn overlap instead of stretching or shrinking them', () => {
    const items = [
      { week: 7, startTime: '02:00', endTime: '03:00' },
      { week: 7, startTime: '01:00', endTime: '02:00' },
      { week: 7, startTime: '10:00', endTime: '11:00' },
    ];
    const spring = generateSlots({
      items,
      startDate: '2026-03-29',
      endDate: '2026-03-29',
      zone: 'Europe/Berlin',
    });
    // 02:00-03:00 does not exist; 01:00-02:00 would end on the wall clock at 03:00.
    expect(spring.slots.map((s) => s.item.startTime)).toEqual(['10:00']);
    expect(spring.skipped.dst).toBe(2);
    // 02:00-03:00 happens twice; 01:00-02:00 is unambiguous but ends where 02:00 first happens.
    const autumn = generateSlots({
      items,
      startDate: '2026-10-25',
      endDate: '2026-10-25',
      zone: 'Europe/Berlin',
    });
    expect(autumn.slots.map((s) => s.item.startTime)).toEqual(['10:00']);
    expect(autumn.skipped.dst).toBe(2);
  });

  it('skips holidays and slots before a given moment, counting what it skipped', () => {
    const r = generateSlots({
      items: weekdays('09:00', '10:00'),
      startDate: '2026-03-16',
      endDate: '2026-03-20',
      zone: 'Asia/Shanghai',
      closedDates: new Set(['2026-03-18']),
      notBefore: new Date('2026-03-17T01:30:00Z'),
    });
    expect(r.slots.map((s) => s.date)).toEqual(['2026-03-19', '2026-03-20']);
    expect(r.skipped).toEqual({ holiday: 1, dst: 0, past: 2 });
  });

  it('makes a term of hourly slots for a working week (18 weeks x 5 days x 8)', () => {
    const items = [1, 2, 3, 4, 5].flatMap((week) =>
      ['08:00', '09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'].map((startTime) => ({
        week,
        startTime,
        endTime: `${String(Number(startTime.slice(0, 2)) + 1).padStart(2, '0')}:00`,
      })),
    );
    const r = generateSlots({ items, startDate: '2026-03-02', endDate: '2026-07-05', zone: 'Asia/Shanghai' });
    expect(r.slots).toHaveLength(18 * 5 * 8);
  });

  it('finds template rows that overlap on a weekday', () => {
    expect(
      overlappingTemplateItems([
        { week: 1, startTime: '09:00', endTime: '10:00' },
        { week: 1, startTime: '09:30', endTime: '10:30' },
        { week: 2, startTime: '09:30', endTime: '10:30' },
        { week: 1, startTime: '10:00', endTime: '11:00' },
      ]),
    ).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });
});
