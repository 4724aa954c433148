import { HOME_PATH } from '../../shared/lib/app-paths';

/**
 * Whether the full app has taken over from the light first paint (first-paint.tsx): the router left the
 * workbench (role selection, sign-in, lock), a dialog the student must answer is open (the start-up
 * agreement), or the full workbench shows what the light one showed (its help card; its greeting where
 * the school offers no help button). Pure, on the app's root element.
 */
export function isFullWorkbenchShown(root: ParentNode, path: string, isHelpOffered: boolean): boolean {
  if (path.replace(/\/+$/, '') !== HOME_PATH) return true;
  if (root.querySelector('[role="dialog"]')) return true;
  if (root.querySelector('[data-testid="crisis-help"]')) return true;
  return !isHelpOffered && root.querySelector('[data-testid="signed-in-as"]') !== null;
}
