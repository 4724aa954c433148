import { HOME_PATH } from '../../shared/lib/app-paths';

/** What the light view showed of the help card: the school's answer, or null while it is awaited. */
export interface ShownHotlines {
  enabled: boolean;
  hotlines: readonly unknown[];
}

/** Whether the app's root holds an element matching a selector (`root.querySelector(s) !== null`). */
export type HasElement = (selector: string) => boolean;

/**
 * Whether the full app has taken over from the light first paint (first-paint.tsx): the router left the
 * workbench (role selection, sign-in, lock), a dialog the student must answer is open (the start-up
 * agreement), or the full workbench shows what the light one showed: its help card with the hotlines the
 * light one listed (its greeting where the school offers no help button). Pure.
 */
export function isFullWorkbenchShown(has: HasElement, path: string, shown: ShownHotlines | null): boolean {
  if (path.replace(/\/+$/, '') !== HOME_PATH) return true;
  if (has('[role="dialog"]')) return true;
  if (shown && !shown.enabled) return has('[data-testid="signed-in-as"]');
  if (!has('[data-testid="crisis-help"]')) return false;
  return !shown || shown.hotlines.length === 0 || has('[data-testid="crisis-help"] a[href^="tel:"]');
}
