import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
});
afterAll(() => t?.close());

const user = (over: Record<string, unknown>) => ({
  username: `u${Math.random().toString(36).slice(2, 10)}`,
  realName: 'Wang Xiaoming',
  numberName: `N${Math.random().toString(36).slice(2, 10)}`,
  phone: '13912340000',
  deptId: t.alpha.deptIds['Class 2024'],
  sex: 1,
  birthday: '2004-05-06',
  roleIds: [t.alpha.roleIds.ROLE_GENERAL],
  ...over,
});

const addUser = (body: unknown, lang: string) =>
  t.post('/admin/v2/user/addUser', body, { token: admin, headers: { 'accept-language': lang } });

describe('400 details in the caller language', () => {
  it("answers a contract rule's message in zh-CN or en-US as the caller asks, naming the field", async () => {
    const zh = await addUser(user({ email: 'not-an-email' }), 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields[0]).toEqual({ field: 'email', message: '邮箱格式不正确' });
    expect(zh.body.msg).toBe('email: 邮箱格式不正确');
    const en = await addUser(user({ email: 'not-an-email' }), 'en-US,en;q=0.9');
    expect(en.body.data.fields[0]).toEqual({ field: 'email', message: 'email format incorrect' });
    expect(en.body.msg).toBe('email: email format incorrect');
  });

  it("answers zod's own messages (a wrong type) in the caller language", async () => {
    const zh = await addUser(user({ realName: 42 }), 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields[0].field).toBe('realName');
    expect(zh.body.data.fields[0].message).toMatch(/无效输入/);
    const en = await addUser(user({ realName: 42 }), 'en-US');
    expect(en.body.data.fields[0].message).toMatch(/^Invalid input/);
  });

  it("answers a service's refusal in the caller language", async () => {
    const body = user({});
    expect((await addUser(body, 'en-US')).status).toBe(200);
    const zh = await addUser({ ...body, numberName: 'other-1' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields[0]).toEqual({ field: 'username', message: '登录账号已存在' });
    const en = await addUser({ ...body, numberName: 'other-2' }, 'en-US');
    expect(en.body.data.fields[0]).toEqual({ field: 'username', message: 'login account already exists' });
  });
});
