/** What went wrong with a fingerprint ceremony, as the page explains it. */
export type FingerprintProblem = 'cancelled' | 'unsupported' | 'notEnrolled' | 'failed';

/**
 * Maps a WebAuthn or API failure to a problem: the browser reports a cancel or timeout as
 * NotAllowedError, and a device without a platform authenticator as NotSupportedError.
 */
export function fingerprintProblemOf(error: unknown): FingerprintProblem {
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (name === 'NotSupportedError' || code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT')
    return 'unsupported';
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 426) return 'notEnrolled';
  return 'failed';
}
