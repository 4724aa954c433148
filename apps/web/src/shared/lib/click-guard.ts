/** Submit buttons block double clicks for 2 s (spec S0.9.5, S1.5.13). */
export const DOUBLE_CLICK_GUARD_MS = 2000;

export interface ClickGuard {
  /** Whether this click may submit: the first in each window passes, the others are ignored. */
  (): boolean;
  /** Opens the guard again at once (spec S0.8.12: a failed save only resets the submit button). */
  reset(): void;
}

/** A guard against double submits. `now` is injectable for tests. */
export function createClickGuard(windowMs = DOUBLE_CLICK_GUARD_MS, now: () => number = Date.now): ClickGuard {
  let last = -Infinity;
  const guard = (): boolean => {
    const at = now();
    if (at - last < windowMs) return false;
    last = at;
    return true;
  };
  return Object.assign(guard, {
    reset: () => {
      last = -Infinity;
    },
  });
}
