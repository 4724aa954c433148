import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  decideTokenAction,
  isRefreshFailureFinal,
  REFRESH_BEFORE_EXPIRY_S,
  refreshThresholdS,
  resolveLogoutTarget,
  startTokenTimers,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_PING_INTERVAL_MS,
  type TokenState,
  type TokenTimerDeps,
} from './token-timers';

const T0 = Date.parse('2026-03-10T08:00:00Z');

describe('token refresh decision [spec:S0.4.14] [spec:S0.9.6]', () => {
  it('checks every 5 s, refreshes at 1800 s or less remaining and pings every 90 s', () => {
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(5_000);
    expect(REFRESH_BEFORE_EXPIRY_S).toBe(1_800);
    expect(TOKEN_PING_INTERVAL_MS).toBe(90_000);
  });

  it('waits while more than 1800 s remain and refreshes from 1800 s on', () => {
    const state = (remainingS: number): TokenState => ({
      expiresAt: T0 + remainingS * 1000,
      refreshToken: 'r',
      accessTtlS: 7200,
    });
    expect(decideTokenAction(state(1801), T0)).toBe('wait');
    expect(decideTokenAction(state(1800), T0)).toBe('refresh');
    expect(decideTokenAction(state(10), T0)).toBe('refresh');
    expect(decideTokenAction(state(-5), T0)).toBe('refresh');
  });

  it('logs out when a refresh is due and there is no refresh token', () => {
    expect(decideTokenAction({ expiresAt: T0 + 60_000, refreshToken: '' }, T0)).toBe('logout');
    expect(decideTokenAction({ expiresAt: T0 + 3_600_000, refreshToken: '' }, T0)).toBe('wait');
  });

  it('never refreshes a token that was just issued, even with a short server lifetime', () => {
    // Server default ACCESS_TOKEN_TTL_S is 7200: exactly the spec's 1800 s.
    expect(refreshThresholdS(7200)).toBe(1800);
    expect(refreshThresholdS(undefined)).toBe(1800);
    expect(refreshThresholdS(1800)).toBe(900);
    expect(refreshThresholdS(600)).toBe(300);
    for (const ttl of [600, 1200, 1800, 3600, 7200]) {
      expect(decideTokenAction({ expiresAt: T0 + ttl * 1000, refreshToken: 'r', accessTtlS: ttl }, T0)).toBe(
        'wait',
      );
    }
  });

  it('retries after a network failure while the token still works, and gives up after any other failure', () => {
    const live: TokenState = { expiresAt: T0 + 60_000, refreshToken: 'r' };
    const expired: TokenState = { expiresAt: T0 - 1, refreshToken: 'r' };
    expect(isRefreshFailureFinal({ isNetworkError: true }, live, T0)).toBe(false);
    expect(isRefreshFailureFinal({ isNetworkError: true }, expired, T0)).toBe(true);
    expect(isRefreshFailureFinal({ isNetworkError: false }, live, T0)).toBe(true);
  });
});

describe('logout redirect [spec:S0.4.14] [spec:S0.3.2]', () => {
  it("goes to the user's logout redirect when it is an http(s) address or an app path, else to the login page", () => {
    const login = '/login?shortName=demo';
    expect(resolveLogoutTarget('https://sso.school.edu.cn/logout', login)).toEqual({
      kind: 'external',
      url: 'https://sso.school.edu.cn/logout',
    });
    expect(resolveLogoutTarget('/demo/login', login)).toEqual({ kind: 'page', path: '/demo/login' });
    for (const unsafe of [
      null,
      undefined,
      '',
      '  ',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil',
      'data:text/html,x',
    ]) {
      expect(resolveLogoutTarget(unsafe, login), String(unsafe)).toEqual({ kind: 'page', path: login });
    }
  });
});

describe('token timers [spec:S0.4.14] [spec:S0.9.6]', () => {
  let clock: number;
  let state: TokenState | null;
  let deps: TokenTimerDeps & {
    refresh: Mock<() => Promise<void>>;
    ping: Mock<() => Promise<unknown>>;
    onSessionLost: Mock<() => void>;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    clock = T0;
    state = { expiresAt: T0 + 1900 * 1000, refreshToken: 'r', accessTtlS: 7200 };
    deps = {
      readState: () => state,
      refresh: vi.fn<() => Promise<void>>(async () => {
        state = { expiresAt: clock + 7200 * 1000, refreshToken: 'r2', accessTtlS: 7200 };
      }),
      ping: vi.fn<() => Promise<unknown>>(async () => ({ active: true })),
      isNetworkError: (error) => error === 'offline',
      onSessionLost: vi.fn<() => void>(),
      now: () => clock,
    };
  });
  afterEach(() => vi.useRealTimers());

  const advance = async (ms: number) => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('refreshes once the 5-second check finds 1800 s or less left, then waits again', async () => {
    const stop = startTokenTimers(deps);
    await advance(95_000); // 1805 s left at the last check
    expect(deps.refresh).not.toHaveBeenCalled();
    await advance(5_000); // 1800 s left
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    await advance(60_000);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('runs one refresh at a time', async () => {
    state = { expiresAt: T0 + 60_000, refreshToken: 'r' };
    let finish: () => void = () => undefined;
    deps.refresh.mockImplementation(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            state = { expiresAt: clock + 7_200_000, refreshToken: 'r2', accessTtlS: 7200 };
            resolve();
          };
        }),
    );
    const stop = startTokenTimers(deps);
    await advance(20_000); // four checks while the first refresh hangs
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    finish();
    await advance(10_000);
    expect(deps.refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('ends the session when the refresh fails, or when there is no refresh token', async () => {
    deps.refresh.mockRejectedValue(new Error('refresh token invalid'));
    state = { expiresAt: T0 + 60_000, refreshToken: 'r' };
    const stop = startTokenTimers(deps);
    await advance(5_000);
    expect(deps.onSessionLost).toHaveBeenCalledTimes(1);
    stop();

    deps.onSessionLost.mockClear();
    state = { expiresAt: clock + 60_000, refreshToken: '' };
    const stop2 = startTokenTimers(deps);
    await advance(5_000);
    expect(deps.onSessionLost).toHaveBeenCalledTimes(1);
    stop2();
  });

  it('tries again after a network failure instead of logging out', async () => {
    deps.refresh.mockRejectedValueOnce('offline');
    state = { expiresAt: T0 + 60_000, refreshToken: 'r' };
    const stop = startTokenTimers(deps);
    await advance(5_000);
    expect(deps.onSessionLost).not.toHaveBeenCalled();
    await advance(5_000);
    expect(deps.refresh).toHaveBeenCalledTimes(2);
    expect(deps.onSessionLost).not.toHaveBeenCalled();
    stop();
  });

  it('pings the token status every 90 s, silently ignoring failures, and only with a session', async () => {
    state = { expiresAt: T0 + 7_200_000, refreshToken: 'r' };
    deps.ping.mockRejectedValueOnce(new Error('401'));
    const stop = startTokenTimers(deps);
    await advance(89_000);
    expect(deps.ping).not.toHaveBeenCalled();
    await advance(1_000);
    expect(deps.ping).toHaveBeenCalledTimes(1);
    await advance(90_000);
    expect(deps.ping).toHaveBeenCalledTimes(2);
    state = null;
    await advance(90_000);
    expect(deps.ping).toHaveBeenCalledTimes(2);
    stop();
  });

  it('does nothing after it is stopped', async () => {
    state = { expiresAt: T0 + 60_000, refreshToken: 'r' };
    const stop = startTokenTimers(deps);
    stop();
    await advance(200_000);
    expect(deps.refresh).not.toHaveBeenCalled();
    expect(deps.ping).not.toHaveBeenCalled();
  });
});
