import type { TokenResponse } from '@psy/contracts';
import { useSyncExternalStore } from 'react';
import { parseStored, readStored, readStoredRaw, removeStored, writeStored } from '../storage/storage';
import { isInAppPath } from '../lib/in-app-path';
import { createListeners } from '../lib/listeners';

export type SessionUser = TokenResponse['user_info'];

/** Login state (spec S0.3.1), kept in sessionStorage so it ends with the browser tab. */
export interface Session {
  accessToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the access token expires. */
  expiresAt: number;
  tenantId: number;
  /** Short name of the tenant logged in to, for the way back to its login page. */
  tenantCode: string | null;
  user: SessionUser;
  /** Lifetime in seconds the server gave the access token (`expires_in`), for the refresh timer. */
  accessTtlS?: number;
  /**
   * The server says the session comes from a single sign-on (`user_info.isSso`): such users are not asked
   * to change their password (spec S0.4.1).
   */
  isSso?: boolean;
}

/** The tenant the login page resolved: sent as `tenant-id` before a session exists. */
export interface KnownTenant {
  id: number;
  code: string;
}

const SESSION_KEY = 'session';
const ACTIVE_ROLE_KEY = 'role-id';
const TENANT_KEY = 'tenant';
const REDIRECT_KEY = 'redirect';

const changes = createListeners();
// The same object for the same stored text, as useSyncExternalStore needs a stable snapshot.
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function emit(): void {
  changes.emit();
}

export function readSession(): Session | null {
  const raw = readStoredRaw(SESSION_KEY);
  if (raw !== cached.raw) cached = { raw, session: parseStored<Session>(raw) };
  return cached.session;
}

export function isLoggedIn(): boolean {
  return readSession() !== null;
}

export function saveSession(token: TokenResponse, tenantCode: string | null): Session {
  const session: Session = {
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: Date.now() + token.expires_in * 1000,
    tenantId: token.tenantId,
    tenantCode,
    user: token.user_info,
    accessTtlS: token.expires_in,
    isSso: token.user_info.isSso === true,
  };
  writeStored(SESSION_KEY, session);
  // A new login starts without an active role: it is chosen again (spec S0.4 role switch).
  removeStored(ACTIVE_ROLE_KEY);
  emit();
  return session;
}

/**
 * Puts refreshed tokens into the current session (spec S0.4.14). Unlike a login, the tenant, the active
 * role and the sign-on kind stay. Answers null (and changes nothing) when the session ended meanwhile.
 */
export function renewSession(token: TokenResponse): Session | null {
  const current = readSession();
  if (!current) return null;
  const session: Session = {
    ...current,
    accessToken: token.access_token,
    refreshToken: token.refresh_token,
    expiresAt: Date.now() + token.expires_in * 1000,
    accessTtlS: token.expires_in,
    user: token.user_info,
    // The server keeps the sign-on kind across rotation, so its answer is the one to keep.
    isSso: token.user_info.isSso === true,
  };
  writeStored(SESSION_KEY, session);
  emit();
  return session;
}

export function clearSession(): void {
  removeStored(SESSION_KEY);
  removeStored(ACTIVE_ROLE_KEY);
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  return changes.subscribe(listener);
}

/** The current session; re-renders on login and logout. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, readSession, () => null);
}

/**
 * The signed-in user's school, the second part of every tenant-scoped query key (shared/admin/query-keys.ts);
 * 0 while signed out, when no query of a tenant runs.
 */
export function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** Active role chosen with the role switch; sent as the `role-id` header (spec S0.6). */
export function readActiveRoleId(): number | null {
  return readStored<number>(ACTIVE_ROLE_KEY);
}

export function saveActiveRoleId(roleId: number): void {
  writeStored(ACTIVE_ROLE_KEY, roleId);
}

export function readKnownTenant(): KnownTenant | null {
  return readStored<KnownTenant>(TENANT_KEY, { lasting: true });
}

export function saveKnownTenant(tenant: KnownTenant): void {
  writeStored(TENANT_KEY, tenant, { lasting: true });
}

/** Where to go after login: the page that asked for it (spec S0.2 "a stored jump address is followed"). */
export function saveLoginRedirect(path: string): void {
  writeStored(REDIRECT_KEY, path);
}

export function takeLoginRedirect(): string | null {
  const path = readStored<string>(REDIRECT_KEY);
  removeStored(REDIRECT_KEY);
  // Only in-app paths: a stored absolute URL must not turn login into an open redirect.
  return isInAppPath(path) ? path : null;
}

/** `/login` keeping the tenant's shortName or tenantId (spec S0.4 "after logout ... keeping shortName or tenantId"). */
export function buildLoginPath(tenant: {
  shortName?: string | null;
  tenantId?: string | number | null;
}): string {
  const query = new URLSearchParams();
  if (tenant.shortName) query.set('shortName', tenant.shortName);
  else if (tenant.tenantId != null && tenant.tenantId !== '') query.set('tenantId', String(tenant.tenantId));
  const qs = query.toString();
  return qs ? `/login?${qs}` : '/login';
}

/** The login page of the tenant of the current (or last) session. */
export function loginPathForCurrentTenant(): string {
  const session = readSession();
  if (session) return buildLoginPath({ shortName: session.tenantCode, tenantId: session.tenantId });
  const known = readKnownTenant();
  return buildLoginPath({ shortName: known?.code ?? null });
}
