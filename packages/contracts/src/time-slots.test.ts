import { describe, expect, it } from 'vitest';
import { SETTING_VALUE_SCHEMAS, defaultSettingValue } from './settings.contract';
import {
  defaultConsultSlotTimes,
  defaultScheduleSlots,
  groupSlots,
  scheduleTimeOf,
  timeSlotSettingValueSchema,
  type TimeSlotSetting,
  type TimeSlotType,
} from './time-slots';

describe('the default consult window [spec:S1.5.5, S0.9.10]', () => {
  it('cuts 08:00-18:00 into 30-minute slots without the lunch slots and the last slot', () => {
    expect(defaultConsultSlotTimes()).toEqual([
      '08:00-08:30',
      '08:30-09:00',
      '09:00-09:30',
      '09:30-10:00',
      '10:00-10:30',
      '10:30-11:00',
      '11:00-11:30',
      '14:00-14:30',
      '14:30-15:00',
      '15:00-15:30',
      '15:30-16:00',
      '16:00-16:30',
      '16:30-17:00',
      '17:00-17:30',
    ]);
  });

  it('offers every default slot on Monday to Friday', () => {
    const slots = defaultScheduleSlots();
    expect(slots).toHaveLength(14);
    expect(slots.every((s) => s.weeks.join() === '1,2,3,4,5')).toBe(true);
    // A fresh copy each time: callers may change it.
    slots[0]!.weeks.push(6);
    expect(defaultScheduleSlots()[0]!.weeks).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('what a time-grid field offers [spec:S0.7.21, S1.7.11]', () => {
  const row = (
    startTime: string,
    endTime: string,
    week: number,
    type: TimeSlotType = 2,
    siteId?: number,
  ): TimeSlotSetting =>
    siteId === undefined ? { startTime, endTime, week, type } : { startTime, endTime, week, type, siteId };

  it('groups rows by time range, weekdays ascending and once', () => {
    expect(
      groupSlots([
        row('09:00', '10:00', 5),
        row('08:00', '09:00', 1),
        row('09:00', '10:00', 2),
        row('09:00', '10:00', 5),
      ]),
    ).toEqual([
      { time: '08:00-09:00', weeks: [1] },
      { time: '09:00-10:00', weeks: [2, 5] },
    ]);
  });

  it('uses the rows of the type, of the site when it has some, else the school-wide ones, else the default', () => {
    const rows = [row('09:00', '10:00', 1), row('10:00', '11:00', 2, 2, 7), row('13:00', '14:00', 3, 15)];
    expect(scheduleTimeOf(rows, 2)).toEqual({
      type: 2,
      configured: true,
      slots: [{ time: '09:00-10:00', weeks: [1] }],
    });
    expect(scheduleTimeOf(rows, 2, 7).slots).toEqual([{ time: '10:00-11:00', weeks: [2] }]);
    expect(scheduleTimeOf(rows, 2, 8).slots).toEqual([{ time: '09:00-10:00', weeks: [1] }]);
    expect(scheduleTimeOf(rows, 15).slots).toEqual([{ time: '13:00-14:00', weeks: [3] }]);
    expect(scheduleTimeOf(rows, 19)).toEqual({ type: 19, configured: false, slots: defaultScheduleSlots() });
    expect(scheduleTimeOf([], 17).configured).toBe(false);
  });
});

describe('the sjdsz setting payload [spec:S1.7.3]', () => {
  it('is a known setting code, empty by default', () => {
    expect(SETTING_VALUE_SCHEMAS.sjdsz).toBe(timeSlotSettingValueSchema);
    expect(defaultSettingValue('sjdsz')).toEqual({ slots: [] });
  });

  it('accepts rows with start before end, weekday 1-7, a known type and an optional site', () => {
    const ok = timeSlotSettingValueSchema.safeParse({
      slots: [row2('08:00', '08:30', 1, 2), { ...row2('08:00', '08:30', 1, 2), siteId: 3 }],
    });
    expect(ok.success).toBe(true);
  });

  it.each([
    [{ slots: [row2('09:00', '09:00', 1, 2)] }, 'slots.0.endTime'],
    [{ slots: [row2('9:00', '10:00', 1, 2)] }, 'slots.0.startTime'],
    [{ slots: [row2('09:00', '10:00', 0, 2)] }, 'slots.0.week'],
    [{ slots: [row2('09:00', '10:00', 1, 3)] }, 'slots.0.type'],
    [{ slots: [{ ...row2('09:00', '10:00', 1, 2), extra: 1 }] }, 'slots.0'],
    [{ slots: [row2('09:00', '10:00', 1, 2), row2('09:00', '10:00', 1, 2)] }, 'slots.1'],
  ])('refuses %j at %s', (value, path) => {
    const r = timeSlotSettingValueSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path.join('.')).toBe(path);
  });
});

function row2(startTime: string, endTime: string, week: number, type: number) {
  return { startTime, endTime, week, type };
}
