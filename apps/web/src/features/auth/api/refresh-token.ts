import { pingEndpoint, tokenEndpoint } from '@psy/contracts';
import { isApiError, request } from '../../../shared/api/request';
import { readSession, renewSession } from '../../../shared/session/session-store';

let inFlight: Promise<void> | null = null;

/**
 * Refreshes the access token with the refresh token (spec S0.4.14, S0.7.3 `grant_type=refresh_token`);
 * the tenant and the active role stay. Callers share one refresh while it runs. Silent: the timers decide
 * what a failure means.
 */
export function refreshAccessToken(): Promise<void> {
  inFlight ??= (async () => {
    const session = readSession();
    if (!session?.refreshToken) throw new Error('no refresh token');
    const token = await request(tokenEndpoint, {
      query: { grant_type: 'refresh_token' },
      body: { refresh_token: session.refreshToken },
      tenantId: session.tenantId,
      hidePopup: true,
    });
    renewSession(token);
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Token status (`GET /auth/token/ping`), silently: a revoked token answers 401 and the session ends. */
export function pingToken() {
  return request(pingEndpoint, { hidePopup: true });
}

/** A call that got no answer at all (offline), as opposed to a refusal. */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && error.kind === 'network';
}
