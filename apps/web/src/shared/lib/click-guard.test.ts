import { describe, expect, it } from 'vitest';
import { createClickGuard, DOUBLE_CLICK_GUARD_MS } from './click-guard';

describe('double-click guard', () => {
  it('lets one submit through every 2 s [spec:S1.5.13]', () => {
    let now = 0;
    const guard = createClickGuard(DOUBLE_CLICK_GUARD_MS, () => now);
    expect(guard()).toBe(true);
    now = 1999;
    expect(guard()).toBe(false);
    now = 2000;
    expect(guard()).toBe(true);
  });

  it('opens again at once after a failed save [spec:S0.8.12]', () => {
    let now = 0;
    const guard = createClickGuard(DOUBLE_CLICK_GUARD_MS, () => now);
    expect(guard()).toBe(true);
    now = 300;
    guard.reset();
    expect(guard()).toBe(true);
    expect(guard()).toBe(false);
  });
});
