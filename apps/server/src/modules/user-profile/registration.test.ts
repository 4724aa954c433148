import { sql } from 'drizzle-orm';
import { encryptPassword } from '@psy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, TEST_CAPTCHA, type TestContext } from '../../test/harness';

let t: TestContext;
let publicKey: { keyId: string; spki: string };
let captchaSeq = 0;

beforeAll(async () => {
  t = await createTestContext();
  publicKey = (await t.get('/auth/publicKey')).body.data;
});
afterAll(() => t?.close());

async function captcha(): Promise<string> {
  captchaSeq += 1;
  const randomStr = `register${String(captchaSeq).padStart(6, '0')}`;
  await t.request('GET', `/code?randomStr=${randomStr}`, undefined, { unsigned: true });
  return randomStr;
}

async function studentTypeId(tenantId: number): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.database.db.execute(
      sql`select id from user_type where tenant_id = ${tenantId} and code = 'student'`,
    ),
  );
  return Number(rows[0]!.id);
}

async function body(overrides: Record<string, unknown> = {}, password = 'Str0ng!pass') {
  return {
    username: 'newstudent',
    password: await encryptPassword(publicKey, password),
    realName: 'New Student',
    phone: '13911112222',
    userTypeId: await studentTypeId(t.alpha.tenantId),
    deptId: t.alpha.deptIds['Class 2024'],
    randomStr: await captcha(),
    code: TEST_CAPTCHA,
    ...overrides,
  };
}

describe('regionSetting [spec:S0.7.11]', () => {
  it('offers the registrable user types and the department tree of the school', async () => {
    const res = await t.get('/admin/user/regionSetting');
    expect(res.status).toBe(200);
    expect(res.body.data.registerEnabled).toBe(true);
    expect(res.body.data.userTypes.map((u: { code: string }) => u.code)).toEqual(['student']);
    expect(res.body.data.depts.length).toBeGreaterThan(0);
  });

  it('needs the tenant header', async () => {
    expect((await t.get('/admin/user/regionSetting', { tenantId: null })).status).toBe(400);
  });
});

describe('register [spec:S0.7.11] [spec:S0.5.5]', () => {
  it('creates an ordinary user who can then log in', async () => {
    const res = await t.post('/admin/user/register', await body());
    expect(res.status).toBe(200);
    expect(res.body.data.username).toBe('newstudent');
    const login = await t.login('newstudent', { password: 'Str0ng!pass' });
    expect(login.status).toBe(200);
    expect(login.body.data.user_info.roleList.map((r: { roleCode: string }) => r.roleCode)).toEqual([
      'ROLE_GENERAL',
    ]);
  });

  it('refuses a taken account or phone', async () => {
    const again = await t.post('/admin/user/register', await body({ phone: '13911113333' }));
    expect(again.status).toBe(409);
    const phone = await t.post(
      '/admin/user/register',
      await body({ username: 'other1', phone: '13800000001' }),
    );
    expect(phone.status).toBe(409);
  });

  it('refuses a weak password with the rule message', async () => {
    const res = await t.post(
      '/admin/user/register',
      await body({ username: 'weakling', phone: '13911114444' }, 'password'),
      { headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('password');
  });

  it('refuses a user type that does not allow registration, and a missing or wrong captcha', async () => {
    const staff = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from user_type where tenant_id = ${t.alpha.tenantId} and code = 'staff'`,
      ),
    )[0]!;
    const type = await t.post(
      '/admin/user/register',
      await body({ username: 'staffer', phone: '13911115555', userTypeId: Number(staff.id) }),
    );
    expect(type.status).toBe(400);
    expect(type.body.data.fields[0].field).toBe('userTypeId');
    const wrong = await t.post('/admin/user/register', await body({ username: 'x2', code: 'nope' }));
    expect(wrong.status).toBe(428);
    const { randomStr: _r, code: _c, ...noCaptcha } = await body({ username: 'x3' });
    expect((await t.post('/admin/user/register', noCaptcha)).status).toBe(400);
  });

  it("refuses another school's department", async () => {
    const betaDept = Object.values(t.beta.deptIds)[0];
    const res = await t.post(
      '/admin/user/register',
      await body({ username: 'crosser', phone: '13911116666', deptId: betaDept }),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('deptId');
  });
});

describe('avatar [spec:S0.7.11]', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  async function postText(text: string, token?: string) {
    const { signRequest, HEADER } = await import('@psy/contracts');
    const url = '/admin/user/avatar';
    const headers: Record<string, string> = {
      'content-type': 'text/plain',
      [HEADER.tenantId]: String(t.alpha.tenantId),
      ...(await signRequest({ method: 'POST', pathWithQuery: url, body: text, accessToken: token })),
    };
    if (token) headers[HEADER.authorization] = `Bearer ${token}`;
    const res = await t.app.app.inject({ method: 'POST', url, payload: text, headers });
    return { status: res.statusCode, body: res.json() };
  }

  it('stores a PNG sent as a plain-text data URL and serves it to an <img>', async () => {
    const token = await t.tokenFor('student');
    const res = await postText(`data:image/png;base64,${PNG.toString('base64')}`, token);
    expect(res.status).toBe(200);
    const avatar = res.body.data.avatar as string;
    expect(avatar).toMatch(/^\/admin\/user\/avatarFile\/\d+\/[0-9a-f-]{36}$/);
    const info = await t.get('/admin/user/info', { token });
    expect(info.body.data.sysUser.avatar).toBe(avatar);
    const img = await t.app.app.inject({ method: 'GET', url: avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // Stored re-encoded: the same pixels, nothing else.
    const { default: sharp } = await import('sharp');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('re-encodes: drops what follows the image, shrinks into 512x512, refuses a bomb; the replaced file goes once the new one is committed', async () => {
    const { default: sharp } = await import('sharp');
    const token = await t.tokenFor('counsellor');
    const big = await sharp({ create: { width: 2048, height: 1024, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([big, Buffer.from('PK\x03\x04<html><script>x</script>', 'latin1')]);
    const first = await postText(`data:image/jpeg;base64,${polyglot.toString('base64')}`, token);
    expect(first.status).toBe(200);
    const firstUrl = first.body.data.avatar as string;
    const firstImg = (await t.app.app.inject({ method: 'GET', url: firstUrl })).rawPayload;
    expect(firstImg.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    expect(await sharp(firstImg).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 256 });
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await postText(`data:image/png;base64,${bomb.toString('base64')}`, token)).status).toBe(400);
    // The refusal left the stored avatar in place.
    expect((await t.app.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(200);
    const second = await postText(`data:image/png;base64,${PNG.toString('base64')}`, token);
    expect(second.status).toBe(200);
    expect((await t.app.app.inject({ method: 'GET', url: second.body.data.avatar })).statusCode).toBe(200);
    expect((await t.app.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    // The file is kept under its school: the same name under another school's id is not found.
    const foreign = second.body.data.avatar.replace(`/${t.alpha.tenantId}/`, `/${t.beta.tenantId}/`);
    expect((await t.app.app.inject({ method: 'GET', url: foreign })).statusCode).toBe(404);
  });

  it('refuses what is not a PNG or JPEG, and a caller without a token', async () => {
    const token = await t.tokenFor('student');
    expect((await postText('data:image/png;base64,R0lGODlh', token)).status).toBe(400);
    expect((await postText('hello', token)).status).toBe(400);
    expect((await postText(`data:image/png;base64,${PNG.toString('base64')}`)).status).toBe(401);
    const missing = await t.app.app.inject({
      method: 'GET',
      url: `/admin/user/avatarFile/${t.alpha.tenantId}/00000000-0000-4000-8000-000000000000`,
    });
    expect(missing.statusCode).toBe(404);
  });
});
