import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptPassword } from '@psy/contracts';
import { rowsOf } from '../../core/db/rows';
import { hashPassword } from '../../core/security/password';
import { createTestContext, PASSWORD, type TestContext } from '../../test/harness';
import { OLD_PASSWORD_LIMIT } from './auth.service';

let t: TestContext;
let key: { keyId: string; spki: string };
beforeAll(async () => {
  t = await createTestContext();
  key = (await t.get('/auth/publicKey')).body.data;
});
afterAll(() => t?.close());

const EN = { 'accept-language': 'en-US' };
const enc = (password: string) => encryptPassword(key, password);

async function setUser(tenantId: number, username: string, set: ReturnType<typeof sql>) {
  await t.database.withTenant(tenantId, ({ tx }) =>
    tx.execute(sql`update sys_user set ${set} where username = ${username}`),
  );
}

async function userRow(tenantId: number, username: string) {
  return t.database.withTenant(tenantId, async ({ tx }) => {
    const res = await tx.execute(
      sql`select must_change_password, password_hash, password_changed_at from sys_user where username = ${username}`,
    );
    return rowsOf<{ must_change_password: boolean; password_hash: string; password_changed_at: unknown }>(
      res,
    )[0]!;
  });
}

/** Puts a user back to the harness password with the must-change flag as given. */
async function restore(tenantId: number, username: string, mustChange: boolean) {
  const hash = await hashPassword(PASSWORD);
  await setUser(tenantId, username, sql`password_hash = ${hash}, must_change_password = ${mustChange}`);
}

const resetPwd = async (token: string, newPwd: string, headers?: Record<string, string>) =>
  t.post('/admin/user/resetPwd', { newPwd: await enc(newPwd) }, { token, headers });

const changeMyPwd = async (
  token: string,
  oldPwd: string,
  newPwd: string,
  opts: { headers?: Record<string, string>; tenantId?: number } = {},
) =>
  t.post(
    '/admin/user/changeMyPwd',
    { oldPwd: await enc(oldPwd), newPwd: await enc(newPwd) },
    { token, ...opts },
  );

beforeEach(async () => {
  await t.database.system.db.execute(sql`delete from rate_limit`);
  await t.database.system.db.execute(sql`delete from login_attempt`);
});

describe('POST /admin/user/resetPwd: forced change after login [spec:S0.4.1] [spec:S0.7.10]', () => {
  beforeEach(() => restore(t.alpha.tenantId, 'student', true));

  it('sets the password, clears the flag and signs out every session [spec:S0.4.3]', async () => {
    const login = await t.login('student');
    expect(login.body.data.user_info.mustChangePassword).toBe(true);
    const token = login.body.data.access_token;
    const other = await t.tokenFor('student');

    const res = await resetPwd(token, 'NewPass#2026');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: true });

    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
    expect((await t.get('/admin/user/info', { token: other })).status).toBe(401);
    const row = await userRow(t.alpha.tenantId, 'student');
    expect(row.must_change_password).toBe(false);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_changed_at).not.toBeNull();

    expect((await t.login('student')).status).toBe(426);
    const again = await t.login('student', { password: 'NewPass#2026' });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data.user_info.mustChangePassword).toBe(false);
    const info = await t.get('/admin/user/info', { token: again.body.data.access_token });
    expect(info.body.data.sysUser.mustChangePassword).toBe(false);
  });

  it('is refused with 403 when the account does not have to change its password', async () => {
    const token = await t.tokenFor('counsellor');
    const res = await resetPwd(token, 'NewPass#2026', EN);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    expect(res.body.msg).toBe(
      'this account does not have to reset its password; change it with the old password',
    );
    expect((await t.get('/admin/user/info', { token })).status).toBe(200);
    expect((await t.login('counsellor')).status).toBe(200);
  });

  it('enforces every new-password rule, naming newPwd, in the caller language [spec:S0.5.5]', async () => {
    const token = await t.tokenFor('student');
    const cases: [string, string, string][] = [
      ['', 'newPwd: enter the new password', 'newPwd: 请输入新密码'],
      ['Student', 'newPwd: username and password cannot be the same', 'newPwd: 用户名和密码不能相同'],
      ['Ab1!xyz', 'newPwd: password must be 8-20 characters', 'newPwd: 密码长度为 8-20 个字符'],
      ['Ab1!' + 'x'.repeat(17), 'newPwd: password must be 8-20 characters', 'newPwd: 密码长度为 8-20 个字符'],
      [
        'abcdefg1!',
        'newPwd: password must contain an uppercase letter, a lowercase letter, a digit and a special character',
        'newPwd: 密码须包含大写字母、小写字母、数字和特殊字符',
      ],
      [
        PASSWORD,
        'newPwd: the new password must differ from the current one',
        'newPwd: 新密码不能与当前密码相同',
      ],
    ];
    for (const [pwd, en, zh] of cases) {
      const r1 = await resetPwd(token, pwd, EN);
      expect(r1.status, pwd).toBe(400);
      expect(r1.body.msg).toBe(en);
      expect(r1.body.data.fields[0].field).toBe('newPwd');
      const r2 = await resetPwd(token, pwd);
      expect(r2.body.msg).toBe(zh);
    }
    // Nothing changed: the flag is still set and the session still live.
    expect((await userRow(t.alpha.tenantId, 'student')).must_change_password).toBe(true);
    expect((await t.get('/admin/user/info', { token })).status).toBe(200);
  });

  it('names a password that is missing, not encrypted or encrypted with another key', async () => {
    const token = await t.tokenFor('student');
    const missing = await t.post('/admin/user/resetPwd', {}, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^newPwd: /);
    const en = { token, headers: { 'accept-language': 'en-US' } };
    const plain = await t.post('/admin/user/resetPwd', { newPwd: 'NewPass#2026' }, en);
    expect(plain.status).toBe(400);
    expect(plain.body.msg).toBe('newPwd: must be encrypted with the key from GET /auth/publicKey');
    const wrongKey = await t.post('/admin/user/resetPwd', { newPwd: 'deadbeef.AAAA' }, en);
    expect(wrongKey.body.msg).toBe('newPwd: encrypted with an unknown key, fetch /auth/publicKey again');
    // Without Accept-Language the caller reads zh-CN, the field's name kept.
    const zh = await t.post('/admin/user/resetPwd', { newPwd: 'deadbeef.AAAA' }, { token });
    expect(zh.body.msg).toBe('newPwd: 使用了未知的公钥加密，请重新获取 /auth/publicKey');
    const garbage = await t.post('/admin/user/resetPwd', { newPwd: `${key.keyId}.AAAA` }, en);
    expect(garbage.status).toBe(400);
    expect(garbage.body.msg).toBe('newPwd: cannot be decrypted');
  });
});

describe('POST /admin/user/changeMyPwd: self change [spec:S0.5.5] [spec:S0.7.10]', () => {
  beforeEach(() => restore(t.alpha.tenantId, 'counsellor', false));

  it('changes the password with the right old one and signs out every session [spec:S0.4.3]', async () => {
    const token = await t.tokenFor('counsellor');
    const other = await t.tokenFor('counsellor');
    const res = await changeMyPwd(token, PASSWORD, 'Changed#2026');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toBe(true);
    expect((await t.get('/auth/token/ping', { token })).status).toBe(401);
    expect((await t.get('/admin/user/info', { token: other })).status).toBe(401);
    expect((await t.login('counsellor')).status).toBe(426);
    expect((await t.login('counsellor', { password: 'Changed#2026' })).status).toBe(200);
  });

  it('also clears a must-change flag', async () => {
    await setUser(t.alpha.tenantId, 'counsellor', sql`must_change_password = true`);
    const token = await t.tokenFor('counsellor');
    expect((await changeMyPwd(token, PASSWORD, 'Changed#2026')).status).toBe(200);
    expect((await userRow(t.alpha.tenantId, 'counsellor')).must_change_password).toBe(false);
  });

  it('refuses a wrong old password with 400 naming oldPwd, and changes nothing', async () => {
    const token = await t.tokenFor('counsellor');
    const en = await changeMyPwd(token, 'Wrong#2026x', 'Changed#2026', { headers: EN });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 400,
      msg: 'oldPwd: old password is wrong',
      data: { fields: [{ field: 'oldPwd', message: 'old password is wrong' }] },
    });
    const zh = await changeMyPwd(token, 'Wrong#2026x', 'Changed#2026');
    expect(zh.body.msg).toBe('oldPwd: 原密码错误');
    expect((await t.get('/admin/user/info', { token })).status).toBe(200);
    expect((await t.login('counsellor')).status).toBe(200);
  });

  it('checks the old password is given and at most 20 characters, and the new one against the rules', async () => {
    const token = await t.tokenFor('counsellor');
    const empty = await changeMyPwd(token, '', 'Changed#2026', { headers: EN });
    expect(empty.body.msg).toBe('oldPwd: enter the old password');
    const long = await changeMyPwd(token, 'x'.repeat(21), 'Changed#2026', { headers: EN });
    expect(long.body.msg).toBe('oldPwd: old password is at most 20 characters');
    const weak = await changeMyPwd(token, PASSWORD, 'weakpassword', { headers: EN });
    expect(weak.status).toBe(400);
    expect(weak.body.data.fields[0].field).toBe('newPwd');
    const same = await changeMyPwd(token, PASSWORD, PASSWORD, { headers: EN });
    expect(same.body.msg).toBe('newPwd: the new password must differ from the current one');
    const named = await changeMyPwd(token, PASSWORD, 'Counsellor', { headers: EN });
    expect(named.body.msg).toBe('newPwd: username and password cannot be the same');
  });

  it(`answers 429 after ${OLD_PASSWORD_LIMIT} wrong old passwords, even for the right one [spec:S0.8.5] [spec:S0.8.6]`, async () => {
    const token = await t.tokenFor('counsellor');
    // Refusals for other reasons do not count.
    for (let i = 0; i < 3; i++) expect((await changeMyPwd(token, PASSWORD, 'weak')).status).toBe(400);
    for (let i = 0; i < OLD_PASSWORD_LIMIT; i++) {
      expect((await changeMyPwd(token, `Wrong#${i}abc`, 'Changed#2026')).status).toBe(400);
    }
    const limited = await changeMyPwd(token, PASSWORD, 'Changed#2026');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Per user: another user is not limited.
    const teacher = await t.tokenFor('teacher');
    expect((await changeMyPwd(teacher, 'Wrong#0abc', 'Changed#2026')).status).toBe(400);
    // Once the window has passed, the right old password works.
    await t.database.system.db.execute(
      sql`update rate_limit set window_start = now() - interval '16 minutes' where key like 'pwd:old:%'`,
    );
    expect((await changeMyPwd(token, PASSWORD, 'Changed#2026')).status).toBe(200);
  });

  it('never answers 500 for malformed bodies', async () => {
    const token = await t.tokenFor('counsellor');
    const bodies: unknown[] = [
      undefined,
      {},
      { oldPwd: 1, newPwd: 2 },
      { oldPwd: null, newPwd: [] },
      { oldPwd: 'x'.repeat(5000), newPwd: 'y' },
      { oldPwd: `${key.keyId}.%%%`, newPwd: `${key.keyId}.` },
      { oldPwd: '.abc', newPwd: 'a.b.c' },
      [1, 2],
      'text',
    ];
    for (const body of bodies) {
      const res = await t.post('/admin/user/changeMyPwd', body, { token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'msg']);
      const reset = await t.post('/admin/user/resetPwd', body, { token });
      expect(reset.status, JSON.stringify(body)).toBeLessThan(500);
    }
    expect((await t.get('/admin/user/info', { token })).status).toBe(200);
  });

  it('requires a signed-in caller', async () => {
    const res = await t.post('/admin/user/changeMyPwd', {
      oldPwd: await enc(PASSWORD),
      newPwd: await enc('Changed#2026'),
    });
    expect(res.status).toBe(401);
  });
});

describe('password calls and tenants', () => {
  beforeEach(async () => {
    await restore(t.beta.tenantId, 'student', true);
    await restore(t.alpha.tenantId, 'student', true);
  });

  it('a user of one school changes only their own password, never the same name in another school', async () => {
    const alphaToken = await t.tokenFor('student');
    const betaToken = await t.tokenFor('student', t.beta.tenantId);
    const res = await changeMyPwd(betaToken, PASSWORD, 'BetaOnly#2026', { tenantId: t.beta.tenantId });
    expect(res.status, res.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token: alphaToken })).status).toBe(200);
    expect((await t.login('student')).status).toBe(200);
    expect((await t.login('student', { password: 'BetaOnly#2026' })).status).toBe(426);
    expect((await userRow(t.alpha.tenantId, 'student')).must_change_password).toBe(true);
    expect((await t.login('student', { tenantId: t.beta.tenantId, password: 'BetaOnly#2026' })).status).toBe(
      200,
    );
  });

  it("a token of one school cannot call the other school's password routes", async () => {
    const betaToken = await t.tokenFor('student', t.beta.tenantId);
    const res = await t.post(
      '/admin/user/resetPwd',
      { newPwd: await enc('Alpha#2026x') },
      { token: betaToken, tenantId: t.alpha.tenantId },
    );
    expect(res.status).toBe(401);
    expect((await t.login('student')).status).toBe(200);
  });
});

describe('an account that must change its password [spec:S0.4.1]', () => {
  it('reaches nothing until the password is changed but the change, logout and its own info', async () => {
    await restore(t.alpha.tenantId, 'subadmin', true);
    try {
      const token = (await t.login('subadmin')).body.data.access_token;
      // A permission route and a route any signed-in user may call (own profile details) alike.
      for (const url of ['/admin/user/page', '/admin/user/detail']) {
        const refused = await t.get(url, { token, headers: EN });
        expect(refused.status, url).toBe(403);
        expect(refused.body, url).toMatchObject({
          code: 12,
          msg: 'change your password before using this function',
        });
      }
      expect((await t.get('/admin/user/info', { token })).status).toBe(200);

      expect((await resetPwd(token, 'NewPass#2026')).status).toBe(200);
      const fresh = (await t.login('subadmin', { password: 'NewPass#2026' })).body.data.access_token;
      expect((await t.get('/admin/user/page', { token: fresh })).status).toBe(200);
    } finally {
      await restore(t.alpha.tenantId, 'subadmin', false);
    }
  });
});
