import { logoutEndpoint } from '@psy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { clearSession } from '../../../shared/session/session-store';

/** Logging out must not wait on a slow server: after this the local session ends anyway. */
const LOGOUT_TIMEOUT_MS = 10_000;

/** Revokes the tokens on the server; the local session ends even if the server cannot be reached. */
export async function logout(): Promise<void> {
  try {
    await request(logoutEndpoint, { hidePopup: true, signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS) });
  } finally {
    clearSession();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Whatever the answer, nothing of this user may stay cached for the next one.
    onSettled: () => queryClient.clear(),
  });
}
