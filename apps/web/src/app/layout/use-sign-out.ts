import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resolveLogoutTarget, useLogout } from '../../features/auth';
import { clearLock } from '../../features/lock';
import { clearTabs } from '../../features/navigation';
import { loadSsoLogout } from '../../features/sso';
import {
  clearSession,
  loginPathForCurrentTenant,
  readSession,
  takeLoginRedirect,
} from '../../shared/session/session-store';

/**
 * The two ways the shell ends a session besides the user menu: logging out (the server revokes the
 * tokens), and leaving a session the server already ended (password changed, spec S0.4.3) or that is lost
 * (refresh failed, spec S0.4.14). Either way nothing of the user stays cached, no tab stays open and no
 * page is remembered for after the next login.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { modal } = App.useApp();
  const { t } = useTranslation();

  /**
   * Asks first ('confirm logout?' unless another confirmation of spec S0.8.10 is given), then logs out; the
   * login page opens once the dialog has gone.
   */
  const confirmLogOut = (title: string = t('home.logoutConfirm')): void => {
    const loginPath = loginPathForCurrentTenant();
    let isLoggedOut = false;
    // A session of a single sign-on also ends at its provider, where the protocol has a single logout.
    let providerLogout: string | null = null;
    modal.confirm({
      title,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const session = readSession();
        if (session) {
          const { ssoLogoutUrlFor } = await loadSsoLogout();
          providerLogout = await ssoLogoutUrlFor(session.tenantId, `${window.location.origin}${loginPath}`);
        }
        await logout.mutateAsync().catch(() => undefined);
        clearLock();
        clearTabs();
        takeLoginRedirect();
        isLoggedOut = true;
      },
      afterClose: () => {
        if (!isLoggedOut) return;
        if (providerLogout) window.location.assign(providerLogout);
        else void navigate(loginPath, { replace: true });
      },
    });
  };

  const logOut = async (): Promise<void> => {
    const loginPath = loginPathForCurrentTenant();
    await logout.mutateAsync().catch(() => undefined);
    clearTabs();
    takeLoginRedirect();
    void navigate(loginPath, { replace: true });
  };

  /** Ends the session here only; goes to the logout redirect if one is given, else the login page. */
  const leave = (logoutRedirect: string | null = null): void => {
    const target = resolveLogoutTarget(logoutRedirect, loginPathForCurrentTenant());
    clearSession();
    queryClient.clear();
    clearTabs();
    takeLoginRedirect();
    if (target.kind === 'external') window.location.assign(target.url);
    else void navigate(target.path, { replace: true });
  };

  return { logOut, leave, confirmLogOut, isLoggingOut: logout.isPending };
}
