import { describe, expect, it } from 'vitest';
import { CHANGE_WATCH_DELAY_MS, createClickGuard, DOUBLE_CLICK_GUARD_MS, markShown } from './timing';
import { isoToLocalInput, localInputToIso, numberFromInput, tableRows, withValue } from './field-values';

describe('smart form timings [spec:S0.9.5]', () => {
  it('watches changes 500 ms after load and guards submits for 2 s', () => {
    expect(CHANGE_WATCH_DELAY_MS).toBe(500);
    expect(DOUBLE_CLICK_GUARD_MS).toBe(2000);
    let now = 1000;
    const guard = createClickGuard(DOUBLE_CLICK_GUARD_MS, () => now);
    expect(guard()).toBe(true);
    now += 1999;
    expect(guard()).toBe(false);
    now += 1;
    expect(guard()).toBe(true);
  });

  it('keeps the first time a reading-time question was shown [spec:S0.4.7]', () => {
    const first = markShown({}, ['q1'], 100);
    expect(first).toEqual({ q1: 100 });
    expect(markShown(first, ['q1'], 500)).toBe(first);
    expect(markShown(first, ['q1', 'q2'], 500)).toEqual({ q1: 100, q2: 500 });
  });
});

describe('field values', () => {
  it('reads number boxes', () => {
    expect(numberFromInput('')).toBeUndefined();
    expect(numberFromInput(' 12.5 ')).toBe(12.5);
    expect(numberFromInput('1e')).toBe('1e');
  });

  it('round-trips date-times through the local input', () => {
    const iso = localInputToIso('2026-03-04T05:06');
    expect(typeof iso).toBe('string');
    expect(isoToLocalInput(iso)).toBe('2026-03-04T05:06');
    expect(isoToLocalInput('nonsense')).toBe('');
    expect(localInputToIso('')).toBeUndefined();
  });

  it('sets and clears answer keys, reads table rows', () => {
    expect(withValue({ a: 1 }, 'b', 2)).toEqual({ a: 1, b: 2 });
    expect(withValue({ a: 1 }, 'a', undefined)).toEqual({});
    expect(tableRows([{ title: 'x' }, 'bad', null])).toEqual([{ title: 'x' }]);
  });
});
