import type { TokenResponse } from '@psy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage';
import {
  clearSession,
  readActiveRoleId,
  readSession,
  renewSession,
  saveActiveRoleId,
  saveSession,
} from './session-store';

const token = (access: string, expiresIn = 7200): TokenResponse => ({
  access_token: access,
  refresh_token: `${access}-refresh`,
  token_type: 'bearer',
  expires_in: expiresIn,
  refresh_expires_in: 604800,
  tenantId: 4,
  user_info: {
    id: 1,
    username: 'student',
    realName: '林同学',
    tenantId: 4,
    userTypeId: null,
    deptId: null,
    authorities: [],
    roleList: [{ roleId: 2, roleCode: 'ROLE_GENERAL', roleName: '普通用户' }],
    mustChangePassword: false,
    isSso: false,
  },
});

describe('token refresh in the session [spec:S0.4.14] [spec:S0.3.1]', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-03-10T08:00:00Z'));
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('replaces the tokens and expiry but keeps the tenant and the active role', () => {
    saveSession(token('first'), 'demo');
    expect(readSession()?.accessTtlS).toBe(7200);
    saveActiveRoleId(2);
    vi.advanceTimersByTime(5_400_000);
    const renewed = renewSession(token('second', 3600));
    expect(renewed).toMatchObject({
      accessToken: 'second',
      refreshToken: 'second-refresh',
      tenantCode: 'demo',
      tenantId: 4,
      accessTtlS: 3600,
      expiresAt: Date.parse('2026-03-10T09:30:00Z') + 3_600_000,
    });
    expect(readSession()).toEqual(renewed);
    expect(readActiveRoleId()).toBe(2);
  });

  it('keeps a single sign-on session marked as the refreshed answer says [spec:S0.4.1]', () => {
    const sso = (access: string): TokenResponse => {
      const t = token(access);
      return { ...t, user_info: { ...t.user_info, isSso: true } };
    };
    saveSession(sso('first'), 'demo');
    expect(renewSession(sso('second'))?.isSso).toBe(true);
    expect(readSession()?.isSso).toBe(true);
  });

  it('does not bring back a session that ended meanwhile', () => {
    saveSession(token('first'), 'demo');
    clearSession();
    expect(renewSession(token('second'))).toBeNull();
    expect(readSession()).toBeNull();
  });
});
