import { timeSelectionSchema } from '@psy/forms';
import { describe, expect, it } from 'vitest';
import { timeGridRows, timeGridValue, toggleWeek, WEEKDAYS } from './time-grid';

describe('time grid', () => {
  it('reads and writes {time: start-end, weeks} entries [spec:S0.3.24]', () => {
    const value = [{ time: '08:00-12:00', weeks: [1, 3] }];
    const rows = timeGridRows(value);
    expect(rows).toEqual([{ start: '08:00', end: '12:00', weeks: [1, 3] }]);
    expect(timeGridValue(rows)).toEqual(value);
    expect(timeSelectionSchema.safeParse(timeGridValue(rows)).success).toBe(true);
  });

  it('keeps weekdays 1-7 in order and each once', () => {
    expect(WEEKDAYS).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const row = { start: '09:00', end: '10:00', weeks: [5] };
    expect(toggleWeek(toggleWeek(row, 2), 5).weeks).toEqual([2]);
    expect(timeGridValue([{ ...row, weeks: [7, 1, 7] }])[0]!.weeks).toEqual([1, 7]);
  });

  it('reads nothing from values that are not selections', () => {
    expect(timeGridRows('08:00')).toEqual([]);
    expect(timeGridRows([null, { time: 5 }])).toEqual([{ start: '', end: '', weeks: [] }]);
  });
});
