import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('settings and dictionaries [spec:S0.7.8]', () => {
  it('answers a setting record by code', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.get('/biz/public/setting/manage/type?type=singleRoleSwitch', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'singleRoleSwitch', enable: true });
    const none = await t.get('/biz/public/setting/manage/type?type=zxyyms', { token });
    expect(none.body.data).toBeNull();
  });

  it('answers a dictionary in order with both labels', async () => {
    const token = await t.tokenFor('student');
    const res = await t.get('/admin/dict/type/sex', { token });
    expect(
      res.body.data.map((i: { value: string; label: string; labelEn: string }) => [
        i.value,
        i.label,
        i.labelEn,
      ]),
    ).toEqual([
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
    ]);
  });

  it('requires a login for settings and dictionaries', async () => {
    expect((await t.get('/admin/dict/type/sex')).status).toBe(401);
    expect((await t.get('/biz/public/setting/manage/type?type=singleRoleSwitch')).status).toBe(401);
  });
});
