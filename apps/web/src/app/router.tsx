import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';
import { clearTabs } from '../features/navigation';
import { LOCK_PATH } from '../features/lock';
import { loadSignOnPages } from '../features/sso';
import { setErrorPageHandler, setSessionEndedHandler } from '../shared/api/request';
import { saveLoginRedirect } from '../shared/session/session-store';
import { queryClient } from './query-client';
import { HOME_PATH, ROLE_SELECT_PATH } from '../shared/lib/app-paths';
import { requireSession } from './require-session';
import { RouteErrorPage } from './routes/route-error-page';
import { RouteLoading } from './routes/route-loading';

const loginPage = async () => ({ Component: (await import('./routes/login-page')).LoginPage });
// Through a chunk that can hold them back while the light first paint draws (signed-in.ts).
const signedIn = () => import('./signed-in');
const antdProviders = async () => ({
  Component: (await (await signedIn()).loadAntdProviders()).AntdProviders,
});
const statusPages = () => import('./routes/status-page');
const signOnPage = async () => ({ Component: (await loadSignOnPages()).SignOnPage });

/** Spec S0.2.1 names /fingerIdlogin the fingerprint user's login page: the fingerprint login, query kept. */
function FingerIdLogin() {
  const { search } = useLocation();
  return <Navigate to={`/fingerprintLogin${search}`} replace />;
}

/** Spec S0.2.1-S0.2.14: the shell's routes; every other path is resolved inside the layout from the menu. */
const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteLoading,
    children: [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      { path: '/wel', element: <Navigate to={HOME_PATH} replace /> },
      { path: '/userinfo', element: <Navigate to="/userinfo/index" replace /> },
      { path: '/login', lazy: loginPage },
      { path: '/fingerIdlogin', element: <FingerIdLogin /> },
      { path: '/:shortName/login', lazy: loginPage },
      {
        // Everything built with Ant Design gets its providers from this pathless layout, loaded with the
        // first of these routes: antd stays out of the entry and off the login page (plain components).
        lazy: antdProviders,
        children: [
          { path: '/:shortName/sso', lazy: signOnPage },
          { path: '/:shortName/dingTalk', lazy: signOnPage },
          { path: '/:shortName/weChat', lazy: signOnPage },
          {
            // Self-registration (spec S0.7.11); offered by the login page only where a user type allows it.
            path: '/register',
            lazy: async () => ({ Component: (await import('./routes/register-page')).RegisterPage }),
          },
          {
            // Spec S0.2.5: fingerprint login with the device's platform authenticator (WebAuthn).
            path: '/fingerprintLogin',
            lazy: async () => ({
              Component: (await import('./routes/fingerprint-login-page')).FingerprintLoginPage,
            }),
          },
          {
            path: '/authredirect',
            lazy: async () => ({ Component: (await loadSignOnPages()).AuthRedirectPage }),
          },
          {
            path: '/tenant-error',
            lazy: async () => ({ Component: (await import('./routes/tenant-error-page')).TenantErrorPage }),
          },
          { path: '/500', lazy: async () => ({ Component: (await statusPages()).ServerErrorPage }) },
          { path: '/401', lazy: async () => ({ Component: (await statusPages()).UnauthorizedPage }) },
          // Spec S0.2.7: the lock screen is outside the layout and needs no login guard.
          {
            path: LOCK_PATH,
            lazy: async () => ({ Component: (await import('./routes/lock-page')).LockPage }),
          },
          {
            path: ROLE_SELECT_PATH,
            loader: requireSession,
            lazy: async () => ({ Component: (await import('./routes/role-select-page')).RoleSelectPage }),
          },
          {
            // The layout resolves every other path: shell pages, menu pages, /403, /404, /myiframe/{id}.
            path: '*',
            loader: requireSession,
            lazy: async () => ({
              Component: (await (await signedIn()).loadAppLayout(queryClient)).AppLayout,
            }),
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// When the server ends the session (401), drop everything cached for the user and go to the tenant's login;
// after the next login the user comes back to the page they were on.
setSessionEndedHandler((loginPath) => {
  const { pathname, search } = router.state.location;
  if (!pathname.endsWith('/login')) saveLoginRedirect(pathname + search);
  queryClient.clear();
  clearTabs();
  if (/^https?:\/\//i.test(loginPath)) window.location.assign(loginPath);
  else void router.navigate(loginPath, { replace: true });
});

// Body codes 403 and 404 open the error pages inside the layout (spec S0.8.2).
setErrorPageHandler((status) => void router.navigate(`/${status}`));
