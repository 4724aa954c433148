import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoLoginTicket } from '@psy/contracts';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  followUntil,
  startDingTalk,
  startWeCom,
  type DingTalkServer,
  type WeComServer,
} from './test-providers';

// DingTalk's and WeCom's in-app sign-on (docs/sso.md "In-app sign-on"), against the local servers that
// answer as their published APIs do: WeCom's silent OAuth address and DingTalk's JSAPI-issued code.
const RETURN = 'http://app.test/authredirect';
const WECOM_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Mobile wxwork/4.1.22 MicroMessenger/7.0.1';

let t: TestContext;
let admin: string;
let ding: DingTalkServer;
let wecom: WeComServer;

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

const saveProvider = (body: Record<string, unknown>) =>
  t.post('/admin/sso/provider/save', { enabled: true, redirectUris: [RETURN], ...body }, { token: admin });

const start = (code: string, body: Record<string, unknown> = {}) =>
  t.post(`/auth/sso/authorize/${code}`, { redirectUri: RETURN, ...body }, { tenantId: t.alpha.tenantId });

const exchange = (ticket: SsoLoginTicket) =>
  t.post(`/auth/sso/login/${ticket.provider}?token=${encodeURIComponent(ticket.token)}`, undefined, {
    tenantId: ticket.tenantId,
  });

const dingConfig = (corpId?: string) => ({
  clientId: ding.clientId,
  apiBase: ding.url,
  oauthBase: ding.url,
  ...(corpId !== undefined ? { corpId } : {}),
});

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  [ding, wecom] = await Promise.all([startDingTalk(), startWeCom()]);
  const saved = await Promise.all([
    saveProvider({
      code: 'ding',
      kind: 'dingtalk',
      name: '钉钉',
      config: dingConfig(ding.corpId),
      secret: ding.clientSecret,
      linkBy: 'username',
    }),
    saveProvider({
      code: 'wecom',
      kind: 'wecom',
      name: '企业微信',
      config: {
        corpId: wecom.corpId,
        agentId: wecom.agentId,
        apiBase: wecom.url,
        oauthBase: wecom.url,
        inAppBase: wecom.url,
      },
      secret: wecom.corpSecret,
      linkBy: 'username',
    }),
  ]);
  for (const res of saved) expect(res.status, res.raw).toBe(200);
});

afterAll(async () => {
  await Promise.all([ding?.close(), wecom?.close()]);
  await t?.close();
});

describe("WeCom's silent OAuth inside its browser [spec:S0.2.4] [spec:S0.2.11]", () => {
  it('answers the snsapi_base address in the documented order, and its code signs the member in', async () => {
    wecom.signIn('counsellor');
    const res = await start('wecom', { inApp: true });
    expect(res.status, res.raw).toBe(200);
    const { url, state } = res.body.data as { url: string; state: string };
    expect(url).toBe(
      `${wecom.url}/connect/oauth2/authorize?appid=${wecom.corpId}&redirect_uri=${encodeURIComponent(RETURN)}` +
        `&response_type=code&scope=snsapi_base&state=${state}&agentid=${wecom.agentId}#wechat_redirect`,
    );
    const back = await followUntil(url, RETURN, { 'user-agent': WECOM_UA });
    expect(back.searchParams.get('state')).toBe(state);
    const done = await t.get(`/auth/wx/login?${query({ state, code: back.searchParams.get('code')! })}`, {
      tenantId: null,
    });
    expect(done.status, done.raw).toBe(200);
    expect((await exchange(done.body.data)).body.data.user_info.username).toBe('counsellor');
  });

  it('keeps the QR web login for any other browser', async () => {
    const res = await start('wecom');
    expect(res.body.data.url).toMatch(new RegExp(`^${wecom.url}/wwlogin/sso/login\\?login_type=CorpApp&`));
    expect(res.body.data.dingTalk).toBeUndefined();
  });
});

describe("DingTalk's JSAPI code inside its browser [spec:S0.2.4]", () => {
  it("answers the JSAPI's settings with the flow; the code requestAuthCode gives completes it once", async () => {
    ding.signIn({ unionId: 'student', nick: 'S' });
    const res = await start('ding', { inApp: true });
    expect(res.status, res.raw).toBe(200);
    const { state, dingTalk } = res.body.data as {
      state: string;
      dingTalk: { corpId: string; clientId: string };
    };
    expect(dingTalk).toEqual({ corpId: ding.corpId, clientId: ding.clientId });
    const code = ding.requestAuthCode(dingTalk.corpId, dingTalk.clientId)!;
    expect(code).toBeTruthy();
    const done = await t.post(`/auth/token/dingTalk/login?${query({ state, code })}`, undefined, {
      tenantId: null,
    });
    expect(done.status, done.raw).toBe(200);
    expect((await exchange(done.body.data)).body.data.user_info.username).toBe('student');
    // The flow was taken: the same state with a fresh code is an unknown sign-on.
    const again = ding.requestAuthCode(dingTalk.corpId, dingTalk.clientId)!;
    const replay = await t.post(`/auth/token/dingTalk/login?${query({ state, code: again })}`, undefined, {
      tenantId: null,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.data.fields[0].field).toBe('state');
  });

  it("refuses a code DingTalk did not issue for the app (another organisation's)", async () => {
    expect(ding.requestAuthCode('dingothercorp', ding.clientId)).toBeNull();
    const { state } = (await start('ding', { inApp: true })).body.data as { state: string };
    const done = await t.post(
      `/auth/token/dingTalk/login?${query({ state, code: 'forged-code' })}`,
      undefined,
      {
        tenantId: null,
      },
    );
    expect(done.status).toBe(400);
    expect(done.body.code).toBe(1);
  });

  it('without a corpId answers only the OAuth address; a malformed corpId is refused naming the field', async () => {
    const [{ id }] = (await t.get('/admin/sso/provider/list', { token: admin })).body.data.filter(
      (p: { code: string }) => p.code === 'ding',
    );
    const body = {
      id,
      code: 'ding',
      kind: 'dingtalk',
      name: '钉钉',
      linkBy: 'username',
    };
    const bad = await saveProvider({ ...body, config: dingConfig('ding corp!') });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('config.corpId');
    expect((await saveProvider({ ...body, config: dingConfig() })).status).toBe(200);
    const res = await start('ding', { inApp: true });
    expect(res.status).toBe(200);
    expect(res.body.data.dingTalk).toBeUndefined();
    expect(res.body.data.url).toMatch(new RegExp(`^${ding.url}/oauth2/auth\\?`));
  });
});
