import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { DEMO_USERS, seedDemo } from './demo';

let t: TestContext;
let demo: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await createTestContext();
  demo = await seedDemo(t.database);
});
afterAll(() => t?.close());

describe('demo school', () => {
  it('every demo login works; only newcomer must change the password first [spec:S0.4.1]', async () => {
    expect(demo.logins.map((l) => l.username)).toEqual(DEMO_USERS.map((u) => u.username));
    expect(demo.logins.find((l) => l.username === 'newcomer')?.role).toMatch(/must change the password/);
    const mustChange: string[] = [];
    for (const u of DEMO_USERS) {
      const res = await t.login(u.username, { tenantId: demo.tenantId, password: u.password });
      expect(res.status, `${u.username}: ${res.raw}`).toBe(200);
      if (res.body.data.user_info.mustChangePassword) mustChange.push(u.username);
    }
    expect(mustChange).toEqual(['newcomer']);
  });
});
