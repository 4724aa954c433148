/** Timings of the smart form (spec S0.9.5): change tracking starts 500 ms after load, submits 2 s apart. */
export const CHANGE_WATCH_DELAY_MS = 500;
export { createClickGuard, DOUBLE_CLICK_GUARD_MS } from '../../../shared/lib/click-guard';

/**
 * Reading-time bookkeeping (spec S0.4.7): when each reading-time field was first shown. A field shown
 * again keeps its first time, so hiding and showing it does not restart the countdown.
 */
export function markShown(
  shownAt: Readonly<Record<string, number>>,
  visibleProps: readonly string[],
  at: number,
): Record<string, number> {
  let changed = false;
  const next: Record<string, number> = { ...shownAt };
  for (const prop of visibleProps) {
    if (next[prop] === undefined) {
      next[prop] = at;
      changed = true;
    }
  }
  return changed ? next : (shownAt as Record<string, number>);
}
