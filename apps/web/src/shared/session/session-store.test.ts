import type { TokenResponse } from '@psy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage';
import {
  buildLoginPath,
  clearSession,
  loginPathForCurrentTenant,
  readActiveRoleId,
  readSession,
  saveActiveRoleId,
  saveKnownTenant,
  saveLoginRedirect,
  saveSession,
  takeLoginRedirect,
} from './session-store';

const token: TokenResponse = {
  access_token: 'a'.repeat(43),
  refresh_token: 'r'.repeat(43),
  token_type: 'bearer',
  expires_in: 7200,
  refresh_expires_in: 604800,
  tenantId: 4,
  user_info: {
    id: 1,
    username: 'admin',
    realName: '系统管理员',
    tenantId: 4,
    userTypeId: null,
    deptId: null,
    authorities: [],
    roleList: [{ roleId: 2, roleCode: 'ROLE_ADMIN', roleName: '机构管理员' }],
    mustChangePassword: false,
    isSso: false,
  },
};

describe('session store [spec:S0.9]', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the session in sessionStorage under a prefixed key', () => {
    saveSession(token, 'demo');
    expect(sessionStorage.getItem('psy-session')).toContain('"tenantCode":"demo"');
    expect(localStorage.getItem('psy-session')).toBeNull();
    expect(readSession()?.user.realName).toBe('系统管理员');
    expect(readSession()).toBe(readSession());
  });

  it('marks a session of a single sign-on as the login answer says, and only that one [spec:S0.4.1]', () => {
    expect(saveSession(token, 'demo').isSso).toBe(false);
    expect(readSession()?.isSso).toBe(false);
    const sso = { ...token, user_info: { ...token.user_info, isSso: true } };
    expect(saveSession(sso, 'demo').isSso).toBe(true);
    expect(readSession()?.isSso).toBe(true);
    // A later password login in the same tab is not one.
    expect(saveSession(token, 'demo').isSso).toBe(false);
  });

  it('starts a new login without an active role and ends it completely', () => {
    saveActiveRoleId(9);
    saveSession(token, 'demo');
    expect(readActiveRoleId()).toBeNull();
    saveActiveRoleId(2);
    clearSession();
    expect(readSession()).toBeNull();
    expect(readActiveRoleId()).toBeNull();
  });

  it('goes back to the login page of the tenant, keeping shortName or tenantId [spec:S0.4.2]', () => {
    expect(buildLoginPath({ shortName: 'demo' })).toBe('/login?shortName=demo');
    expect(buildLoginPath({ tenantId: 7 })).toBe('/login?tenantId=7');
    expect(buildLoginPath({})).toBe('/login');
    saveSession(token, 'demo');
    expect(loginPathForCurrentTenant()).toBe('/login?shortName=demo');
    clearSession();
    saveKnownTenant({ id: 5, code: 'east' });
    expect(loginPathForCurrentTenant()).toBe('/login?shortName=east');
  });

  it('follows a stored in-app redirect once, and never one to another site', () => {
    saveLoginRedirect('/wel/index?tab=2');
    expect(takeLoginRedirect()).toBe('/wel/index?tab=2');
    expect(takeLoginRedirect()).toBeNull();
    saveLoginRedirect('//evil.example/x');
    expect(takeLoginRedirect()).toBeNull();
    saveLoginRedirect('https://evil.example/x');
    expect(takeLoginRedirect()).toBeNull();
  });
});
