import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword, idCheckDigit, type SsoLoginTicket } from '@psy/contracts';
import { createTestContext, PASSWORD, type TestContext } from '../../test/harness';
import {
  followUntil,
  startCasServer,
  startDingTalk,
  startOidcProvider,
  startWeCom,
  type CasServer,
  type DingTalkServer,
  type OidcServer,
  type WeComServer,
} from './test-providers';

// Our return address as the web app serves it; the providers send the browser here.
const RETURN = 'http://app.test/authredirect';

let t: TestContext;
let admin: string;
let betaAdmin: string;
let oidcIdp: OidcServer;
let cas: CasServer;
let ding: DingTalkServer;
let wecom: WeComServer;

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const system = () => t.database.system.db;

async function saveProvider(body: Record<string, unknown>, token = admin, tenantId = t.alpha.tenantId) {
  return t.post(
    '/admin/sso/provider/save',
    { enabled: true, redirectUris: [RETURN], ...body },
    { token, tenantId },
  );
}

async function start(code: string, tenantId = t.alpha.tenantId, body: Record<string, unknown> = {}) {
  return t.post(`/auth/sso/authorize/${code}`, { redirectUri: RETURN, ...body }, { tenantId });
}

/** Starts a sign-on and lets the "browser" go through the provider back to our return address. */
async function signOnAtProvider(code: string, tenantId = t.alpha.tenantId) {
  const res = await start(code, tenantId);
  expect(res.status).toBe(200);
  const back = await followUntil(res.body.data.url, RETURN);
  return { state: res.body.data.state as string, back };
}

async function exchange(ticket: SsoLoginTicket, tenantId = ticket.tenantId, code = ticket.provider) {
  return t.post(`/auth/sso/login/${code}?token=${encodeURIComponent(ticket.token)}`, undefined, { tenantId });
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  [oidcIdp, cas, ding, wecom] = await Promise.all([
    startOidcProvider({ redirectUris: [RETURN], postLogoutRedirectUris: ['http://app.test/alpha/login'] }),
    startCasServer(),
    startDingTalk(),
    startWeCom(),
  ]);
  // Staff and student numbers for the number link rule.
  await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
    tx.execute(sql`update sys_user set number_name = 'T2024001' where username = 'teacher'`),
  );
});

afterAll(async () => {
  await Promise.all([oidcIdp?.close(), cas?.close(), ding?.close(), wecom?.close()]);
  await t?.close();
});

describe('provider settings [spec:S0.2.4]', () => {
  it('saves an OpenID provider, seals its secret and never answers it', async () => {
    const res = await saveProvider({
      code: 'uia',
      kind: 'oidc',
      name: '统一身份认证',
      nameEn: 'Unified identity',
      config: { issuer: oidcIdp.issuer, clientId: oidcIdp.clientId, scopes: 'openid profile' },
      secret: oidcIdp.clientSecret,
      linkBy: 'username',
      subjectClaim: 'preferred_username',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'uia', kind: 'oidc', hasSecret: true });
    expect(JSON.stringify(res.body.data)).not.toContain(oidcIdp.clientSecret);
    const list = await t.get('/admin/sso/provider/list', { token: admin });
    expect(JSON.stringify(list.body.data)).not.toContain(oidcIdp.clientSecret);
    const [stored] = rowsOf<{ secret_sealed: string }>(
      await system().execute(sql`select secret_sealed from sso_provider where code = 'uia'`),
    );
    expect(stored!.secret_sealed).toMatch(/^v1\./);
    expect(stored!.secret_sealed).not.toContain(oidcIdp.clientSecret);
  });

  it('keeps the stored secret when a save leaves it out', async () => {
    const [row] = (await t.get('/admin/sso/provider/list', { token: admin })).body.data as { id: number }[];
    const res = await saveProvider({
      id: row!.id,
      code: 'uia',
      kind: 'oidc',
      name: '统一身份认证',
      config: { issuer: oidcIdp.issuer, clientId: oidcIdp.clientId },
      linkBy: 'username',
      subjectClaim: 'preferred_username',
    });
    expect(res.body.data.hasSecret).toBe(true);
  });

  it('saves a CAS 3.0 provider linked by staff number, a CAS 2.0 one, DingTalk and WeCom', async () => {
    const saved = await Promise.all([
      saveProvider({
        code: 'cas',
        kind: 'cas',
        name: 'CAS',
        config: { serverUrl: cas.casUrl, version: '3.0' },
        linkBy: 'numberName',
        subjectClaim: 'employeeNumber',
      }),
      saveProvider({
        code: 'buu',
        kind: 'cas',
        name: 'BUU CAS',
        config: { serverUrl: cas.casUrl, version: '2.0' },
        linkBy: 'username',
      }),
      saveProvider({
        code: 'ding',
        kind: 'dingtalk',
        name: '钉钉',
        config: { clientId: ding.clientId, apiBase: ding.url, oauthBase: ding.url },
        secret: ding.clientSecret,
        linkBy: 'link',
      }),
      saveProvider({
        code: 'wecom',
        kind: 'wecom',
        name: '企业微信',
        config: { corpId: wecom.corpId, agentId: wecom.agentId, apiBase: wecom.url, oauthBase: wecom.url },
        secret: wecom.corpSecret,
        linkBy: 'username',
      }),
    ]);
    for (const res of saved) expect(res.status).toBe(200);
  });

  it('refuses a second provider with the same code, naming the field', async () => {
    const res = await saveProvider({
      code: 'cas',
      kind: 'cas',
      name: 'again',
      config: { serverUrl: cas.casUrl, version: '2.0' },
      linkBy: 'username',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('code');
  });

  it('refuses a provider without a return address and a bad server URL', async () => {
    const res = await t.post(
      '/admin/sso/provider/save',
      {
        code: 'x1',
        kind: 'cas',
        name: 'x',
        config: { serverUrl: 'ftp://x', version: '2.0' },
        linkBy: 'username',
        redirectUris: [],
      },
      { token: admin },
    );
    expect(res.status).toBe(400);
  });

  it('is for administrators only, and another school sees none of them', async () => {
    const student = await t.tokenFor('student');
    expect((await t.get('/admin/sso/provider/list', { token: student })).status).toBe(403);
    expect((await t.get('/admin/sso/provider/list')).status).toBe(401);
    const beta = await t.get('/admin/sso/provider/list', { token: betaAdmin, tenantId: t.beta.tenantId });
    expect(beta.status).toBe(200);
    expect(beta.body.data).toEqual([]);
  });

  it('tests the connection of each kind with the stored settings', async () => {
    const list = (await t.get('/admin/sso/provider/list', { token: admin })).body.data as {
      id: number;
      code: string;
    }[];
    const idOf = (code: string) => list.find((p) => p.code === code)!.id;
    for (const code of ['uia', 'cas', 'ding', 'wecom']) {
      const res = await t.post(`/admin/sso/provider/test/${idOf(code)}`, undefined, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data, code).toMatchObject({ ok: true });
    }
    // A wrong secret is what the test is for.
    await saveProvider({
      id: idOf('ding'),
      code: 'ding',
      kind: 'dingtalk',
      name: '钉钉',
      config: { clientId: ding.clientId, apiBase: ding.url, oauthBase: ding.url },
      secret: 'wrong',
      linkBy: 'link',
    });
    const bad = await t.post(`/admin/sso/provider/test/${idOf('ding')}`, undefined, { token: admin });
    expect(bad.body.data.ok).toBe(false);
    await saveProvider({
      id: idOf('ding'),
      code: 'ding',
      kind: 'dingtalk',
      name: '钉钉',
      config: { clientId: ding.clientId, apiBase: ding.url, oauthBase: ding.url },
      secret: ding.clientSecret,
      linkBy: 'link',
    });
  });

  it("lists the enabled providers as the login page's buttons", async () => {
    const res = await t.get('/auth/sso/providers');
    expect(res.status).toBe(200);
    expect((res.body.data as { code: string }[]).map((b) => b.code).sort()).toEqual(
      ['buu', 'cas', 'ding', 'uia', 'wecom'].sort(),
    );
    expect((await t.get('/auth/sso/providers', { tenantId: t.beta.tenantId })).body.data).toEqual([]);
  });
});

describe('OpenID Connect with PKCE, state and nonce [spec:S0.2.4] [spec:S0.2.11] [spec:S0.7.2]', () => {
  it('signs in through a real OpenID provider and logs the provider', async () => {
    oidcIdp.signIn('oidc-counsellor', { preferred_username: 'counsellor', name: 'C' });
    const res = await start('uia', t.alpha.tenantId, { returnTo: '/consult/index' });
    const authorize = new URL(res.body.data.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBe(res.body.data.state);
    const back = await followUntil(res.body.data.url, RETURN);
    const done = await t.post(`/auth/mobile/token/social?${back.searchParams.toString()}`, undefined, {
      tenantId: null,
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      provider: 'uia',
      kind: 'oidc',
      shortName: 'alpha',
      returnTo: '/consult/index',
    });
    const login = await exchange(done.body.data);
    expect(login.status).toBe(200);
    expect(login.body.data.user_info.username).toBe('counsellor');
    const me = await t.get('/admin/user/info', { token: login.body.data.access_token });
    expect(me.status).toBe(200);
    const log = rowsOf<{ method: string; provider: string; result: string }>(
      await system().execute(
        sql`select method, provider, result from login_log where provider = 'uia' order by id desc limit 1`,
      ),
    );
    expect(log[0]).toEqual({ method: 'sso', provider: 'uia', result: 'success' });
  });

  it('refuses a wrong state and a replayed one', async () => {
    oidcIdp.signIn('oidc-counsellor', { preferred_username: 'counsellor' });
    const { back } = await signOnAtProvider('uia');
    const params = Object.fromEntries(back.searchParams);
    const wrong = await t.post(
      `/auth/mobile/token/social?${query({ ...params, state: 'x'.repeat(43) })}`,
      undefined,
      { tenantId: null },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('state');
    const first = await t.post(`/auth/mobile/token/social?${back.searchParams.toString()}`, undefined, {
      tenantId: null,
    });
    expect(first.status).toBe(200);
    const replay = await t.post(`/auth/mobile/token/social?${back.searchParams.toString()}`, undefined, {
      tenantId: null,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.data.fields[0].field).toBe('state');
  });

  it("refuses a code the provider issued for another flow (the other flow's PKCE and nonce)", async () => {
    oidcIdp.signIn('oidc-counsellor', { preferred_username: 'counsellor' });
    const a = await signOnAtProvider('uia');
    const b = await start('uia');
    const mixed = await t.post(
      `/auth/mobile/token/social?${query({ ...Object.fromEntries(a.back.searchParams), state: b.body.data.state })}`,
      undefined,
      { tenantId: null },
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe(1);
  });

  it('refuses a foreign return address and a return path to another site', async () => {
    const foreign = await start('uia', t.alpha.tenantId, {
      redirectUri: 'https://evil.example/authredirect',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fields[0].field).toBe('redirectUri');
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const res = await start('uia', t.alpha.tenantId, { returnTo });
      expect(res.status, returnTo).toBe(400);
      expect(res.body.data.fields[0].field).toBe('returnTo');
    }
  });

  it('refuses an unknown subject with the "no account bound" answer', async () => {
    oidcIdp.signIn('stranger', { preferred_username: 'nobody-here' });
    const { back } = await signOnAtProvider('uia');
    const res = await t.post(`/auth/mobile/token/social?${back.searchParams.toString()}`, undefined, {
      tenantId: null,
    });
    expect(res.status).toBe(417);
    const log = rowsOf<{ result: string }>(
      await system().execute(
        sql`select result from login_log where provider = 'uia' order by id desc limit 1`,
      ),
    );
    expect(log[0]!.result).toBe('unknown_subject');
  });

  it('answers the provider single logout address', async () => {
    const res = await t.get(
      `/auth/sso/logout/uia?returnTo=${encodeURIComponent('http://app.test/alpha/login')}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.url).toContain(`${oidcIdp.issuer}/session/end`);
  });
});

describe('the login token of /auth/sso/login/{x} [spec:S0.7.2]', () => {
  async function ticket(): Promise<SsoLoginTicket> {
    oidcIdp.signIn('oidc-teacher', { preferred_username: 'teacher' });
    const { back } = await signOnAtProvider('uia');
    const res = await t.post(`/auth/mobile/token/social?${back.searchParams.toString()}`, undefined, {
      tenantId: null,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it('works once', async () => {
    const tk = await ticket();
    expect((await exchange(tk)).status).toBe(200);
    const again = await exchange(tk);
    expect(again.status).toBe(400);
    expect(again.body.data.fields[0].field).toBe('token');
  });

  it('is refused at another school and for another provider code', async () => {
    const tk = await ticket();
    expect((await exchange(tk, t.beta.tenantId)).status).toBe(400);
    const tk2 = await ticket();
    expect((await exchange(tk2, tk2.tenantId, 'cas')).status).toBe(400);
  });

  it('is short-lived', async () => {
    const tk = await ticket();
    await system().execute(sql`update sso_login_token set expires_at = now() - interval '1 second'`);
    expect((await exchange(tk)).status).toBe(400);
  });
});

describe('CAS 2.0 and 3.0 serviceValidate [spec:S0.2.4] [spec:S0.7.2]', () => {
  it('signs in through CAS 3.0 by staff number from an attribute', async () => {
    cas.signIn('t-account-at-cas', { employeeNumber: 'T2024001', displayName: 'Teacher' });
    const { state, back } = await signOnAtProvider('cas');
    expect(back.searchParams.get('state')).toBe(state);
    const ticketValue = back.searchParams.get('ticket')!;
    expect(ticketValue).toMatch(/^ST-/);
    const res = await t.get(`/auth/token/cas/alpha/cas?${query({ state, ticket: ticketValue })}`, {
      tenantId: null,
    });
    expect(res.status).toBe(200);
    const login = await exchange(res.body.data);
    expect(login.body.data.user_info.username).toBe('teacher');
    // Validated for our service with the state in it, at the 3.0 path.
    expect(cas.validations.at(-1)!.service).toBe(`${RETURN}?state=${state}`);
  });

  it('signs in through CAS 2.0 on the buu call, by login account', async () => {
    cas.signIn('student');
    const { state, back } = await signOnAtProvider('buu');
    const res = await t.get(
      `/auth/token/buuCasLogin?${query({ state, ticket: back.searchParams.get('ticket')! })}`,
      {
        tenantId: null,
      },
    );
    expect(res.status).toBe(200);
    expect((await exchange(res.body.data)).body.data.user_info.username).toBe('student');
  });

  it('refuses a replayed ticket', async () => {
    cas.signIn('student');
    const { state, back } = await signOnAtProvider('buu');
    const ticketValue = back.searchParams.get('ticket')!;
    const ok = await t.get(`/auth/token/buuCasLogin?${query({ state, ticket: ticketValue })}`, {
      tenantId: null,
    });
    expect(ok.status).toBe(200);
    // Again with the same state: the flow is gone.
    const replay = await t.get(`/auth/token/buuCasLogin?${query({ state, ticket: ticketValue })}`, {
      tenantId: null,
    });
    expect(replay.status).toBe(400);
    // With a fresh flow: CAS itself refuses the used ticket.
    const fresh = await start('buu');
    const again = await t.get(
      `/auth/token/buuCasLogin?${query({ state: fresh.body.data.state, ticket: ticketValue })}`,
      { tenantId: null },
    );
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(1);
  });

  it("refuses a ticket issued for another flow's service", async () => {
    cas.signIn('student');
    const a = await signOnAtProvider('buu');
    const b = await start('buu');
    const res = await t.get(
      `/auth/token/buuCasLogin?${query({ state: b.body.data.state, ticket: a.back.searchParams.get('ticket')! })}`,
      { tenantId: null },
    );
    expect(res.status).toBe(400);
    const log = rowsOf<{ result: string }>(
      await system().execute(
        sql`select result from login_log where provider = 'buu' order by id desc limit 1`,
      ),
    );
    expect(log[0]!.result).toBe('bad_proof');
  });

  it("refuses another school's provider and a call for another provider", async () => {
    const beta = await saveProvider(
      {
        code: 'cas',
        kind: 'cas',
        name: 'Beta CAS',
        config: { serverUrl: cas.casUrl, version: '3.0' },
        linkBy: 'username',
      },
      betaAdmin,
      t.beta.tenantId,
    );
    expect(beta.status).toBe(200);
    cas.signIn('student');
    const { state, back } = await signOnAtProvider('cas', t.beta.tenantId);
    const ticketValue = back.searchParams.get('ticket')!;
    // Beta's flow through alpha's path.
    const viaAlpha = await t.get(`/auth/token/cas/alpha/cas?${query({ state, ticket: ticketValue })}`, {
      tenantId: null,
    });
    expect(viaAlpha.status).toBe(400);
    expect(viaAlpha.body.data.fields[0].field).toBe('state');
    // An alpha CAS flow on the OpenID call, and a 'buu' flow on the 'cfau' call.
    const onSocial = await signOnAtProvider('buu');
    const social = await t.post(
      `/auth/mobile/token/social?${query({ state: onSocial.state, code: 'x' })}`,
      undefined,
      { tenantId: null },
    );
    expect(social.status).toBe(400);
    const onCfau = await signOnAtProvider('buu');
    const cfau = await t.post(
      `/auth/token/cfauCasLogin?${query({ state: onCfau.state, ticket: onCfau.back.searchParams.get('ticket')! })}`,
      undefined,
      { tenantId: null },
    );
    expect(cfau.status).toBe(400);
    const log = rowsOf<{ result: string }>(
      await system().execute(
        sql`select result from login_log where provider = 'buu' order by id desc limit 1`,
      ),
    );
    expect(log[0]!.result).toBe('wrong_provider');
  });
});

describe('DingTalk and WeCom [spec:S0.2.4]', () => {
  it('signs in through DingTalk by an explicit link', async () => {
    const providers = (await t.get('/admin/sso/provider/list', { token: admin })).body.data as {
      id: number;
      code: string;
    }[];
    const dingId = providers.find((p) => p.code === 'ding')!.id;
    const users = rowsOf<{ id: string }>(
      await system().execute(
        sql`select id from sys_user where tenant_id = ${t.alpha.tenantId} and username = 'student'`,
      ),
    );
    const link = await t.post(
      '/admin/sso/link/save',
      { providerId: dingId, subject: 'union-student', userId: Number(users[0]!.id) },
      { token: admin },
    );
    expect(link.status).toBe(200);
    expect(link.body.data).toMatchObject({ subject: 'union-student', username: 'student' });
    ding.signIn({ unionId: 'union-student', nick: 'S' });
    const { state, back } = await signOnAtProvider('ding');
    const res = await t.post(
      `/auth/token/dingTalk/login?${query({ state, code: back.searchParams.get('authCode')! })}`,
      undefined,
      { tenantId: null },
    );
    expect(res.status).toBe(200);
    expect((await exchange(res.body.data)).body.data.user_info.username).toBe('student');
    // Display names never link: an unlinked DingTalk user whose nick is a user's name is refused.
    ding.signIn({ unionId: 'union-other', nick: 'Alpha Student' });
    const other = await signOnAtProvider('ding');
    const refused = await t.post(
      `/auth/token/dingTalk/login?${query({ state: other.state, code: other.back.searchParams.get('authCode')! })}`,
      undefined,
      { tenantId: null },
    );
    expect(refused.status).toBe(417);
  });

  it('signs in a WeCom member by login account, and refuses a non-member', async () => {
    wecom.signIn('counsellor');
    const { state, back } = await signOnAtProvider('wecom');
    const res = await t.get(`/auth/wx/login?${query({ state, code: back.searchParams.get('code')! })}`, {
      tenantId: null,
    });
    expect(res.status).toBe(200);
    expect((await exchange(res.body.data)).body.data.user_info.username).toBe('counsellor');
    wecom.signIn('counsellor', false);
    const outsider = await signOnAtProvider('wecom');
    const refused = await t.get(
      `/auth/wx/login?${query({ state: outsider.state, code: outsider.back.searchParams.get('code')! })}`,
      { tenantId: null },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1);
  });

  it('refuses a disabled provider', async () => {
    const providers = (await t.get('/admin/sso/provider/list', { token: admin })).body.data as {
      id: number;
      code: string;
    }[];
    const id = providers.find((p) => p.code === 'wecom')!.id;
    await saveProvider({
      id,
      code: 'wecom',
      kind: 'wecom',
      name: '企业微信',
      enabled: false,
      config: { corpId: wecom.corpId, agentId: wecom.agentId, apiBase: wecom.url, oauthBase: wecom.url },
      linkBy: 'username',
    });
    expect((await start('wecom')).status).toBe(400);
  });
});

describe('login by ID card [spec:S0.7.2] [spec:S0.8.7] [spec:S0.5.4]', () => {
  const idNumber = `11010519900307002`;
  const full = idNumber + idCheckDigit(idNumber);

  beforeAll(async () => {
    await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(
        sql`update sys_user set id_type = 1, id_card = ${full.toLowerCase()} where username = 'student'`,
      ),
    );
  });

  async function idLogin(body: Record<string, string>, password = PASSWORD) {
    const key = (await t.get('/auth/publicKey')).body.data;
    return t.post(
      '/auth/token/idCard',
      { ...body, password: await encryptPassword(key, password) },
      { form: true },
    );
  }

  it('signs in with ID type, number and password', async () => {
    const res = await idLogin({ idType: '1', idNumber: full });
    expect(res.status).toBe(200);
    expect(res.body.data.user_info.username).toBe('student');
    const log = rowsOf<{ method: string; username: string }>(
      await system().execute(
        sql`select method, username from login_log where method = 'id_card' order by id desc limit 1`,
      ),
    );
    expect(log[0]).toEqual({ method: 'id_card', username: 'student' });
  });

  it("refuses a number that breaks its type's rule, naming the field", async () => {
    const res = await idLogin({
      idType: '1',
      idNumber: idNumber + (idCheckDigit(idNumber) === '1' ? '2' : '1'),
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('idNumber');
    const passport = await idLogin({ idType: '7', idNumber: 'AB1' });
    expect(passport.status).toBe(400);
  });

  it("answers a wrong password or another type with the server's message, and masks the number in the log", async () => {
    const wrong = await idLogin({ idType: '1', idNumber: full }, 'Wrong-pass1!');
    expect(wrong.status).toBe(426);
    expect(wrong.body.msg).toBeTruthy();
    const otherType = await idLogin({ idType: '5', idNumber: full });
    expect(otherType.status).toBe(400);
    const log = rowsOf<{ username: string }>(
      await system().execute(
        sql`select username from login_log where method = 'id_card' and result = 'bad_credentials'`,
      ),
    );
    expect(log.length).toBeGreaterThan(0);
    for (const row of log) expect(row.username).not.toContain(full);
  });
});
