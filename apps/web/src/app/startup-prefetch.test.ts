import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../test/memory-storage';
import { agreementQueryKeys } from '../features/agreements';
import { authQueryKeys, roleQueryKeys } from '../features/auth';
import { crisisKeys } from '../features/crisis/api/crisis';
import { navigationQueryKeys } from '../features/navigation';
import { currentLanguage } from '../i18n/i18n';

const USER_ID = 19;
const TENANT_ID = 2;
const ROLE_ID = 7;

/** The query client's calls, answered from `answers` by the query's second key part; the keys asked. */
function recordingClient(answers: Record<string, unknown>) {
  const client = new QueryClient();
  const asked: unknown[][] = [];
  vi.spyOn(client, 'fetchQuery').mockImplementation((options) => {
    const key = options.queryKey as unknown[];
    asked.push(key);
    return Promise.resolve(answers[String(key[1])]) as never;
  });
  return { client, asked };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the signed-in start-up calls, sent together (bench/README.md, largest contentful paint)', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.resetModules();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const signIn = (user: Record<string, unknown> = {}) => {
    sessionStorage.setItem(
      'psy-session',
      JSON.stringify({
        accessToken: 'a',
        refreshToken: 'r',
        expiresAt: Date.now() + 3_600_000,
        tenantId: TENANT_ID,
        tenantCode: 'demo',
        user: { id: USER_ID, username: 'student', realName: 'S', mustChangePassword: false, ...user },
      }),
    );
    sessionStorage.setItem('psy-role-id', String(ROLE_ID));
  };

  it('asks, with the keys the layout and the workbench read, for roles, setting, user, products, then the menu and the due agreement', async () => {
    signIn();
    localStorage.setItem('psy-product-id', '5');
    const { prefetchStartup } = await import('./startup-prefetch');
    const { client, asked } = recordingClient({
      'user-detail': { isWriteInfo: [] },
      products: [
        { id: 4, type: 1, productCode: 'CONSULT', userSort: null },
        { id: 5, type: 1, productCode: 'PLANTEST', userSort: null },
      ],
    });
    prefetchStartup(client, '/userinfo/index');
    await flush();
    const lang = currentLanguage();
    expect(asked).toEqual(
      expect.arrayContaining([
        [...roleQueryKeys.portRoles(USER_ID)],
        [...roleQueryKeys.singleRoleSwitch(TENANT_ID)],
        [...authQueryKeys.userInfo(USER_ID)],
        [...roleQueryKeys.detail(USER_ID)],
        [...navigationQueryKeys.products(USER_ID, ROLE_ID, lang)],
        // The stored product, as the layout picks it.
        [...navigationQueryKeys.menu(USER_ID, ROLE_ID, 5, lang)],
        [...agreementQueryKeys.mine(USER_ID, lang)],
      ]),
    );
    expect(asked).toHaveLength(7);
  });

  it('leaves the agreement alone while the profile or the password comes first, and asks nothing twice', async () => {
    signIn({ mustChangePassword: true });
    const { prefetchStartup } = await import('./startup-prefetch');
    const { client, asked } = recordingClient({ 'user-detail': { isWriteInfo: [] }, products: [] });
    prefetchStartup(client, '/userinfo/index');
    prefetchStartup(client, '/userinfo/index');
    await flush();
    expect(asked.map((key) => key[1])).toEqual(
      expect.arrayContaining(['port-roles', 'single-role-switch', 'user-info', 'user-detail', 'products']),
    );
    expect(asked).toHaveLength(5);
  });

  it("on the workbench, asks a student's help card hotlines with the start-up calls, and nobody else's", async () => {
    signIn({ roleList: [{ roleId: ROLE_ID, roleCode: 'ROLE_GENERAL', roleName: 'student' }] });
    const { prefetchStartup } = await import('./startup-prefetch');
    const { client, asked } = recordingClient({ 'user-detail': { isWriteInfo: [] }, products: [] });
    prefetchStartup(client, '/wel/index');
    await flush();
    expect(asked).toContainEqual([...crisisKeys.of(TENANT_ID, 'hotlines')]);

    vi.resetModules();
    signIn({ roleList: [{ roleId: ROLE_ID, roleCode: 'ROLE_COUNSELLOR', roleName: 'counsellor' }] });
    const again = await import('./startup-prefetch');
    const staff = recordingClient({ 'user-detail': { isWriteInfo: [] }, products: [] });
    again.prefetchStartup(staff.client, '/wel/index');
    await flush();
    expect(staff.asked.map((key) => key[0])).not.toContain('crisis');
  });

  it('asks nothing without a session', async () => {
    const { prefetchStartup } = await import('./startup-prefetch');
    const { client, asked } = recordingClient({});
    prefetchStartup(client, '/wel/index');
    await flush();
    expect(asked).toEqual([]);
  });
});
