import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  const s = Date.now();
  t = await createTestContext();
  console.log('ctx ms', Date.now() - s);
});
afterAll(() => t?.close());

it('logs in and reads user info', async () => {
  const res = await t.login('admin');
  expect(res.status, res.raw).toBe(200);
  const token = res.body.data.access_token;
  const info = await t.get('/admin/user/info', { token });
  expect(info.status, info.raw).toBe(200);
  console.log(JSON.stringify(info.body.data).slice(0, 400));
});
