import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setSessionEndedHandler } from '../shared/api/request';
import { saveLoginRedirect } from '../shared/session/session-store';
import { queryClient } from './query-client';
import { HOME_PATH } from './paths';
import { requireSession } from './require-session';
import { RouteErrorPage } from './routes/route-error-page';
import { RouteLoading } from './routes/route-loading';

const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: RouteLoading,
    children: [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      { path: '/wel', element: <Navigate to={HOME_PATH} replace /> },
      {
        path: HOME_PATH,
        loader: requireSession,
        lazy: async () => ({ Component: (await import('./routes/home-page')).HomePage }),
      },
      { path: '/login', lazy: async () => ({ Component: (await import('./routes/login-page')).LoginPage }) },
      {
        path: '/:shortName/login',
        lazy: async () => ({ Component: (await import('./routes/login-page')).LoginPage }),
      },
      {
        path: '/tenant-error',
        lazy: async () => ({ Component: (await import('./routes/tenant-error-page')).TenantErrorPage }),
      },
      {
        path: '/404',
        lazy: async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found-page')).NotFoundPage }),
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
  void router.navigate(loginPath, { replace: true });
});
