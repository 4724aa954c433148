import {
  buuCasLoginEndpoint,
  casLoginEndpoint,
  cfauCasLoginEndpoint,
  dingTalkLoginEndpoint,
  socialTokenEndpoint,
  ssoAuthorizeEndpoint,
  ssoLoginEndpoint,
  ssoLogoutEndpoint,
  ssoProvidersEndpoint,
  weComLoginEndpoint,
  type SsoLoginTicket,
  type SsoProviderKind,
  type TokenResponse,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { saveSession } from '../../../shared/session/session-store';
import type { ReturnedProof } from '../lib/sign-on';

/** The school's enabled providers: the login page's buttons. */
export function useSsoButtons(tenantId: number | undefined) {
  return useQuery({
    queryKey: ['sso', 'buttons', tenantId ?? 0],
    queryFn: ({ signal }) => request(ssoProvidersEndpoint, { tenantId, signal, hidePopup: true }),
    enabled: tenantId !== undefined,
    staleTime: 60_000,
  });
}

/**
 * Starts a sign-on: answers the provider's address and the flow's state (inside DingTalk, with a corpId
 * set, the JSAPI's settings too).
 */
export function startSignOn(tenantId: number, code: string, returnTo: string | null, inApp = false) {
  return request(ssoAuthorizeEndpoint, {
    params: { code },
    body: {
      redirectUri: `${window.location.origin}/authredirect`,
      ...(returnTo ? { returnTo } : {}),
      ...(inApp ? { inApp } : {}),
    },
    tenantId,
    hidePopup: true,
  });
}

/** Sends the provider's proof to the completion call of its kind; answers the single-use login token. */
export function completeSignOn(
  target: { kind: SsoProviderKind; shortName?: string; provider?: string },
  proof: ReturnedProof,
): Promise<SsoLoginTicket> {
  const { state } = proof;
  const opts = { hidePopup: true } as const;
  if (target.kind === 'cas') {
    const ticket = proof.ticket ?? '';
    if (target.provider === 'cfau')
      return request(cfauCasLoginEndpoint, { query: { state, ticket }, ...opts });
    if (target.provider === 'buu') return request(buuCasLoginEndpoint, { query: { state, ticket }, ...opts });
    return request(casLoginEndpoint, {
      params: { a: target.shortName ?? '', b: target.provider ?? '' },
      query: { state, ticket },
      ...opts,
    });
  }
  const query = { state, code: proof.code ?? '', ...(proof.iss ? { iss: proof.iss } : {}) };
  if (target.kind === 'dingtalk') return request(dingTalkLoginEndpoint, { query, ...opts });
  if (target.kind === 'wecom') return request(weComLoginEndpoint, { query, ...opts });
  return request(socialTokenEndpoint, { query, ...opts });
}

/** Exchanges the login token for the session and keeps it. */
export async function exchangeLoginToken(ticket: SsoLoginTicket): Promise<TokenResponse> {
  const token = await request(ssoLoginEndpoint, {
    params: { x: ticket.provider },
    query: { token: ticket.token },
    tenantId: ticket.tenantId,
    hidePopup: true,
  });
  saveSession(token, ticket.shortName);
  return token;
}

/** The provider's single logout address, or null. */
export async function ssoLogoutUrl(tenantId: number, code: string, returnTo: string): Promise<string | null> {
  const res = await request(ssoLogoutEndpoint, {
    params: { x: code },
    query: { returnTo },
    tenantId,
    hidePopup: true,
  });
  return res.url;
}
