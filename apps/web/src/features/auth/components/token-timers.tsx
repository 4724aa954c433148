import { useEffect, useEffectEvent } from 'react';
import { readSession, type Session } from '../../../shared/session/session-store';
import { useUserInfo } from '../api/get-user-info';
import { isNetworkFailure, pingToken, refreshAccessToken } from '../api/refresh-token';
import { startTokenTimers } from '../model/token-timers';

export interface TokenTimersProps {
  /**
   * The session is lost (the refresh failed or there was no refresh token): end it and go to the user's
   * logout redirect (`sysUser.logoutRedirect`, null when none is set).
   */
  onSessionLost: (logoutRedirect: string | null) => void;
}

function tokenStateOf(session: Session | null) {
  return session
    ? { expiresAt: session.expiresAt, refreshToken: session.refreshToken, accessTtlS: session.accessTtlS }
    : null;
}

/** Mounted once in the layout: the 5-second refresh check and the 90-second status ping (spec S0.4.14). */
export function TokenTimers({ onSessionLost }: TokenTimersProps) {
  const userInfo = useUserInfo();
  const loseSession = useEffectEvent(() => onSessionLost(userInfo.data?.sysUser.logoutRedirect ?? null));

  useEffect(
    () =>
      startTokenTimers({
        readState: () => tokenStateOf(readSession()),
        refresh: refreshAccessToken,
        ping: pingToken,
        isNetworkError: isNetworkFailure,
        onSessionLost: () => loseSession(),
      }),
    [],
  );
  return null;
}
