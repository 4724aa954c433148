import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, plannerRows, TEST_CAPTCHA, type TestContext } from '../../test/harness';
import { rowsOf } from '../../core/db/rows';
import { ROTATION_GRACE_SECONDS } from './auth.repository';
import { LOCK_MAX_MS, lockDurationMs, svgCaptchaGenerator } from './auth.service';
import { revokeUserTokens, STATISTICS_QUEUE } from './index';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ DEV_SMS_OUTBOX: 'true' });
});
afterAll(() => t?.close());

const refreshWith = (refreshToken: string) =>
  t.post('/auth/oauth/token?grant_type=refresh_token', { refresh_token: refreshToken }, { form: true });

const system = () => t.database.system.db;
async function clearAttempts() {
  await system().execute(sql`delete from login_attempt`);
  await system().execute(sql`delete from rate_limit`);
}

describe('password login [spec:S0.3.1] [spec:S0.7.3]', () => {
  beforeEach(clearAttempts);

  it('answers the login state with tokens and user_info [spec:S0.3.1]', async () => {
    const res = await t.login('admin');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(d.refresh_token).not.toBe(d.access_token);
    expect(d.expires_in).toBe(7200);
    expect(d.tenantId).toBe(t.alpha.tenantId);
    expect(d.user_info).toMatchObject({
      username: 'admin',
      realName: 'Alpha Admin',
      tenantId: t.alpha.tenantId,
    });
    expect(d.user_info.roleList).toEqual([expect.objectContaining({ roleCode: 'ROLE_ADMIN' })]);
    expect(d.user_info.authorities).toContain('admin_userInfo_userImport_btn');
  });

  it('stores tokens only as hashes', async () => {
    const res = await t.login('counsellor');
    const token = res.body.data.access_token as string;
    const found = rowsOf(
      await system().execute(
        sql`select 1 from auth_token where access_hash = ${token} or refresh_hash = ${token}`,
      ),
    );
    expect(found).toHaveLength(0);
  });

  it('gives the same 426 answer for a wrong password and for an unknown user [spec:S0.8.6]', async () => {
    const wrong = await t.login('admin', { password: 'Wrong-pass1!' });
    const unknown = await t.login('nobody-here', { password: 'Wrong-pass1!' });
    expect(wrong.status).toBe(426);
    expect(unknown.status).toBe(426);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.code).toBe(426);
  });

  it('answers in the caller language [spec:S0.8.6]', async () => {
    const en = await t.login('admin', { password: 'Wrong-pass1!', headers: { 'accept-language': 'en-US' } });
    expect(en.body.msg).toBe('User name does not exist or password wrong');
    const zh = await t.login('admin', { password: 'Wrong-pass1!', headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.msg).toBe('用户名不存在或者密码错误');
  });

  it('refuses a password that was not encrypted with the published key, naming the field', async () => {
    const res = await t.post(
      '/auth/oauth/token?grant_type=password',
      { username: 'admin', password: 'plain-text' },
      { form: true },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^password:/);
  });

  it('requires the tenant header, naming it', async () => {
    const res = await t.login('admin', { tenantId: null as unknown as number });
    // tenantId null falls back to alpha in login(); send without header explicitly instead:
    const raw = await t.post(
      '/auth/oauth/token?grant_type=password',
      { username: 'admin', password: 'x.y' },
      { form: true, tenantId: null },
    );
    expect(res.status).toBe(200);
    expect(raw.status).toBe(400);
    expect(raw.body.msg).toMatch(/tenant-id/);
  });

  it('logs every attempt in the login log', async () => {
    await t.login('student', { password: 'Wrong-pass1!' });
    await t.login('student');
    const rows = rowsOf<{ result: string }>(
      await system().execute(sql`select result from login_log where username = 'student' order by id`),
    );
    expect(rows.map((r) => r.result)).toEqual(expect.arrayContaining(['bad_credentials', 'success']));
  });
});

describe('captcha and lockout [spec:S0.7.3] [spec:S0.8.6]', () => {
  beforeEach(clearAttempts);

  it('serves a captcha image for a key without signing', async () => {
    const res = await t.request('GET', '/code?randomStr=abcdefgh1234', undefined, {
      unsigned: true,
      tenantId: null,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    const real = svgCaptchaGenerator();
    expect(real.text).toHaveLength(4);
    expect(real.svg).toMatch(/^<svg/);
  });

  it('asks for a captcha after 3 failures, refuses a wrong one with 428 and accepts the right one', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await t.login('counsellor', { password: 'Wrong-pass1!' });
      expect(r.status).toBe(426);
      expect(r.body.data.captchaRequired).toBe(i >= 2);
    }
    const noCode = await t.login('counsellor');
    expect(noCode.status).toBe(428);
    expect(noCode.body.data.captchaRequired).toBe(true);

    await t.request('GET', '/code?randomStr=captchakey0001', undefined, { unsigned: true });
    const wrongCode = await t.login('counsellor', { query: '&randomStr=captchakey0001&code=zzzz' });
    expect(wrongCode.status).toBe(428);
    // A captcha is single use: after a wrong answer the same key no longer works.
    const reused = await t.login('counsellor', { query: `&randomStr=captchakey0001&code=${TEST_CAPTCHA}` });
    expect(reused.status).toBe(428);

    await t.request('GET', '/code?randomStr=captchakey0002', undefined, { unsigned: true });
    const ok = await t.login('counsellor', {
      query: `&randomStr=captchakey0002&code=${TEST_CAPTCHA.toUpperCase()}`,
    });
    expect(ok.status, ok.raw).toBe(200);
  });

  it('locks an account name after 5 failures with 429, even for the right password, then lets it in', async () => {
    const key = (n: number) => `lockkey${String(n).padStart(6, '0')}`;
    for (let i = 0; i < 5; i++) {
      await t.request('GET', `/code?randomStr=${key(i)}`, undefined, { unsigned: true });
      const r = await t.login('teacher', {
        password: 'Wrong-pass1!',
        query: `&randomStr=${key(i)}&code=${TEST_CAPTCHA}`,
      });
      expect(r.status).toBe(426);
    }
    const locked = await t.login('teacher');
    expect(locked.status).toBe(429);
    expect(locked.body.data.locked).toBe(true);
    expect(locked.body.data.retryAfter).toBeGreaterThan(0);
    expect(locked.body.data.retryAfter).toBeLessThanOrEqual(60);
    expect(locked.headers['retry-after']).toBeDefined();

    // The lock ends by itself: move its end into the past.
    await system().execute(
      sql`update login_attempt set locked_until = now() - interval '1 second' where username = 'teacher'`,
    );
    await t.request('GET', `/code?randomStr=${key(9)}`, undefined, { unsigned: true });
    const after = await t.login('teacher', { query: `&randomStr=${key(9)}&code=${TEST_CAPTCHA}` });
    expect(after.status, after.raw).toBe(200);
  });

  it('doubles lock lengths from 1 minute and never exceeds 15 minutes', () => {
    expect(lockDurationMs(0)).toBe(60_000);
    expect(lockDurationMs(1)).toBe(120_000);
    expect(lockDurationMs(3)).toBe(480_000);
    expect(lockDurationMs(10)).toBe(LOCK_MAX_MS);
    expect(lockDurationMs(1000)).toBe(15 * 60_000);
  });

  it('locks unknown account names the same way, so lockout does not reveal who exists', async () => {
    for (let i = 0; i < 5; i++) {
      await t.request('GET', `/code?randomStr=ghostkey000${i}`, undefined, { unsigned: true });
      await t.login('ghost', {
        password: 'Wrong-pass1!',
        query: `&randomStr=ghostkey000${i}&code=${TEST_CAPTCHA}`,
      });
    }
    expect((await t.login('ghost')).status).toBe(429);
  });

  it('limits login attempts per client address with 429 [spec:S0.8.6]', async () => {
    const limited = await createTestContext({ LOGIN_IP_LIMIT_PER_MIN: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.login(`user${i}`, { password: 'Wrong-pass1!' })).status);
      expect(statuses).toEqual([426, 426, 426, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('request signing and replay [spec:S0.7.1]', () => {
  it('refuses an unsigned call', async () => {
    const res = await t.request('GET', '/admin/user/info', undefined, {
      unsigned: true,
      token: await t.tokenFor('admin'),
    });
    expect(res.status).toBe(401);
    expect(res.body.msg).toMatch(/缺少请求签名/);
  });

  it('refuses a replayed request id with 409, which leaves the session alone', async () => {
    const token = await t.tokenFor('admin');
    const first = await t.get('/admin/user/info', { token, requestId: 'replay-test-000000001' });
    expect(first.status).toBe(200);
    const again = await t.get('/admin/user/info', {
      token,
      requestId: 'replay-test-000000001',
      headers: { 'accept-language': 'en-US' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 409, data: { replayed: true } });
    expect(again.body.msg).toMatch(/replayed/);
    // The token itself still works: a browser's own resend must not sign the user out.
    expect((await t.get('/admin/user/info', { token })).status).toBe(200);
  });

  it('refuses a stale timestamp', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.get('/admin/user/info', { token, now: Date.now() - 10 * 60_000 });
    expect(res.status).toBe(401);
    expect(res.body.msg).toMatch(/请求签名已过期/);
  });

  it('refuses a signature made with another key or over another body', async () => {
    const token = await t.tokenFor('admin');
    const other = await t.tokenFor('counsellor');
    // Signed with the counsellor's token but sent with the admin's.
    const { signRequest } = await import('@psy/contracts');
    const headers = await signRequest({
      method: 'GET',
      pathWithQuery: '/admin/user/info',
      accessToken: other,
    });
    const res = await t.get('/admin/user/info', { token, unsigned: true, headers });
    expect(res.status).toBe(401);
    expect(res.body.msg).toMatch(/请求签名无效/);

    const bodyHeaders = await signRequest({
      method: 'POST',
      pathWithQuery: '/auth/token/logout',
      body: '{"a":1}',
      accessToken: token,
    });
    const tampered = await t.request(
      'POST',
      '/auth/token/logout',
      { a: 2 },
      { token, unsigned: true, headers: bodyHeaders },
    );
    expect(tampered.status).toBe(401);
  });
});

describe('tokens [spec:S0.4.14] [spec:S0.7.4]', () => {
  beforeEach(clearAttempts);

  it('ping reports the seconds left on the token', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.get('/auth/token/ping', { token });
    expect(res.body.data.active).toBe(true);
    expect(res.body.data.expiresIn).toBeGreaterThan(7000);
  });

  it('logout revokes the token', async () => {
    const token = await t.tokenFor('admin');
    expect((await t.post('/auth/token/logout', undefined, { token })).status).toBe(200);
    const after = await t.get('/admin/user/info', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it('revoking all tokens of a user (password change) signs out every session', async () => {
    const a = await t.tokenFor('counsellor');
    const b = await t.tokenFor('counsellor');
    const n = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      revokeUserTokens(scope, t.alpha.userIds.counsellor!, 'password_changed'),
    );
    expect(n).toBeGreaterThanOrEqual(2);
    expect((await t.get('/admin/user/info', { token: a })).status).toBe(401);
    expect((await t.get('/admin/user/info', { token: b })).status).toBe(401);
  });

  it('refresh rotates the pair; the old refresh token then fails and its reuse revokes the new pair', async () => {
    const login = (await t.login('student')).body.data;
    const r1 = await refreshWith(login.refresh_token);
    expect(r1.status, r1.raw).toBe(200);
    expect(r1.body.data.access_token).not.toBe(login.access_token);
    expect((await t.get('/admin/user/info', { token: r1.body.data.access_token })).status).toBe(200);

    const reuse = await refreshWith(login.refresh_token);
    expect(reuse.status).toBe(401);
    expect((await t.get('/admin/user/info', { token: r1.body.data.access_token })).status).toBe(401);
  });

  it('a request sent with the old access token just before a refresh still passes, for a short grace only [spec:S0.4.14]', async () => {
    const login = (await t.login('student')).body.data;
    const r1 = await refreshWith(login.refresh_token);
    expect(r1.status, r1.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token: login.access_token })).status).toBe(200);
    await system().execute(
      sql`update auth_token set revoked_at = now() - make_interval(secs => ${ROTATION_GRACE_SECONDS + 1})
          where revoke_reason = 'rotated'`,
    );
    expect((await t.get('/admin/user/info', { token: login.access_token })).status).toBe(401);
    expect((await t.get('/admin/user/info', { token: r1.body.data.access_token })).status).toBe(200);
  });

  it("revoking all of a user's tokens also ends the grace of a just-rotated one [spec:S0.4.3]", async () => {
    const login = (await t.login('student')).body.data;
    const r1 = await refreshWith(login.refresh_token);
    expect(r1.status, r1.raw).toBe(200);
    await t.database.withTenant(t.alpha.tenantId, (scope) =>
      revokeUserTokens(scope, t.alpha.userIds.student!, 'password_changed'),
    );
    expect((await t.get('/admin/user/info', { token: login.access_token })).status).toBe(401);
    expect((await t.get('/admin/user/info', { token: r1.body.data.access_token })).status).toBe(401);
  });

  it('logging out with the old token of a just-rotated pair ends its grace', async () => {
    const login = (await t.login('student')).body.data;
    const r1 = await refreshWith(login.refresh_token);
    expect(r1.status, r1.raw).toBe(200);
    const out = await t.post('/auth/token/logout', undefined, { token: login.access_token });
    expect(out.status, out.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token: login.access_token })).status).toBe(401);
  });

  it('an expired access token is refused', async () => {
    const token = await t.tokenFor('student');
    await system().execute(sql`update auth_token set access_expires_at = now() - interval '1 second'`);
    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
  });

  it('a token of one school cannot be used with another school id', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.get('/admin/user/info', { token, tenantId: t.beta.tenantId });
    expect(res.status).toBe(401);
  });
});

describe('SMS login [spec:S0.7.4] [spec:S0.7.5]', () => {
  beforeEach(async () => {
    await clearAttempts();
    await system().execute(sql`delete from sms_code`);
  });

  const latestCode = async (phone: string) => {
    const res = await t.get(`/biz/dev/sms/outbox?phone=${phone}`, { tenantId: null });
    const text: string = res.body.data[0]?.text ?? '';
    return /(\d{6})/.exec(text)?.[1];
  };

  it('sends a code through the SMS adapter and logs in with it once', async () => {
    const send = await t.get('/biz/message/inner/sms/sendSmsCode?phone=13900000001');
    expect(send.status, send.raw).toBe(200);
    const code = await latestCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (await t.get(`/biz/message/inner/sms/validSmsCode?phone=13900000001&code=${code}`)).body.data,
    ).toBe(true);
    const login = await t.post(`/auth/mobile/token/sms?mobile=SMS@13900000001&code=${code}`);
    expect(login.status, login.raw).toBe(200);
    expect(login.body.data.user_info.username).toBe('student');
    const again = await t.post(`/auth/mobile/token/sms?mobile=SMS@13900000001&code=${code}`);
    expect(again.status).toBe(428);
  });

  it('refuses a wrong code and a second send within a minute', async () => {
    await t.get('/biz/message/inner/sms/sendSmsCode?phone=13800000002');
    const wrong = await t.post('/auth/mobile/token/sms?mobile=SMS@13800000002&code=000000');
    expect([428]).toContain(wrong.status);
    const resend = await t.get('/biz/message/inner/sms/sendSmsCode?phone=13800000002');
    expect(resend.status).toBe(429);
  });

  it('answers the same for an unregistered phone but sends nothing', async () => {
    const send = await t.get('/biz/message/inner/sms/sendSmsCode?phone=13712345678');
    expect(send.status).toBe(200);
    expect(await latestCode('13712345678')).toBeUndefined();
  });

  it('names the bad field [spec:S0.5.3]', async () => {
    const res = await t.get('/biz/message/inner/sms/sendSmsCode?phone=12345', {
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('phone: contact format incorrect');
    expect(res.body.data.fields[0].field).toBe('phone');
  });
});

describe('planner statistics', () => {
  it('the hourly job refreshes them on PGlite, which has no autovacuum; on PostgreSQL it leaves them to autovacuum', async () => {
    const withWorker = await createTestContext({ JOB_WORKERS: '1' });
    try {
      const { database, jobs } = withWorker.app;
      await database.system.db.execute(sql`
        insert into rate_limit (key, window_start, count)
        select 'statistics-' || n, now(), 1 from generate_series(1, 40) as n`);
      const id = (await jobs.enqueue(database.system, STATISTICS_QUEUE, {}))!;
      const done = await vi.waitFor(
        async () => {
          const job = await jobs.getJob(id);
          expect(job?.state).toBe('done');
          return job!;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(done.result).toEqual({ analyzed: database.kind === 'pglite' });
      if (database.kind === 'pglite') {
        const { estimated, counted } = await plannerRows(database, 'rate_limit');
        expect(estimated).toBe(counted);
      }
    } finally {
      await withWorker.close();
    }
  });
});
