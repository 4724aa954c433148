import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * Identity providers on this machine for tests and journeys, each speaking its published protocol: an
 * OpenID provider (the certified `oidc-provider` library), a CAS server (CAS protocol 3.0 spec: login,
 * service tickets single-use and bound to their service, `serviceValidate` and `p3/serviceValidate` XML),
 * and DingTalk's and WeCom's OAuth endpoints as their API documents answer. "Who is signed in at the
 * provider" is set with `signIn(...)`: the provider then completes the next login as that user.
 */

export interface LocalProvider {
  url: string;
  close(): Promise<void>;
}

async function listen(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function redirect(res: ServerResponse, to: string) {
  res.writeHead(302, { location: to });
  res.end();
}

const withParams = (base: string, params: Record<string, string>) => {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

/* ---------------------------------------------------------------- CAS ---------------------------------- */

export interface CasServer extends LocalProvider {
  /** Base URL of the CAS server (`.../cas`). */
  casUrl: string;
  signIn(user: string, attributes?: Record<string, string>): void;
  /** Every validation request seen: service and ticket. */
  validations: { service: string; ticket: string }[];
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export async function startCasServer(port = 0): Promise<CasServer> {
  let current: { user: string; attributes: Record<string, string> } | null = null;
  const tickets = new Map<string, { service: string; user: string; attributes: Record<string, string> }>();
  const validations: CasServer['validations'] = [];
  const failure = (code: string, message: string) =>
    `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationFailure code="${code}">${xmlEscape(message)}</cas:authenticationFailure>\n</cas:serviceResponse>\n`;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    if (url.pathname === '/cas/login') {
      const service = q.get('service');
      if (!service) return send(res, 200, '<html><body>CAS login</body></html>', 'text/html');
      if (!current) return send(res, 401, 'nobody is signed in at the test CAS server', 'text/plain');
      const ticket = `ST-${randomBytes(16).toString('hex')}`;
      tickets.set(ticket, { service, ...current });
      return redirect(res, withParams(service, { ticket }));
    }
    if (url.pathname === '/cas/logout') {
      current = null;
      const service = q.get('service');
      return service ? redirect(res, service) : send(res, 200, 'logged out', 'text/plain');
    }
    if (url.pathname === '/cas/serviceValidate' || url.pathname === '/cas/p3/serviceValidate') {
      const service = q.get('service');
      const ticket = q.get('ticket');
      res.setHeader('content-type', 'application/xml; charset=utf-8');
      if (!service || !ticket) return res.end(failure('INVALID_REQUEST', 'service and ticket are required'));
      validations.push({ service, ticket });
      const issued = tickets.get(ticket);
      // Spec 3.0, 3.1.1: a service ticket is valid for one validation attempt, successful or not.
      tickets.delete(ticket);
      if (!issued) return res.end(failure('INVALID_TICKET', `Ticket ${ticket} not recognized`));
      if (issued.service !== service) {
        return res.end(failure('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`));
      }
      const p3 = url.pathname.startsWith('/cas/p3/');
      const attributes = p3
        ? `\n    <cas:attributes>\n${Object.entries(issued.attributes)
            .map(([k, v]) => `      <cas:${k}>${xmlEscape(v)}</cas:${k}>`)
            .join('\n')}\n    </cas:attributes>`
        : '';
      return res.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">\n  <cas:authenticationSuccess>\n    <cas:user>${xmlEscape(issued.user)}</cas:user>${attributes}\n  </cas:authenticationSuccess>\n</cas:serviceResponse>\n`,
      );
    }
    send(res, 404, 'not found', 'text/plain');
  });
  const url = await listen(server, port);
  return {
    url,
    casUrl: `${url}/cas`,
    validations,
    signIn: (user, attributes = {}) => {
      current = { user, attributes };
    },
    close: () => closeServer(server),
  };
}

/* ---------------------------------------------------------------- OpenID Connect ----------------------- */

export interface OidcServer extends LocalProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signIn(sub: string, claims?: Record<string, string>): void;
}

export async function startOidcProvider(opts: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  port?: number;
}): Promise<OidcServer> {
  const clientId = 'psy-platform';
  const clientSecret = randomBytes(16).toString('hex');
  let current: { sub: string; claims: Record<string, string> } | null = null;
  const accounts = new Map<string, Record<string, string>>();
  const server = createServer();
  const issuer = await listen(server, opts.port ?? 0);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'employee_number'] },
    // The ID token carries the scope's claims, so the linking claim is there without a userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, ...(accounts.get(id) ?? {}) }),
    }),
  });
  const callback = provider.callback();
  // The "user at the provider": the interaction signs in whoever signIn named, and consents for them.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (details.prompt.name === 'login') {
          if (!current) return send(res, 401, 'nobody is signed in at the test provider', 'text/plain');
          await provider.interactionFinished(req, res, { login: { accountId: current.sub } });
          return;
        }
        const grant = new provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } });
      } catch (err) {
        send(res, 500, String(err), 'text/plain');
      }
    })();
  });
  return {
    url: issuer,
    issuer,
    clientId,
    clientSecret,
    signIn: (sub, claims = {}) => {
      current = { sub, claims };
      accounts.set(sub, claims);
    },
    close: () => closeServer(server),
  };
}

/* ---------------------------------------------------------------- DingTalk ----------------------------- */

export interface DingTalkServer extends LocalProvider {
  clientId: string;
  clientSecret: string;
  /** The organisation whose DingTalk the in-app sign-on runs in. */
  corpId: string;
  signIn(user: { unionId: string; openId?: string; nick?: string; mobile?: string }): void;
  /**
   * What DingTalk's JSAPI `requestAuthCode({ corpId, clientId })` answers inside the app: an OAuth code
   * of the signed-in user for that app, or null (another organisation, app or nobody signed in).
   */
  requestAuthCode(corpId: string, clientId: string): string | null;
  /** Address of a stand-in for DingTalk's JSAPI script (`dingtalk.open.js`), which exists only inside DingTalk. */
  jsapiUrl: string;
}

/**
 * The stand-in of DingTalk's JSAPI for a browser journey: `dd.requestAuthCode` as documented (callbacks
 * and a promise), asking this server for the code DingTalk's app would hand out.
 */
const dingTalkJsApiStub = (origin: string) => `(() => {
  const ask = (p) => fetch(${JSON.stringify(origin)} + '/test/requestAuthCode?corpId=' +
    encodeURIComponent(p.corpId || '') + '&clientId=' + encodeURIComponent(p.clientId || ''))
    .then((r) => r.json())
    .then((b) => { if (!b.code) throw Object.assign(new Error(b.errorMessage), b); return { code: b.code }; });
  window.dd = {
    env: { platform: 'android' },
    requestAuthCode(p) {
      const answer = ask(p);
      answer.then((r) => p.onSuccess && p.onSuccess(r), (e) => p.onFail && p.onFail(e));
      return answer;
    },
  };
})();
`;

/** DingTalk's login page and `/v1.0/oauth2/*`, `/v1.0/contact/users/me` as documented. */
export async function startDingTalk(port = 0): Promise<DingTalkServer> {
  const clientId = 'dingtest';
  const clientSecret = randomBytes(12).toString('hex');
  const corpId = 'dingtestcorp';
  type DingUser = { unionId: string; openId?: string; nick?: string; mobile?: string };
  let current = null as DingUser | null;
  const codes = new Map<string, DingUser>();
  const accessTokens = new Map<string, DingUser>();
  const requestAuthCode = (askedCorp: string, askedClient: string) => {
    if (!current || askedCorp !== corpId || askedClient !== clientId) return null;
    const authCode = randomBytes(12).toString('hex');
    codes.set(authCode, current);
    return authCode;
  };
  let origin = '';
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/test/dingtalk.open.js') {
        return send(res, 200, dingTalkJsApiStub(origin), 'text/javascript');
      }
      if (url.pathname === '/test/requestAuthCode') {
        res.setHeader('access-control-allow-origin', '*');
        const code = requestAuthCode(
          url.searchParams.get('corpId') ?? '',
          url.searchParams.get('clientId') ?? '',
        );
        return send(
          res,
          200,
          code ? { code } : { errorCode: '3', errorMessage: 'corpId or clientId invalid' },
        );
      }
      if (url.pathname === '/oauth2/auth') {
        if (!current || url.searchParams.get('client_id') !== clientId)
          return send(res, 400, 'bad request', 'text/plain');
        const authCode = randomBytes(12).toString('hex');
        codes.set(authCode, current);
        return redirect(
          res,
          withParams(url.searchParams.get('redirect_uri')!, {
            authCode,
            state: url.searchParams.get('state') ?? '',
          }),
        );
      }
      if (url.pathname === '/v1.0/oauth2/userAccessToken' && req.method === 'POST') {
        const body = JSON.parse(await readBody(req)) as Record<string, string>;
        if (body.clientId !== clientId || body.clientSecret !== clientSecret) {
          return send(res, 400, {
            code: 'invalidClientIdOrSecret',
            message: '无效的clientId或者clientSecret',
          });
        }
        const user = codes.get(body.code ?? '');
        codes.delete(body.code ?? '');
        if (!user || body.grantType !== 'authorization_code') {
          return send(res, 400, { code: 'invalidAuthCode', message: '不合法的临时授权码' });
        }
        const accessToken = randomBytes(12).toString('hex');
        accessTokens.set(accessToken, user);
        return send(res, 200, { accessToken, refreshToken: 'r', expireIn: 7200, corpId: 'ding-corp' });
      }
      if (url.pathname === '/v1.0/contact/users/me') {
        const user = accessTokens.get(String(req.headers['x-acs-dingtalk-access-token'] ?? ''));
        if (!user) return send(res, 401, { code: 'InvalidAuthentication', message: '不合法的access_token' });
        return send(res, 200, {
          nick: user.nick ?? '',
          unionId: user.unionId,
          openId: user.openId ?? `open-${user.unionId}`,
          mobile: user.mobile ?? '',
          stateCode: '86',
        });
      }
      if (url.pathname === '/v1.0/oauth2/accessToken' && req.method === 'POST') {
        const body = JSON.parse(await readBody(req)) as Record<string, string>;
        return body.appKey === clientId && body.appSecret === clientSecret
          ? send(res, 200, { accessToken: 'app-token', expireIn: 7200 })
          : send(res, 400, { code: 'invalidClientIdOrSecret', message: '无效的clientId或者clientSecret' });
      }
      send(res, 404, { code: 'NotFound', message: 'not found' });
    })();
  });
  const url = await listen(server, port);
  origin = url;
  return {
    url,
    clientId,
    clientSecret,
    corpId,
    jsapiUrl: `${url}/test/dingtalk.open.js`,
    requestAuthCode,
    signIn: (user) => {
      current = user;
    },
    close: () => closeServer(server),
  };
}

/* ---------------------------------------------------------------- WeCom -------------------------------- */

export interface WeComServer extends LocalProvider {
  corpId: string;
  agentId: string;
  corpSecret: string;
  /** A corp member (`userid`), or an outsider (`openid` only) when `member` is false. */
  signIn(userid: string, member?: boolean): void;
}

/**
 * WeCom's web login, its silent OAuth inside WeCom's browser (`/connect/oauth2/authorize`, which answers
 * only a browser whose user agent says `wxwork`), and `/cgi-bin/gettoken`, `/cgi-bin/auth/getuserinfo`
 * as documented.
 */
export async function startWeCom(port = 0): Promise<WeComServer> {
  const corpId = 'wwtestcorp';
  const agentId = '1000002';
  const corpSecret = randomBytes(12).toString('hex');
  let current: { userid: string; member: boolean } | null = null;
  const codes = new Map<string, { userid: string; member: boolean }>();
  const tokens = new Set<string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const q = url.searchParams;
    if (url.pathname === '/wwlogin/sso/login') {
      if (!current || q.get('appid') !== corpId) return send(res, 400, 'bad request', 'text/plain');
      const code = randomBytes(12).toString('hex');
      codes.set(code, current);
      return redirect(
        res,
        withParams(q.get('redirect_uri')!, { code, state: q.get('state') ?? '', appid: corpId }),
      );
    }
    if (url.pathname === '/connect/oauth2/authorize') {
      // Outside WeCom's browser the real page says "open this link in WeCom" and goes nowhere.
      if (!/wxwork/i.test(req.headers['user-agent'] ?? '')) {
        return send(res, 200, '<html><body>请在企业微信客户端打开链接</body></html>', 'text/html');
      }
      const valid =
        current &&
        q.get('appid') === corpId &&
        q.get('agentid') === agentId &&
        q.get('response_type') === 'code' &&
        q.get('scope') === 'snsapi_base' &&
        q.get('redirect_uri');
      if (!valid) return send(res, 400, 'bad request', 'text/plain');
      const code = randomBytes(12).toString('hex');
      codes.set(code, current!);
      return redirect(res, withParams(q.get('redirect_uri')!, { code, state: q.get('state') ?? '' }));
    }
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== corpId || q.get('corpsecret') !== corpSecret) {
        return send(res, 200, { errcode: 40001, errmsg: 'invalid credential' });
      }
      const token = randomBytes(12).toString('hex');
      tokens.add(token);
      return send(res, 200, { errcode: 0, errmsg: 'ok', access_token: token, expires_in: 7200 });
    }
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      if (!tokens.has(q.get('access_token') ?? '')) {
        return send(res, 200, { errcode: 40014, errmsg: 'invalid access_token' });
      }
      const user = codes.get(q.get('code') ?? '');
      codes.delete(q.get('code') ?? '');
      if (!user) return send(res, 200, { errcode: 40029, errmsg: 'invalid code' });
      return send(
        res,
        200,
        user.member
          ? { errcode: 0, errmsg: 'ok', userid: user.userid, user_ticket: 'ticket' }
          : { errcode: 0, errmsg: 'ok', openid: `open-${user.userid}`, external_userid: 'ext' },
      );
    }
    send(res, 404, { errcode: 404, errmsg: 'not found' });
  });
  const url = await listen(server, port);
  return {
    url,
    corpId,
    agentId,
    corpSecret,
    signIn: (userid, member = true) => {
      current = { userid, member };
    },
    close: () => closeServer(server),
  };
}

/* ---------------------------------------------------------------- a browser's redirects ---------------- */

/**
 * Follows redirects like a browser (cookies per host) from `start` until an address that begins with
 * `stopAt` (our return address): answers that address with its query.
 */
export async function followUntil(
  start: string,
  stopAt: string,
  headers: Record<string, string> = {},
): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  let url = start;
  for (let i = 0; i < 20; i += 1) {
    if (url.startsWith(stopAt)) return new URL(url);
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { ...headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    jar.set(host, cookies);
    const location = res.headers.get('location');
    if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}
