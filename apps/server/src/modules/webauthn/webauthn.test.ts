import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { otherPrivateKey, TestAuthenticator } from './test-authenticator';

let t: TestContext;
let counsellor: string;
const device = new TestAuthenticator();

beforeAll(async () => {
  t = await createTestContext();
  counsellor = await t.tokenFor('counsellor');
});
afterAll(() => t?.close());

async function enrol(token: string, authenticator: TestAuthenticator) {
  const opts = await t.post('/admin/sysUserFinger/add/options', undefined, { token });
  expect(opts.status).toBe(200);
  return t.post(
    '/admin/sysUserFinger/add',
    { challengeId: opts.body.data.challengeId, credential: authenticator.create(opts.body.data.options) },
    { token },
  );
}

async function loginOptions(tenantId = t.alpha.tenantId, body: unknown = {}) {
  const res = await t.post('/auth/fingerprint/options', body, { tenantId });
  expect(res.status).toBe(200);
  return res.body.data as { challengeId: string; options: { challenge: string; rpId: string } };
}

describe('enrolment (/admin/sysUserFinger/add) [spec:S0.7.14]', () => {
  it('needs a signed-in user', async () => {
    expect((await t.post('/admin/sysUserFinger/add/options')).status).toBe(401);
    expect((await t.post('/admin/sysUserFinger/enteredFlag')).status).toBe(401);
  });

  it('answers not entered before enrolment', async () => {
    const res = await t.post('/admin/sysUserFinger/enteredFlag', undefined, { token: counsellor });
    expect(res.body.data).toEqual({ entered: false, count: 0 });
  });

  it('asks for a platform authenticator with user verification and a discoverable credential', async () => {
    const res = await t.post('/admin/sysUserFinger/add/options', undefined, { token: counsellor });
    const options = res.body.data.options;
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({
      authenticatorAttachment: 'platform',
      residentKey: 'required',
      userVerification: 'required',
    });
  });

  it('verifies and stores a credential, then reports it entered [spec:S0.2.5]', async () => {
    const res = await enrol(counsellor, device);
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBeGreaterThan(0);
    const flag = await t.post('/admin/sysUserFinger/enteredFlag', undefined, { token: counsellor });
    expect(flag.body.data).toEqual({ entered: true, count: 1 });
  });

  it('refuses a used challenge and an unknown one', async () => {
    const opts = await t.post('/admin/sysUserFinger/add/options', undefined, { token: counsellor });
    const other = new TestAuthenticator();
    const body = {
      challengeId: opts.body.data.challengeId,
      credential: other.create(opts.body.data.options),
    };
    expect((await t.post('/admin/sysUserFinger/add', body, { token: counsellor })).status).toBe(200);
    const again = await t.post('/admin/sysUserFinger/add', body, { token: counsellor });
    expect(again.status).toBe(400);
    expect(again.body.data.fields[0].field).toBe('challengeId');
    const malformed = await t.post(
      '/admin/sysUserFinger/add',
      { challengeId: 'nope', credential: {} },
      { token: counsellor },
    );
    expect(malformed.status).toBe(400);
  });

  it("refuses another user's challenge", async () => {
    const opts = await t.post('/admin/sysUserFinger/add/options', undefined, { token: counsellor });
    const admin = await t.tokenFor('admin');
    const res = await t.post(
      '/admin/sysUserFinger/add',
      {
        challengeId: opts.body.data.challengeId,
        credential: new TestAuthenticator().create(opts.body.data.options),
      },
      { token: admin },
    );
    expect(res.status).toBe(400);
  });

  it('refuses an answer made on a page of another origin', async () => {
    const opts = await t.post('/admin/sysUserFinger/add/options', undefined, { token: counsellor });
    const res = await t.post(
      '/admin/sysUserFinger/add',
      {
        challengeId: opts.body.data.challengeId,
        credential: new TestAuthenticator().create(opts.body.data.options, {
          origin: 'https://evil.example',
        }),
      },
      { token: counsellor },
    );
    expect(res.status).toBe(400);
  });
});

describe('fingerprint login (/auth/fingerprint/*) [spec:S0.2.5]', () => {
  it('signs in with the enrolled credential and answers the same tokens as the password login', async () => {
    const opts = await loginOptions();
    expect(opts.options.rpId).toBe('localhost');
    const res = await t.post(
      '/auth/fingerprint/token',
      { challengeId: opts.challengeId, credential: device.get(opts.options) },
      { tenantId: t.alpha.tenantId },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.user_info.username).toBe('counsellor');
    expect(res.body.data.tenantId).toBe(t.alpha.tenantId);
    const info = await t.get('/admin/user/info', { token: res.body.data.access_token });
    expect(info.body.data.sysUser.username).toBe('counsellor');
  });

  it('never lists credentials, so the options say nothing about any account [spec:S0.2.5]', async () => {
    const opts = await loginOptions(t.alpha.tenantId, { username: 'counsellor' });
    const allow = (opts.options as unknown as { allowCredentials?: unknown[] }).allowCredentials;
    expect(allow ?? []).toEqual([]);
    expect(JSON.stringify(opts.options)).not.toContain(device.id);
  });

  it('refuses a forged assertion (426) and does not accept the challenge twice', async () => {
    const opts = await loginOptions();
    const forged = await t.post(
      '/auth/fingerprint/token',
      {
        challengeId: opts.challengeId,
        credential: device.get(opts.options, { signWith: otherPrivateKey() }),
      },
      { tenantId: t.alpha.tenantId },
    );
    expect(forged.status).toBe(426);
    const replay = await t.post(
      '/auth/fingerprint/token',
      { challengeId: opts.challengeId, credential: device.get(opts.options) },
      { tenantId: t.alpha.tenantId },
    );
    expect(replay.status).toBe(400);
  });

  it('refuses an assertion for another challenge', async () => {
    const a = await loginOptions();
    const b = await loginOptions();
    const res = await t.post(
      '/auth/fingerprint/token',
      { challengeId: a.challengeId, credential: device.get(b.options) },
      { tenantId: t.alpha.tenantId },
    );
    expect(res.status).toBe(426);
  });

  it('does not sign in to another tenant with this credential', async () => {
    const opts = await loginOptions(t.beta.tenantId);
    const res = await t.post(
      '/auth/fingerprint/token',
      { challengeId: opts.challengeId, credential: device.get(opts.options) },
      { tenantId: t.beta.tenantId },
    );
    expect(res.status).toBe(426);
    // A challenge of one tenant is unknown in another.
    const alpha = await loginOptions();
    const cross = await t.post(
      '/auth/fingerprint/token',
      { challengeId: alpha.challengeId, credential: device.get(alpha.options) },
      { tenantId: t.beta.tenantId },
    );
    expect(cross.status).toBe(400);
  });

  it('needs the tenant header and a well-formed body', async () => {
    expect((await t.post('/auth/fingerprint/options', {}, { tenantId: null })).status).toBe(400);
    const res = await t.post(
      '/auth/fingerprint/token',
      { challengeId: '00000000-0000-4000-8000-000000000000', credential: { id: 'x' } },
      { tenantId: t.alpha.tenantId },
    );
    expect(res.status).toBe(400);
  });

  it('refuses a disabled account even with a valid assertion', async () => {
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(
      sql`update sys_user set status = 'locked' where tenant_id = ${t.alpha.tenantId} and username = 'counsellor'`,
    );
    try {
      const opts = await loginOptions();
      const res = await t.post(
        '/auth/fingerprint/token',
        { challengeId: opts.challengeId, credential: device.get(opts.options) },
        { tenantId: t.alpha.tenantId },
      );
      expect(res.status).toBe(403);
    } finally {
      await t.database.db.execute(
        sql`update sys_user set status = 'active' where tenant_id = ${t.alpha.tenantId} and username = 'counsellor'`,
      );
    }
  });
});

describe('removing fingerprints (/admin/sysUserFinger/removeMine)', () => {
  it("removes only the caller's credentials; the device no longer signs in", async () => {
    const counsellor = await t.tokenFor('counsellor');
    const before = await t.post('/admin/sysUserFinger/enteredFlag', undefined, { token: counsellor });
    expect(before.body.data.entered).toBe(true);

    // Someone else removing their own (none) changes nothing for the counsellor.
    const other = await t.tokenFor('teacher');
    expect((await t.post('/admin/sysUserFinger/removeMine', undefined, { token: other })).body.data).toEqual({
      removed: 0,
    });
    expect(
      (await t.post('/admin/sysUserFinger/enteredFlag', undefined, { token: counsellor })).body.data.entered,
    ).toBe(true);

    const res = await t.post('/admin/sysUserFinger/removeMine', undefined, { token: counsellor });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.removed).toBeGreaterThan(0);
    expect(
      (await t.post('/admin/sysUserFinger/enteredFlag', undefined, { token: counsellor })).body.data,
    ).toEqual({
      entered: false,
      count: 0,
    });
    const opts = await loginOptions();
    const login = await t.post(
      '/auth/fingerprint/token',
      { challengeId: opts.challengeId, credential: device.get(opts.options) },
      { tenantId: t.alpha.tenantId },
    );
    expect(login.status).not.toBe(200);
    expect((await t.post('/admin/sysUserFinger/removeMine')).status).toBe(401);
  });
});
