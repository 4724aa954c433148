import { defineEvent } from '../../core/events';

/**
 * A user may no longer act as before: deleted, disabled, a role taken away, or the password reset by
 * an administrator. The sign-in module ends the user's sessions (modules/auth).
 */
export const userAccessWithdrawn = defineEvent<{
  userId: number;
  reason: 'roles_changed' | 'user_deleted' | 'user_disabled' | 'password_reset';
}>('identity.user-access-withdrawn');

/** An administrator set a new password for a user; the inbox tells the user (modules/messages). */
export const userPasswordReset = defineEvent<{ userId: number; realName: string; operator: string }>(
  'identity.user-password-reset',
);
