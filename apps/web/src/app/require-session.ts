import { redirect, type LoaderFunctionArgs } from 'react-router';
import { isScreenLocked, LOCK_PATH } from '../features/lock';
import {
  buildLoginPath,
  isLoggedIn,
  readKnownTenant,
  saveLoginRedirect,
} from '../shared/session/session-store';

/**
 * Loader of the pages that need a login: without a session, remember the page and go to the login
 * page, keeping the `shortName` or `tenantId` of the address (spec S0.2.3); while the screen is locked,
 * every such page leads to the lock screen (spec S0.2.7).
 */
export function requireSession({ request }: LoaderFunctionArgs): null {
  if (isLoggedIn()) {
    if (isScreenLocked()) throw redirect(LOCK_PATH);
    return null;
  }
  const url = new URL(request.url);
  saveLoginRedirect(url.pathname + url.search);
  const shortName =
    url.searchParams.get('shortName') ?? (url.searchParams.has('tenantId') ? null : readKnownTenant()?.code);
  throw redirect(buildLoginPath({ shortName, tenantId: url.searchParams.get('tenantId') }));
}
