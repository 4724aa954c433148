import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ DEV_SMS_OUTBOX: 'true' });
});
afterAll(() => t?.close());

const EN = { 'accept-language': 'en-US' };

const inAlpha = (query: ReturnType<typeof sql>) =>
  t.database.withTenant(t.alpha.tenantId, ({ tx }) => tx.execute(query));

beforeEach(async () => {
  await t.database.system.db.execute(sql`delete from login_attempt`);
  await t.database.system.db.execute(sql`delete from sms_code`);
});

describe('a disabled account mid-session [spec:S0.8.2] [spec:S0.8.4]', () => {
  afterEach(() => inAlpha(sql`update sys_user set status = 'active' where username = 'counsellor'`));

  it('answers HTTP 403 with body code 3 and the forced-logout message on every signed-in call', async () => {
    const token = await t.tokenFor('counsellor');
    await inAlpha(sql`update sys_user set status = 'locked' where username = 'counsellor'`);
    const en = await t.get('/admin/user/info', { token, headers: EN });
    expect(en.status).toBe(403);
    expect(en.body).toEqual({
      code: 3,
      msg: 'No login permission, contact the system administrator',
      data: null,
    });
    const zh = await t.get('/admin/products/findTenantProductList', { token });
    expect(zh.status).toBe(403);
    expect(zh.body).toMatchObject({ code: 3, msg: '没有登录权限，请联系系统管理员' });
    expect((await t.get('/auth/token/ping', { token })).body.code).toBe(3);
  });

  it('can still log out, after which the token is gone', async () => {
    const token = await t.tokenFor('counsellor');
    await inAlpha(sql`update sys_user set status = 'locked' where username = 'counsellor'`);
    const out = await t.post('/auth/token/logout', undefined, { token });
    expect(out.status, out.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
  });

  it('a deleted account is simply signed out (401)', async () => {
    const token = await t.tokenFor('counsellor');
    await inAlpha(sql`update sys_user set del_flag = true where username = 'counsellor'`);
    try {
      expect((await t.get('/admin/user/info', { token })).status).toBe(401);
    } finally {
      await inAlpha(sql`update sys_user set del_flag = false where username = 'counsellor'`);
    }
  });
});

describe('a user without any role [spec:S0.8.2] [spec:S0.8.4] [spec:S0.4.13]', () => {
  const roleId = () => t.alpha.roleIds.ROLE_GENERAL!;
  const userId = () => t.alpha.userIds.student!;
  afterEach(() =>
    inAlpha(
      sql`insert into user_role (tenant_id, user_id, role_id) values (${t.alpha.tenantId}, ${userId()}, ${roleId()}) on conflict do nothing`,
    ),
  );

  it('answers HTTP 403 with body code 20 and the no-role message; logout still works', async () => {
    const token = await t.tokenFor('student');
    await inAlpha(sql`delete from user_role where user_id = ${userId()}`);
    const res = await t.get('/admin/user/info', { token, headers: EN });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 20,
      msg: 'The current user has no role, ask the administrator to add a role',
      data: null,
    });
    expect((await t.get('/admin/user/detail', { token })).body.code).toBe(20);
    expect((await t.post('/auth/token/logout', undefined, { token })).status).toBe(200);
    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
  });

  it('a role that was deleted counts as none', async () => {
    const token = await t.tokenFor('student');
    await inAlpha(sql`update role set del_flag = true where id = ${roleId()}`);
    try {
      expect((await t.get('/admin/user/info', { token })).body.code).toBe(20);
    } finally {
      await inAlpha(sql`update role set del_flag = false where id = ${roleId()}`);
    }
  });
});

describe('login of a disabled account [spec:S0.8.4]', () => {
  beforeEach(() => inAlpha(sql`update sys_user set status = 'locked' where username = 'student'`));
  afterEach(() => inAlpha(sql`update sys_user set status = 'active' where username = 'student'`));

  const latestCode = async (phone: string) => {
    const res = await t.get(`/biz/dev/sms/outbox?phone=${phone}`, { tenantId: null });
    return /(\d{6})/.exec(res.body.data[0]?.text ?? '')?.[1];
  };

  it('with the right password answers 403, body code 1 and the message, in both languages', async () => {
    const en = await t.login('student', { headers: EN });
    expect(en.status).toBe(403);
    expect(en.body).toEqual({
      code: 1,
      msg: 'The current account has no permission to log in, contact the administrator',
      data: null,
    });
    const zh = await t.login('student');
    expect(zh.body).toMatchObject({ code: 1, msg: '当前账号没有登录权限，请联系管理员' });
  });

  it('with a wrong password answers the usual 426, revealing nothing', async () => {
    const res = await t.login('student', { password: 'Wrong#2026x' });
    expect(res.status).toBe(426);
  });

  it('by SMS with the right code answers code 1; a wrong code stays 428', async () => {
    await t.database.system.db.execute(sql`delete from rate_limit`);
    await t.get('/biz/message/inner/sms/sendSmsCode?phone=13900000001');
    const code = await latestCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await t.post(
      `/auth/mobile/token/sms?mobile=SMS@13900000001&code=${code === '000000' ? '111111' : '000000'}`,
    );
    expect(wrong.status).toBe(428);
    const res = await t.post(`/auth/mobile/token/sms?mobile=SMS@13900000001&code=${code}`, undefined, {
      headers: EN,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 1,
      msg: 'The current account has no permission to log in, contact the administrator',
    });
  });
});
