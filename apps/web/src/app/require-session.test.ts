import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { clearLock, lockScreen } from '../features/lock';
import { requireSession } from './require-session';

function loaderArgs(url: string) {
  return { request: new Request(url), params: {}, context: undefined } as unknown as Parameters<
    typeof requireSession
  >[0];
}

function redirectOf(run: () => unknown): { status: number; location: string | null } {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get('location') };
    throw thrown;
  }
  throw new Error('expected a redirect');
}

describe('requireSession [spec:S0.2.3]', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a visitor without a session to the login page, keeping shortName', () => {
    const result = redirectOf(() => requireSession(loaderArgs('http://x/wel/index?shortName=demo')));
    expect(result.status).toBe(302);
    expect(result.location).toBe('/login?shortName=demo');
    expect(sessionStorage.getItem('psy-redirect')).toBe('"/wel/index?shortName=demo"');
  });

  it('keeps tenantId when that is what the address has', () => {
    expect(redirectOf(() => requireSession(loaderArgs('http://x/wel/index?tenantId=3'))).location).toBe(
      '/login?tenantId=3',
    );
  });

  it('uses the last tenant when the address names none', () => {
    localStorage.setItem('psy-tenant', JSON.stringify({ id: 1, code: 'demo' }));
    expect(redirectOf(() => requireSession(loaderArgs('http://x/wel/index'))).location).toBe(
      '/login?shortName=demo',
    );
  });

  it('lets a signed-in user through', () => {
    sessionStorage.setItem('psy-session', JSON.stringify({ accessToken: 't', tenantId: 1, user: {} }));
    expect(requireSession(loaderArgs('http://x/wel/index'))).toBeNull();
  });

  it('sends a signed-in user to the lock screen while it is locked [spec:S0.2.7]', async () => {
    sessionStorage.setItem('psy-session', JSON.stringify({ accessToken: 't', tenantId: 1, user: {} }));
    await lockScreen('s3cret', '/wel/index');
    expect(redirectOf(() => requireSession(loaderArgs('http://x/consult/list'))).location).toBe('/lock');
    clearLock();
    expect(requireSession(loaderArgs('http://x/consult/list'))).toBeNull();
  });
});
