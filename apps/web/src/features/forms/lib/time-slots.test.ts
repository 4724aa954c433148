import { describe, expect, it } from 'vitest';
import { removeEntry, slotGrid, slotsOf, toggleSlot } from './time-slots';

describe('time grid of the school slots [spec:S0.3.24] [spec:S1.3.2]', () => {
  it('reads the slots of findScheduleTime, merging duplicate times and dropping unreadable ones', () => {
    expect(
      slotsOf({
        type: 2,
        slots: [
          { time: '09:00-09:30', weeks: [3, 1, 9] },
          { time: '08:00-08:30', weeks: [1, 2] },
          { time: '09:00-09:30', weeks: [2] },
          { time: 'soon', weeks: [1] },
          { time: '10:00-10:30', weeks: [] },
          null,
        ],
      }),
    ).toEqual([
      { time: '08:00-08:30', weeks: [1, 2] },
      { time: '09:00-09:30', weeks: [1, 2, 3] },
    ]);
    expect(slotsOf(null)).toEqual([]);
    expect(slotsOf({ slots: 'x' })).toEqual([]);
  });

  it('shows what the value holds per slot, and keeps entries that are no slot apart', () => {
    const slots = [
      { time: '08:00-08:30', weeks: [1, 2, 3, 4, 5] },
      { time: '08:30-09:00', weeks: [1, 2, 3, 4, 5] },
    ];
    const { rows, others } = slotGrid(slots, [
      { time: '08:00-08:30', weeks: [2, 1] },
      { time: '19:00-20:00', weeks: [6] },
    ]);
    expect(rows.map((r) => r.chosen)).toEqual([[1, 2], []]);
    expect(others).toEqual([{ time: '19:00-20:00', weeks: [6] }]);
    expect(slotGrid(slots, 'junk').rows[0]!.chosen).toEqual([]);
  });

  it('toggles one weekday of one slot, keeping the stored shape [{time, weeks}]', () => {
    const once = toggleSlot(undefined, '08:00-08:30', 3);
    expect(once).toEqual([{ time: '08:00-08:30', weeks: [3] }]);
    const twice = toggleSlot(once, '08:00-08:30', 1);
    expect(twice).toEqual([{ time: '08:00-08:30', weeks: [1, 3] }]);
    const other = toggleSlot(twice, '08:30-09:00', 1);
    expect(other).toEqual([
      { time: '08:00-08:30', weeks: [1, 3] },
      { time: '08:30-09:00', weeks: [1] },
    ]);
    expect(toggleSlot(toggleSlot(other, '08:30-09:00', 1), '08:00-08:30', 1)).toEqual([
      { time: '08:00-08:30', weeks: [3] },
    ]);
    expect(toggleSlot([{ time: '08:00-08:30', weeks: [3] }], '08:00-08:30', 3)).toBeUndefined();
  });

  it('removes an entry that is no slot', () => {
    expect(removeEntry([{ time: '19:00-20:00', weeks: [6] }], '19:00-20:00')).toBeUndefined();
    expect(
      removeEntry(
        [
          { time: '19:00-20:00', weeks: [6] },
          { time: '08:00-08:30', weeks: [1] },
        ],
        '19:00-20:00',
      ),
    ).toEqual([{ time: '08:00-08:30', weeks: [1] }]);
  });
});
