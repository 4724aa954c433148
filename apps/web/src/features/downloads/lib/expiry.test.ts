import { describe, expect, it } from 'vitest';
import { expiryOf } from './expiry';

const now = Date.parse('2026-03-01T08:00:00.000Z');

describe('expiryOf: files expire 7 days after they are generated [spec:S0.2.14]', () => {
  it('counts the days left, a day at least once it is more than one', () => {
    expect(expiryOf('2026-03-08T08:00:00.000Z', 1, now)).toEqual({ kind: 'left', days: 7 });
    expect(expiryOf('2026-03-02T07:59:00.000Z', 1, now)).toEqual({ kind: 'left', days: 0 });
    expect(expiryOf('2026-03-08T07:59:00.000Z', 1, now)).toEqual({ kind: 'left', days: 7 });
    expect(expiryOf('2026-03-02T09:00:00.000Z', 1, now)).toEqual({ kind: 'left', days: 1 });
  });
  it('is expired once the time has passed or the file is gone', () => {
    expect(expiryOf('2026-03-01T07:59:59.000Z', 1, now)).toEqual({ kind: 'expired' });
    expect(expiryOf('2026-03-05T08:00:00.000Z', 0, now)).toEqual({ kind: 'expired' });
  });
  it('is unknown without a time', () => {
    expect(expiryOf(null, 0, now)).toEqual({ kind: 'none' });
    expect(expiryOf('soon', 1, now)).toEqual({ kind: 'none' });
  });
});
