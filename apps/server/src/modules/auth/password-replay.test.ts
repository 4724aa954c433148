import { constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import * as contracts from '@psy/contracts';
import { encryptPassword, PASSWORD_PAYLOAD_MAX_AGE_MS, type Endpoint } from '@psy/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { hashPassword } from '../../core/security/password';
import { createTestContext, PASSWORD, TEST_CAPTCHA, type TestContext } from '../../test/harness';

let t: TestContext;
let key: { keyId: string; spki: string };
beforeAll(async () => {
  t = await createTestContext();
  key = (await t.get('/auth/publicKey')).body.data;
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.system.db.execute(sql`delete from rate_limit`);
  await t.database.system.db.execute(sql`delete from login_attempt`);
});

const NEW_PASSWORD = 'N3w!Passw0rd';
const enc = (password: string, opts?: { now?: number }) => encryptPassword(key, password, opts);

/** Puts a user back to the harness password with the must-change flag as given. */
async function restore(username: string, mustChange: boolean) {
  const hash = await hashPassword(PASSWORD);
  await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
    tx.execute(
      sql`update sys_user set password_hash = ${hash}, must_change_password = ${mustChange} where username = ${username}`,
    ),
  );
}

const login = (password: string, username = 'counsellor') =>
  t.request('POST', '/auth/oauth/token?grant_type=password', { username, password }, { form: true });

const idCardLogin = (password: string) =>
  t.request('POST', '/auth/token/idCard', { idType: '7', idNumber: 'E12345678', password }, { form: true });

const refusal = (res: {
  status: number;
  body: { data: { fields?: { field: string; message: string }[] } };
}) => ({
  status: res.status,
  field: res.body.data?.fields?.[0]?.field,
  message: res.body.data?.fields?.[0]?.message ?? '',
});

let captchaSeq = 0;
async function captcha(): Promise<string> {
  captchaSeq += 1;
  const randomStr = `replay${String(captchaSeq).padStart(8, '0')}`;
  await t.request('GET', `/code?randomStr=${randomStr}`, undefined, { unsigned: true });
  return randomStr;
}

/**
 * Every call that takes an encrypted password: a first call with a ciphertext, and the same ciphertext
 * sent again in a new, correctly signed request (`again`), which must be refused on that field.
 */
const CASES: {
  path: string;
  field: string;
  first(cipher: string): Promise<{ status: number }>;
  again(
    cipher: string,
  ): Promise<{ status: number; body: { data: { fields?: { field: string; message: string }[] } } }>;
}[] = [
  {
    path: '/auth/oauth/token',
    field: 'password',
    first: (c) => login(c),
    again: (c) => login(c),
  },
  {
    path: '/auth/token/idCard',
    field: 'password',
    async first(c) {
      await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
        tx.execute(sql`update sys_user set id_type = 7, id_card = 'E12345678' where username = 'counsellor'`),
      );
      return idCardLogin(c);
    },
    again: (c) => idCardLogin(c),
  },
  {
    path: '/admin/user/changeMyPwd',
    field: 'oldPwd',
    async first(c) {
      await restore('counsellor', false);
      const token = await t.tokenFor('counsellor');
      return t.post('/admin/user/changeMyPwd', { oldPwd: c, newPwd: await enc(NEW_PASSWORD) }, { token });
    },
    async again(c) {
      await restore('counsellor', false);
      const token = await t.tokenFor('counsellor');
      return t.post('/admin/user/changeMyPwd', { oldPwd: c, newPwd: await enc(NEW_PASSWORD) }, { token });
    },
  },
  {
    path: '/admin/user/resetPwd',
    field: 'newPwd',
    async first(c) {
      await restore('teacher', true);
      return t.post('/admin/user/resetPwd', { newPwd: c }, { token: await t.tokenFor('teacher') });
    },
    async again(c) {
      await restore('teacher', true);
      return t.post('/admin/user/resetPwd', { newPwd: c }, { token: await t.tokenFor('teacher') });
    },
  },
  {
    path: '/admin/user/suPwd',
    field: 'pwd',
    first: async (c) =>
      t.post(
        '/admin/user/suPwd',
        { uid: t.alpha.userIds.student, pwd: c },
        { token: await t.tokenFor('admin') },
      ),
    again: async (c) =>
      t.post(
        '/admin/user/suPwd',
        { uid: t.alpha.userIds.student, pwd: c },
        { token: await t.tokenFor('admin') },
      ),
  },
  {
    path: '/admin/v2/user/addUser',
    field: 'password',
    first: async (c) => addUser('replay1', '13700000001', c),
    again: async (c) => addUser('replay2', '13700000002', c),
  },
  {
    path: '/admin/user/register',
    field: 'password',
    first: async (c) => register('replay3', '13700000003', c),
    again: async (c) => register('replay4', '13700000004', c),
  },
];

async function addUser(username: string, phone: string, password: string) {
  return t.post(
    '/admin/v2/user/addUser',
    {
      username,
      realName: 'Replay User',
      numberName: username,
      phone,
      deptId: t.alpha.deptIds['Class 2024'],
      sex: 1,
      birthday: '2004-05-06',
      roleIds: [t.alpha.roleIds.ROLE_GENERAL],
      password,
    },
    { token: await t.tokenFor('admin') },
  );
}

async function register(username: string, phone: string, password: string) {
  const types = rowsOf<{ id: number }>(
    await t.database.db.execute(
      sql`select id from user_type where tenant_id = ${t.alpha.tenantId} and code = 'student'`,
    ),
  );
  return t.post('/admin/user/register', {
    username,
    password,
    realName: 'Replay Student',
    phone,
    userTypeId: Number(types[0]!.id),
    deptId: t.alpha.deptIds['Class 2024'],
    randomStr: await captcha(),
    code: TEST_CAPTCHA,
  });
}

/** Body fields of the contracts that carry an encrypted password, as `path field`. */
function encryptedPasswordFields(): string[] {
  const endpoints = (Object.values(contracts) as unknown[]).filter(
    (e): e is Endpoint => typeof e === 'object' && e !== null && 'path' in e && 'method' in e,
  );
  const found: string[] = [];
  for (const e of endpoints) {
    if (!(e.body instanceof z.ZodObject)) continue;
    for (const [field, schema] of Object.entries(e.body.shape as Record<string, z.ZodType>)) {
      const text = `${schema.description ?? ''} ${(schema as { unwrap?: () => z.ZodType }).unwrap?.().description ?? ''}`;
      if (/encrypted|RSA-OAEP/.test(text)) found.push(`${e.path} ${field}`);
    }
  }
  return found.sort();
}

describe('encrypted passwords are bound to the moment [spec:S0.7.1]', () => {
  it('covers every call of the contracts that takes an encrypted password', () => {
    // changeMyPwd's newPwd is opened by the same step as its oldPwd, which the case replays.
    const expected = encryptedPasswordFields().filter((f) => f !== '/admin/user/changeMyPwd newPwd');
    expect(CASES.map((c) => `${c.path} ${c.field}`).sort()).toEqual(expected);
  });

  for (const c of CASES) {
    it(`${c.path}: the same ciphertext in a new, signed request is refused the second time`, async () => {
      const isLogin = c.path === '/auth/oauth/token' || c.path === '/auth/token/idCard';
      const password = isLogin || c.field === 'oldPwd' ? PASSWORD : 'R3play!Pass';
      if (c.path === '/admin/user/resetPwd') {
        // First use: a refusal after decryption (the current password again) still spends the nonce.
        const cipher = await enc(PASSWORD);
        expect((await c.first(cipher)).status).toBe(400);
        const again = refusal(await c.again(cipher));
        expect(again).toMatchObject({ status: 400, field: c.field });
        expect(again.message).toMatch(/该加密密码已使用过/);
        return;
      }
      const cipher = await enc(password);
      const first = await c.first(cipher);
      expect(first.status, JSON.stringify((first as { body?: unknown }).body)).toBe(200);
      const again = refusal(await c.again(cipher));
      expect(again).toMatchObject({ status: 400, field: c.field });
      expect(again.message).toMatch(/该加密密码已使用过/);
    });
  }

  it('refuses a ciphertext older than the window, or from too far ahead, and accepts one inside it', async () => {
    await restore('counsellor', false);
    const old = refusal(
      await login(await enc(PASSWORD, { now: Date.now() - PASSWORD_PAYLOAD_MAX_AGE_MS - 5_000 })),
    );
    expect(old).toMatchObject({ status: 400, field: 'password' });
    expect(old.message).toMatch(/加密的密码已过期/);
    const ahead = refusal(
      await login(await enc(PASSWORD, { now: Date.now() + PASSWORD_PAYLOAD_MAX_AGE_MS + 5_000 })),
    );
    expect(ahead).toMatchObject({ status: 400, field: 'password' });
    const recent = await login(await enc(PASSWORD, { now: Date.now() - 60_000 }));
    expect(recent.status).toBe(200);
  });

  it('refuses a stale password for the calls that read it inside the transaction too', async () => {
    const stale = await enc('R3play!Pass', { now: Date.now() - PASSWORD_PAYLOAD_MAX_AGE_MS - 5_000 });
    const res = refusal(
      await t.post(
        '/admin/user/suPwd',
        { uid: t.alpha.userIds.student, pwd: stale },
        { token: await t.tokenFor('admin') },
      ),
    );
    expect(res).toMatchObject({ status: 400, field: 'pwd' });
    expect(res.message).toMatch(/加密的密码已过期/);
  });

  it('refuses a bare password ciphertext without time and nonce (an old client)', async () => {
    const publicKey = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
    const bare = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(PASSWORD),
    ).toString('base64');
    const res = refusal(await login(`${key.keyId}.${bare}`));
    expect(res).toMatchObject({ status: 400, field: 'password' });
    expect(res.message).toMatch(/必须包含时间和随机数/);
  });

  it('a student replaying a captured admin reset meets the access refusal first, and the ciphertext is spent', async () => {
    const cipher = await enc('R3play!Pass');
    await restore('student', false);
    const student = await t.tokenFor('student');
    const denied = await t.post(
      '/admin/user/suPwd',
      { uid: t.alpha.userIds.counsellor, pwd: cipher },
      { token: student },
    );
    expect(denied.status).toBe(403);
    const admin = refusal(
      await t.post(
        '/admin/user/suPwd',
        { uid: t.alpha.userIds.student, pwd: cipher },
        { token: await t.tokenFor('admin') },
      ),
    );
    expect(admin).toMatchObject({ status: 400, field: 'pwd' });
    expect(admin.message).toMatch(/该加密密码已使用过/);
  });
});
