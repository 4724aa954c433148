import {
  checkConfirmPassword,
  checkNewPassword,
  checkOldPassword,
  type ConfirmPasswordIssue,
  type OldPasswordIssue,
  type PasswordIssue,
} from '@psy/contracts';

/**
 * The password form's checks (spec S0.5.5): the shared rules of `@psy/contracts`, each issue mapped to
 * the catalogue text the form shows. One rule, one place: the server checks the same functions.
 */
const NEW_PASSWORD_KEYS = {
  required: 'password.newPassword.required',
  // Too short or too long, and too simple, are told the whole rule.
  length: 'password.newPassword.rule',
  complexity: 'password.newPassword.rule',
  sameAsUsername: 'password.newPassword.sameAsUsername',
} as const satisfies Record<PasswordIssue, string>;

const CONFIRM_PASSWORD_KEYS = {
  required: 'password.confirmPassword.required',
  mismatch: 'password.confirmPassword.mismatch',
} as const satisfies Record<ConfirmPasswordIssue, string>;

const OLD_PASSWORD_KEYS = {
  required: 'password.oldPassword.required',
  length: 'password.oldPassword.length',
} as const satisfies Record<OldPasswordIssue, string>;

export type PasswordMessageKey =
  | (typeof NEW_PASSWORD_KEYS)[PasswordIssue]
  | (typeof CONFIRM_PASSWORD_KEYS)[ConfirmPasswordIssue]
  | (typeof OLD_PASSWORD_KEYS)[OldPasswordIssue];

/** The message key for a new password, or null when it passes. */
export function newPasswordMessage(password: string, username: string): PasswordMessageKey | null {
  const issue = checkNewPassword(password, username);
  return issue ? NEW_PASSWORD_KEYS[issue] : null;
}

export function confirmPasswordMessage(password: string, confirm: string): PasswordMessageKey | null {
  const issue = checkConfirmPassword(password, confirm);
  return issue ? CONFIRM_PASSWORD_KEYS[issue] : null;
}

export function oldPasswordMessage(password: string): PasswordMessageKey | null {
  const issue = checkOldPassword(password);
  return issue ? OLD_PASSWORD_KEYS[issue] : null;
}

/** Spec S0.4.3, S0.9.5: after a successful change the user is logged out 1 s later. */
export const LOGOUT_AFTER_PASSWORD_CHANGE_MS = 1_000;
