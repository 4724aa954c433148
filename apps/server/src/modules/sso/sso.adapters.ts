import { XMLParser } from 'fast-xml-parser';
import * as oidc from 'openid-client';
import type { SsoProviderKind } from '@psy/contracts';

/** A provider as the adapters need it: settings and the opened secret. */
export interface ProviderSettings {
  kind: SsoProviderKind;
  code: string;
  config: Record<string, unknown>;
  secret: string | null;
}

/** What a flow keeps between the start call and the provider's return. */
export interface FlowSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Our return address (the flow's allowed redirect URI). */
  redirectUri: string;
}

/** The provider's proof on return: an authorization code or a CAS ticket, with what came along. */
export interface Proof {
  code?: string;
  ticket?: string;
  /** RFC 9207 `iss` of an OpenID Connect authorization response, when the provider sends it. */
  iss?: string;
}

/** The verified identity: the provider's subject and its other claims (strings only). */
export interface VerifiedIdentity {
  subject: string;
  claims: Record<string, string>;
}

/** The provider refused the proof (bad ticket, code, nonce): the client's sign-on failed, not the server. */
export class ProofRefused extends Error {}
/** The provider could not be reached or answered nonsense. */
export class ProviderUnavailable extends Error {}

/** One interface for every kind of provider (docs/sso.md "One adapter interface"). */
/** How the start call was made: `inApp` when the page runs inside DingTalk's or WeCom's own browser. */
export interface AuthorizeOptions {
  inApp?: boolean;
}

export interface SsoAdapter {
  authorizeUrl(p: ProviderSettings, flow: FlowSecrets, options?: AuthorizeOptions): Promise<string>;
  complete(p: ProviderSettings, flow: FlowSecrets, proof: Proof): Promise<VerifiedIdentity>;
  logoutUrl(p: ProviderSettings, returnTo: string): Promise<string | null>;
  test(p: ProviderSettings): Promise<{ ok: boolean; message: string }>;
}

export interface AdapterOptions {
  timeoutMs: number;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const trimSlash = (u: string) => u.replace(/\/+$/, '');
const withQuery = (base: string, params: Record<string, string>) => {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};

/** Claims as strings (numbers and booleans written out; objects and lists left out). */
function stringClaims(source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
  }
  return out;
}

async function fetchJson(
  url: string,
  init: RequestInit,
  opts: AdapterOptions,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(opts.timeoutMs) });
  } catch (err) {
    throw new ProviderUnavailable(`${new URL(url).host} did not answer (${(err as Error).message})`);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    throw new ProviderUnavailable(`${new URL(url).host} answered ${res.status} without JSON`);
  }
}

/* ---------------------------------------------------------------- CAS ---------------------------------- */

/**
 * The CAS service of a flow: our return address with the state in it, so that a ticket is validated only
 * for the very service it was issued to (CAS protocol 3.0 spec, section 2.5).
 */
export const casServiceUrl = (flow: Pick<FlowSecrets, 'redirectUri' | 'state'>) =>
  withQuery(flow.redirectUri, { state: flow.state });

const xml = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, parseTagValue: false });

/** Reads a CAS `serviceResponse` (protocol 2.0 or 3.0): the user and attributes, or the failure. */
export function parseCasResponse(
  body: string,
):
  | { ok: true; user: string; attributes: Record<string, string> }
  | { ok: false; code: string; message: string } {
  let doc: Record<string, unknown>;
  try {
    doc = xml.parse(body) as Record<string, unknown>;
  } catch {
    return { ok: false, code: 'INVALID_RESPONSE', message: 'not XML' };
  }
  const response = doc.serviceResponse as Record<string, unknown> | undefined;
  const success = response?.authenticationSuccess as Record<string, unknown> | undefined;
  if (success && typeof success.user === 'string' && success.user.trim()) {
    const attrs = (success.attributes ?? {}) as Record<string, unknown>;
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(attrs)) {
      const first = Array.isArray(v) ? v[0] : v;
      if (typeof first === 'string') attributes[k] = first.trim();
    }
    return { ok: true, user: success.user.trim(), attributes };
  }
  const failure = response?.authenticationFailure;
  if (failure !== undefined) {
    const f = (typeof failure === 'object' ? failure : { '#text': failure }) as Record<string, unknown>;
    return { ok: false, code: str(f['@_code']) || 'UNKNOWN', message: str(f['#text']).trim() };
  }
  return { ok: false, code: 'INVALID_RESPONSE', message: 'no serviceResponse' };
}

export const casAdapter = (opts: AdapterOptions): SsoAdapter => {
  const base = (p: ProviderSettings) => trimSlash(str(p.config.serverUrl));
  const validatePath = (p: ProviderSettings) =>
    p.config.version === '3.0' ? '/p3/serviceValidate' : '/serviceValidate';
  const validate = async (p: ProviderSettings, service: string, ticket: string) => {
    const url = withQuery(`${base(p)}${validatePath(p)}`, { service, ticket });
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (err) {
      throw new ProviderUnavailable(`the CAS server did not answer (${(err as Error).message})`);
    }
    if (!res.ok) throw new ProviderUnavailable(`the CAS server answered ${res.status}`);
    return parseCasResponse(await res.text());
  };
  return {
    authorizeUrl: async (p, flow) => withQuery(`${base(p)}/login`, { service: casServiceUrl(flow) }),
    complete: async (p, flow, proof) => {
      if (!proof.ticket) throw new ProofRefused('no ticket');
      const result = await validate(p, casServiceUrl(flow), proof.ticket);
      if (!result.ok) throw new ProofRefused(`CAS ${result.code}: ${result.message}`);
      return { subject: result.user, claims: { ...result.attributes, user: result.user } };
    },
    logoutUrl: async (p, returnTo) =>
      withQuery(str(p.config.logoutUrl) || `${base(p)}/logout`, { service: returnTo }),
    // A made-up ticket must be refused in the protocol's words: that proves the validation endpoint speaks CAS.
    test: async (p) => {
      try {
        const result = await validate(p, 'https://connection-test.invalid/', 'ST-connection-test');
        if (!result.ok && result.code !== 'INVALID_RESPONSE') {
          return { ok: true, message: `CAS ${String(p.config.version)} answered (${result.code})` };
        }
        return { ok: false, message: 'the CAS server did not answer with a CAS serviceResponse' };
      } catch (err) {
        return { ok: false, message: (err as Error).message };
      }
    },
  };
};

/* ---------------------------------------------------------------- OpenID Connect ----------------------- */

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export const oidcAdapter = (opts: AdapterOptions): SsoAdapter => {
  // Discovery per issuer, client and secret, kept for 10 minutes (a cache, not state: any process rebuilds it).
  const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
  const configOf = (p: ProviderSettings): Promise<oidc.Configuration> => {
    const issuer = str(p.config.issuer);
    const clientId = str(p.config.clientId);
    const key = JSON.stringify([issuer, clientId, p.secret]);
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < 600_000) return hit.config;
    const url = new URL(issuer);
    const config = oidc
      .discovery(
        url,
        clientId,
        undefined,
        p.secret ? oidc.ClientSecretBasic(p.secret) : oidc.None(),
        // Plain http only for a provider on this machine (development, tests); elsewhere https.
        {
          timeout: Math.ceil(opts.timeoutMs / 1000),
          ...(isLoopback(url) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      )
      .catch((err: unknown) => {
        cache.delete(key);
        throw new ProviderUnavailable(`OpenID Connect discovery failed: ${(err as Error).message}`);
      });
    cache.set(key, { at: Date.now(), config });
    return config;
  };
  return {
    authorizeUrl: async (p, flow) => {
      const config = await configOf(p);
      const scopes = new Set(['openid', ...str(p.config.scopes).split(/\s+/).filter(Boolean)]);
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: flow.redirectUri,
          scope: [...scopes].join(' '),
          code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
          code_challenge_method: 'S256',
          state: flow.state,
          nonce: flow.nonce,
        })
        .toString();
    },
    complete: async (p, flow, proof) => {
      if (!proof.code) throw new ProofRefused('no code');
      const config = await configOf(p);
      const callback = new URL(flow.redirectUri);
      callback.searchParams.set('code', proof.code);
      callback.searchParams.set('state', flow.state);
      if (proof.iss) callback.searchParams.set('iss', proof.iss);
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        if (err instanceof TypeError && /fetch|timeout|abort/i.test(err.message)) {
          throw new ProviderUnavailable(`the OpenID provider did not answer (${err.message})`);
        }
        throw new ProofRefused(`OpenID Connect: ${(err as Error).message}`);
      }
      const claims = tokens.claims();
      if (!claims) throw new ProofRefused('OpenID Connect: no ID token');
      return { subject: claims.sub, claims: stringClaims(claims) };
    },
    logoutUrl: async (p, returnTo) => {
      const config = await configOf(p).catch(() => null);
      if (!config?.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(config, { post_logout_redirect_uri: returnTo, client_id: str(p.config.clientId) })
        .toString();
    },
    test: async (p) => {
      cache.clear();
      try {
        const config = await configOf(p);
        const meta = config.serverMetadata();
        return {
          ok: true,
          message: `issuer ${meta.issuer}, authorization at ${meta.authorization_endpoint}`,
        };
      } catch (err) {
        return { ok: false, message: (err as Error).message };
      }
    },
  };
};

/* ---------------------------------------------------------------- DingTalk ----------------------------- */

/** DingTalk's OAuth 2.0 login of the new open platform (open.dingtalk.com: "Obtain user personal information"). */
export const dingTalkAdapter = (opts: AdapterOptions): SsoAdapter => {
  const api = (p: ProviderSettings) => trimSlash(str(p.config.apiBase) || 'https://api.dingtalk.com');
  const login = (p: ProviderSettings) => trimSlash(str(p.config.oauthBase) || 'https://login.dingtalk.com');
  const failure = (body: Record<string, unknown>) => `${str(body.code)} ${str(body.message)}`.trim();
  return {
    authorizeUrl: async (p, flow) =>
      withQuery(`${login(p)}/oauth2/auth`, {
        redirect_uri: flow.redirectUri,
        response_type: 'code',
        client_id: str(p.config.clientId),
        scope: 'openid',
        state: flow.state,
        prompt: 'consent',
      }),
    complete: async (p, _flow, proof) => {
      if (!proof.code) throw new ProofRefused('no authCode');
      const token = await fetchJson(
        `${api(p)}/v1.0/oauth2/userAccessToken`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: str(p.config.clientId),
            clientSecret: p.secret ?? '',
            code: proof.code,
            grantType: 'authorization_code',
          }),
        },
        opts,
      );
      const accessToken = str(token.body.accessToken);
      if (token.status !== 200 || !accessToken) throw new ProofRefused(`DingTalk: ${failure(token.body)}`);
      const me = await fetchJson(
        `${api(p)}/v1.0/contact/users/me`,
        { headers: { 'x-acs-dingtalk-access-token': accessToken } },
        opts,
      );
      const unionId = str(me.body.unionId);
      if (me.status !== 200 || !unionId) throw new ProofRefused(`DingTalk: ${failure(me.body)}`);
      return { subject: unionId, claims: stringClaims(me.body) };
    },
    logoutUrl: async () => null,
    test: async (p) => {
      try {
        const res = await fetchJson(
          `${api(p)}/v1.0/oauth2/accessToken`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ appKey: str(p.config.clientId), appSecret: p.secret ?? '' }),
          },
          opts,
        );
        return res.status === 200 && str(res.body.accessToken)
          ? { ok: true, message: 'DingTalk accepted the AppKey and AppSecret' }
          : { ok: false, message: `DingTalk refused: ${failure(res.body)}` };
      } catch (err) {
        return { ok: false, message: (err as Error).message };
      }
    },
  };
};

/* ---------------------------------------------------------------- WeCom -------------------------------- */

/**
 * WeCom (WeChat Work) login of a corp app (developer.work.weixin.qq.com: "Web login", "Construct the
 * OAuth2 link", "getuserinfo"): the QR web login outside WeCom, the silent OAuth inside its browser; both
 * answer a code that `/cgi-bin/auth/getuserinfo` turns into the member.
 */
export const weComAdapter = (opts: AdapterOptions): SsoAdapter => {
  const api = (p: ProviderSettings) => trimSlash(str(p.config.apiBase) || 'https://qyapi.weixin.qq.com');
  const login = (p: ProviderSettings) =>
    trimSlash(str(p.config.oauthBase) || 'https://login.work.weixin.qq.com');
  const failure = (body: Record<string, unknown>) => `${String(body.errcode)} ${str(body.errmsg)}`;
  const corpToken = async (p: ProviderSettings) => {
    const res = await fetchJson(
      withQuery(`${api(p)}/cgi-bin/gettoken`, { corpid: str(p.config.corpId), corpsecret: p.secret ?? '' }),
      {},
      opts,
    );
    return { token: res.body.errcode === 0 ? str(res.body.access_token) : '', body: res.body };
  };
  const inApp = (p: ProviderSettings) => trimSlash(str(p.config.inAppBase) || 'https://open.weixin.qq.com');
  return {
    // Inside WeCom's browser the member is known already: the silent OAuth of `snsapi_base` answers a code
    // without a page. Its parameters go in the documented order, `#wechat_redirect` last.
    authorizeUrl: async (p, flow, options) =>
      options?.inApp
        ? `${inApp(p)}/connect/oauth2/authorize?${[
            ['appid', str(p.config.corpId)],
            ['redirect_uri', flow.redirectUri],
            ['response_type', 'code'],
            ['scope', 'snsapi_base'],
            ['state', flow.state],
            ['agentid', str(p.config.agentId)],
          ]
            .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
            .join('&')}#wechat_redirect`
        : withQuery(`${login(p)}/wwlogin/sso/login`, {
            login_type: 'CorpApp',
            appid: str(p.config.corpId),
            agentid: str(p.config.agentId),
            redirect_uri: flow.redirectUri,
            state: flow.state,
          }),
    complete: async (p, _flow, proof) => {
      if (!proof.code) throw new ProofRefused('no code');
      const corp = await corpToken(p);
      if (!corp.token) throw new ProviderUnavailable(`WeCom refused the corp secret: ${failure(corp.body)}`);
      const info = await fetchJson(
        withQuery(`${api(p)}/cgi-bin/auth/getuserinfo`, { access_token: corp.token, code: proof.code }),
        {},
        opts,
      );
      // A non-member answers `openid` instead of `userid`: only the corp's members sign in.
      const userid = str(info.body.userid);
      if (info.body.errcode !== 0 || !userid) throw new ProofRefused(`WeCom: ${failure(info.body)}`);
      return { subject: userid, claims: stringClaims(info.body) };
    },
    logoutUrl: async () => null,
    test: async (p) => {
      try {
        const corp = await corpToken(p);
        return corp.token
          ? { ok: true, message: 'WeCom accepted the corp ID and secret' }
          : { ok: false, message: `WeCom refused: ${failure(corp.body)}` };
      } catch (err) {
        return { ok: false, message: (err as Error).message };
      }
    },
  };
};

/** The adapter of each kind. */
export const createAdapters = (opts: AdapterOptions): Record<SsoProviderKind, SsoAdapter> => ({
  cas: casAdapter(opts),
  oidc: oidcAdapter(opts),
  dingtalk: dingTalkAdapter(opts),
  wecom: weComAdapter(opts),
});
