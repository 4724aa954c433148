import { describe, expect, it } from 'vitest';
import { durationParts, secondsUntil, splitSeconds } from './time';

describe('board durations [spec:S1.4.6]', () => {
  it('splits seconds into days, hours and minutes', () => {
    expect(splitSeconds(0)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(splitSeconds(59)).toEqual({ days: 0, hours: 0, minutes: 0 });
    expect(splitSeconds(3 * 86400 + 2 * 3600 + 5 * 60 + 7)).toEqual({ days: 3, hours: 2, minutes: 5 });
    expect(splitSeconds(-100)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });

  it('keeps the two largest units that say something', () => {
    expect(durationParts(12 * 60)).toEqual([{ unit: 'm', value: 12 }]);
    expect(durationParts(3 * 3600 + 5 * 60)).toEqual([
      { unit: 'h', value: 3 },
      { unit: 'm', value: 5 },
    ]);
    expect(durationParts(3600)).toEqual([{ unit: 'h', value: 1 }]);
    expect(durationParts(2 * 86400 + 3 * 3600 + 59)).toEqual([
      { unit: 'd', value: 2 },
      { unit: 'h', value: 3 },
    ]);
  });

  it('counts down to a deadline, negative once past', () => {
    const now = Date.parse('2026-05-01T10:00:00Z');
    expect(secondsUntil('2026-05-01T10:05:00Z', now)).toBe(300);
    expect(secondsUntil('2026-05-01T09:59:00Z', now)).toBe(-60);
    expect(secondsUntil(null, now)).toBeNull();
  });
});
