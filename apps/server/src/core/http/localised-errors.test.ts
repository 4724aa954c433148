import { sql } from 'drizzle-orm';
import { encryptPassword } from '@psy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { createTestContext, TEST_CAPTCHA, type TestContext } from '../../test/harness';

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

describe("services' refusals in the caller language, for every status", () => {
  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
  const en = { 'accept-language': 'en-US,en;q=0.9' };

  it('a business refusal (body code 1) with its figure kept', async () => {
    const student = await t.tokenFor('student');
    const contact = { emergencyContact: 'Mother', emergencyContactPhone: '13912345678', relation: 'mother' };
    const add = (headers: Record<string, string>) =>
      t.post('/admin/emergencyContact/insertMine', contact, { token: student, headers });
    for (let i = 0; i < 10; i++) expect((await add(en)).status).toBe(200);
    const refusedZh = await add(zh);
    expect([refusedZh.status, refusedZh.body.code]).toEqual([400, 1]);
    expect(refusedZh.body.msg).toBe('最多 10 个紧急联系人');
    const refusedEn = await add(en);
    expect([refusedEn.status, refusedEn.body.code]).toEqual([400, 1]);
    expect(refusedEn.body.msg).toBe('at most 10 emergency contacts');
  });

  it("a 400 naming its field, the field's name kept in msg and data.fields", async () => {
    const del = (headers: Record<string, string>) =>
      t.request('DELETE', `/admin/dept/${t.alpha.deptIds['Class 2024']}`, undefined, {
        token: admin,
        headers,
      });
    const refusedZh = await del(zh);
    expect(refusedZh.status).toBe(400);
    expect(refusedZh.body.msg).toMatch(/^id: 该机构有 \d+ 名用户，请先将他们移到其他机构$/);
    expect(refusedZh.body.data.fields[0].field).toBe('id');
    expect(refusedZh.body.data.fields[0].message).toMatch(/^该机构有 \d+ 名用户/);
    const refusedEn = await del(en);
    expect(refusedEn.body.msg).toMatch(
      /^id: the department has \d+ users, move them to another department first$/,
    );
    expect(refusedEn.body.data.fields[0]).toEqual({ field: 'id', message: refusedEn.body.msg.slice(4) });
  });

  it('a 404 names the missing thing', async () => {
    const zhRes = await t.get('/admin/role/details/987654', { token: admin, headers: zh });
    expect([zhRes.status, zhRes.body.code, zhRes.body.msg]).toEqual([404, 404, '角色不存在']);
    const enRes = await t.get('/admin/role/details/987654', { token: admin, headers: en });
    expect([enRes.status, enRes.body.msg]).toEqual([404, 'role does not exist']);
  });

  it('a 403 with its reason', async () => {
    const student = await t.tokenFor('student');
    const list = (headers: Record<string, string>) =>
      t.get('/admin/user/getCounselorListAndDataScope', { token: student, headers });
    const zhRes = await list(zh);
    expect([zhRes.status, zhRes.body.code, zhRes.body.msg]).toEqual([403, 403, '只有工作人员可以列出咨询师']);
    const enRes = await list(en);
    expect([enRes.status, enRes.body.msg]).toEqual([403, 'only staff list counsellors']);
  });

  it('a 409 naming the field that clashes', async () => {
    const publicKey = (await t.get('/auth/publicKey')).body.data;
    const [type] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from user_type where tenant_id = ${t.alpha.tenantId} and code = 'student'`,
      ),
    );
    let seq = 0;
    const register = async (headers: Record<string, string>) => {
      seq += 1;
      const randomStr = `localised${String(seq).padStart(6, '0')}`;
      await t.request('GET', `/code?randomStr=${randomStr}`, undefined, { unsigned: true });
      return t.post(
        '/admin/user/register',
        {
          username: 'admin',
          password: await encryptPassword(publicKey, 'Str0ng!pass'),
          realName: 'New Student',
          phone: `1391111${String(seq).padStart(4, '0')}`,
          userTypeId: Number(type!.id),
          deptId: t.alpha.deptIds['Class 2024'],
          randomStr,
          code: TEST_CAPTCHA,
        },
        { headers },
      );
    };
    const zhRes = await register(zh);
    expect([zhRes.status, zhRes.body.code, zhRes.body.msg]).toEqual([
      409,
      409,
      'username: 该登录账号已被使用',
    ]);
    const enRes = await register(en);
    expect([enRes.status, enRes.body.msg]).toEqual([409, 'username: this login account is already used']);
  });
});
