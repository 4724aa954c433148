/**
 * Token timers (spec S0.4.14, S0.9.6): every 5 s the session's expiry is checked and the access token is
 * refreshed when 1800 s or less remain; every 90 s the token's status is pinged so a revoked token is
 * noticed. The decisions are pure functions; `startTokenTimers` wires them to intervals.
 */
import { isInAppPath } from '../../../shared/lib/in-app-path';

/** Spec S0.9.6: how often the expiry is checked. */
export const TOKEN_CHECK_INTERVAL_MS = 5_000;
/** Spec S0.9.6: refresh when this many seconds or fewer remain. */
export const REFRESH_BEFORE_EXPIRY_S = 1_800;
/** Spec S0.9.6: how often the token status is checked. */
export const TOKEN_PING_INTERVAL_MS = 90_000;

export interface TokenState {
  /** Epoch ms at which the access token expires. */
  expiresAt: number;
  refreshToken: string;
  /** Lifetime the server gave the access token, in seconds. */
  accessTtlS?: number;
}

export type TokenAction = 'wait' | 'refresh' | 'logout';

/**
 * Seconds before expiry at which to refresh: the spec's 1800 s, but never more than half the token's
 * lifetime. The server's default lifetime is 7200 s (ACCESS_TOKEN_TTL_S), where this is exactly 1800 s;
 * a server configured with 1800 s or less would otherwise hand out tokens that are due for refresh at
 * once, and the client would refresh every 5 s.
 */
export function refreshThresholdS(accessTtlS: number | undefined): number {
  if (accessTtlS === undefined || !Number.isFinite(accessTtlS) || accessTtlS <= 0)
    return REFRESH_BEFORE_EXPIRY_S;
  return Math.min(REFRESH_BEFORE_EXPIRY_S, Math.floor(accessTtlS / 2));
}

/** What the 5-second check does now: nothing, refresh, or (no refresh token to do it with) log out. */
export function decideTokenAction(state: TokenState, now: number): TokenAction {
  const remainingS = (state.expiresAt - now) / 1000;
  if (remainingS > refreshThresholdS(state.accessTtlS)) return 'wait';
  return state.refreshToken ? 'refresh' : 'logout';
}

/**
 * Whether a failed refresh ends the session. Spec S0.4.14: a failed refresh sends the user to the logout
 * redirect. A refresh that got no answer at all (offline for a moment) is tried again at the next check
 * while the access token still works; once it has expired there is nothing left to wait for.
 */
export function isRefreshFailureFinal(
  failure: { isNetworkError: boolean },
  state: TokenState,
  now: number,
): boolean {
  return !failure.isNetworkError || state.expiresAt <= now;
}

export type LogoutTarget = { kind: 'page'; path: string } | { kind: 'external'; url: string };

/**
 * Where a user goes when the session ends this way (spec S0.3.2 `sysUser.logoutRedirect`, S0.4.14): the
 * user's logout redirect if it is an http(s) address or an in-app path, else the tenant's login page.
 */
export function resolveLogoutTarget(
  logoutRedirect: string | null | undefined,
  loginPath: string,
): LogoutTarget {
  const redirect = logoutRedirect?.trim() ?? '';
  if (/^https?:\/\/[^\s/]+/i.test(redirect)) return { kind: 'external', url: redirect };
  if (isInAppPath(redirect)) {
    return { kind: 'page', path: redirect };
  }
  return { kind: 'page', path: loginPath };
}

export interface TokenTimerDeps {
  readState: () => TokenState | null;
  /** Refreshes the tokens; rejects when it failed. */
  refresh: () => Promise<void>;
  /** Checks the token status; failures are the request layer's to handle (a 401 ends the session). */
  ping: () => Promise<unknown>;
  /** Whether a refresh failure was a network error (no answer). */
  isNetworkError: (error: unknown) => boolean;
  /** Ends the session: a failed refresh, or no refresh token. */
  onSessionLost: () => void;
  now?: () => number;
}

/** Starts both timers; answers a function that stops them. At most one refresh runs at a time. */
export function startTokenTimers(deps: TokenTimerDeps): () => void {
  const now = deps.now ?? Date.now;
  let isRefreshing = false;
  let isStopped = false;

  const check = () => {
    const state = deps.readState();
    if (!state || isRefreshing || isStopped) return;
    const action = decideTokenAction(state, now());
    if (action === 'wait') return;
    if (action === 'logout') {
      deps.onSessionLost();
      return;
    }
    isRefreshing = true;
    deps
      .refresh()
      .catch((error: unknown) => {
        if (isStopped) return;
        const latest = deps.readState() ?? state;
        if (isRefreshFailureFinal({ isNetworkError: deps.isNetworkError(error) }, latest, now())) {
          deps.onSessionLost();
        }
      })
      .finally(() => {
        isRefreshing = false;
      });
  };

  const ping = () => {
    if (isStopped || !deps.readState()) return;
    deps.ping().catch(() => undefined);
  };

  const checkTimer = setInterval(check, TOKEN_CHECK_INTERVAL_MS);
  const pingTimer = setInterval(ping, TOKEN_PING_INTERVAL_MS);
  return () => {
    isStopped = true;
    clearInterval(checkTimer);
    clearInterval(pingTimer);
  };
}
