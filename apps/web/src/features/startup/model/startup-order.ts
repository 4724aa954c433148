/**
 * Start-up order (spec S0.4.1, S0.1.4): the forced password change if the user must change the password
 * (not after single sign-on); else the profile-rewrite dialog if required information is missing; else
 * the agreement dialog if the user must still agree. One dialog at a time.
 */

export type StartupDialog = 'password' | 'profile' | 'agreement' | 'none' | 'pending';

export interface StartupState {
  mustChangePassword: boolean;
  /** The session comes from a single sign-on login. */
  isSso: boolean;
  /** Profile sections still to fill; undefined while loading, null when the detail could not be loaded. */
  isWriteInfo: readonly number[] | null | undefined;
  /** The user confirmed the profile dialog in this session. */
  isProfileDone: boolean;
  /** Whether the agreement is due; undefined while loading, null when it could not be loaded. */
  mustAgree: boolean | null | undefined;
}

const KNOWN_SECTIONS = new Set([0, 1, 2, 3]);

/** Which start-up dialog shows now. A step whose data could not be loaded is passed over. */
export function decideStartupDialog(state: StartupState): StartupDialog {
  if (state.mustChangePassword && !state.isSso) return 'password';
  if (state.isWriteInfo === undefined) return 'pending';
  const isProfileMissing = (state.isWriteInfo ?? []).some((section) => KNOWN_SECTIONS.has(section));
  if (isProfileMissing && !state.isProfileDone) return 'profile';
  if (state.mustAgree === undefined) return 'pending';
  return state.mustAgree ? 'agreement' : 'none';
}

/** The agreement is asked for only once the earlier steps are settled (it is the last one). */
export function isAgreementDue(state: Omit<StartupState, 'mustAgree'>): boolean {
  return decideStartupDialog({ ...state, mustAgree: false }) === 'none';
}

/**
 * Where the tab remembers that a start-up dialog is what the user must see first (storage name, under the
 * `psy-` prefix): index.html then skips the light first paint of the workbench (docs/web-shell.md), since
 * the dialog comes with the full app, which the light view would hold back.
 */
export const STARTUP_DIALOG_KEY = 'startup-dialog';

/** The storage change for a decision: remember a dialog, forget it once none is due, wait while pending. */
export function startupDialogRecord(dialog: StartupDialog): { write: StartupDialog } | 'remove' | null {
  if (dialog === 'pending') return null;
  return dialog === 'none' ? 'remove' : { write: dialog };
}
