import {
  captchaEndpoint,
  HEADER,
  pageSetupByTenantEndpoint,
  PUBLIC_SIGNING_KEY,
  computeSignature,
  sha256Hex,
  tokenEndpoint,
  tokenSigningKey,
  userInfoEndpoint,
} from '@psy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@psy/contracts';
import { MemoryStorage } from '../../test/memory-storage';
import { ApiError, buildQueryString, endpointUrl, fillPathParams, isConflict, request } from './request';

function envelopeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

describe('request paths [spec:S0.7.1]', () => {
  it('fills path parameters and refuses missing ones', () => {
    expect(fillPathParams('/admin/pageSetup/findPageSetupByTenantId/:id', { id: 7 })).toBe(
      '/admin/pageSetup/findPageSetupByTenantId/7',
    );
    expect(() => fillPathParams('/a/:id', {})).toThrow(/id/);
  });

  it('serialises GET arrays with repeated keys and leaves out empty values', () => {
    expect(buildQueryString({ ids: [1, 2], name: 'a b', skip: undefined, none: null })).toBe(
      'ids=1&ids=2&name=a+b',
    );
  });

  it('builds the captcha URL without the /biz prefix', () => {
    expect(endpointUrl(captchaEndpoint, { query: { randomStr: 'abcdefgh12345678' } })).toBe(
      '/code?randomStr=abcdefgh12345678',
    );
  });
});

describe('request()', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs a public call with the public key and sends the tenant and client port', async () => {
    fetchMock.mockResolvedValue(
      envelopeResponse(200, {
        code: 0,
        msg: 'ok',
        data: {
          tenantId: 3,
          systemTitle: 'T',
          browserTitle: null,
          browserIcon: null,
          technicalSupport: null,
          navigateLogo: null,
          layoutThemeColor: null,
        },
      }),
    );
    const data = await request(pageSetupByTenantEndpoint, { params: { id: 3 }, tenantId: 3 });
    expect(data.systemTitle).toBe('T');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/pageSetup/findPageSetupByTenantId/3');
    const headers = init!.headers as Record<string, string>;
    expect(headers[HEADER.tenantId]).toBe('3');
    expect(headers[HEADER.clientPort]).toBe('pc');
    expect(headers['accept-language']).toBe('zh-CN');
    expect(headers[HEADER.authorization]).toBeUndefined();
    const expected = await computeSignature({
      method: 'GET',
      pathWithQuery: '/admin/pageSetup/findPageSetupByTenantId/3',
      timestamp: headers[HEADER.timestamp]!,
      requestId: headers[HEADER.requestId]!,
      bodyHash: await sha256Hex(''),
      key: PUBLIC_SIGNING_KEY,
    });
    expect(headers[HEADER.sign]).toBe(expected);
  });

  it('sends a request the server saw already once more, signed afresh, without ending the session', async () => {
    const pageSetup = {
      tenantId: 3,
      systemTitle: 'T',
      browserTitle: null,
      browserIcon: null,
      technicalSupport: null,
      navigateLogo: null,
      layoutThemeColor: null,
    };
    fetchMock
      .mockResolvedValueOnce(
        envelopeResponse(409, { code: 409, msg: 'request replayed', data: { replayed: true } }),
      )
      .mockResolvedValueOnce(envelopeResponse(200, { code: 0, msg: 'ok', data: pageSetup }));
    const data = await request(pageSetupByTenantEndpoint, { params: { id: 3 }, tenantId: 3 });
    expect(data.systemTitle).toBe('T');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const ids = fetchMock.mock.calls.map(
      ([, init]) => (init!.headers as Record<string, string>)[HEADER.requestId],
    );
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('does not resend an ordinary conflict', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(409, { code: 409, msg: 'exists', data: null }));
    const error = await request(pageSetupByTenantEndpoint, {
      params: { id: 3 },
      tenantId: 3,
      hidePopup: true,
    }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(409);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the login form body and signs it exactly as sent', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(426, { code: 426, msg: 'wrong password', data: null }));
    const error = await request(tokenEndpoint, {
      query: { grant_type: 'password', randomStr: 'r'.repeat(16), code: '1234' },
      body: { username: 'admin', password: 'k1.abc+/=' },
      tenantId: 1,
      hidePopup: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(426);
    expect((error as ApiError).message).toBe('wrong password');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/auth/oauth/token?grant_type=password&randomStr=${'r'.repeat(16)}&code=1234`);
    expect(init!.body).toBe('username=admin&password=k1.abc%2B%2F%3D');
    const headers = init!.headers as Record<string, string>;
    expect(headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    const expected = await computeSignature({
      method: 'POST',
      pathWithQuery: url as string,
      timestamp: headers[HEADER.timestamp]!,
      requestId: headers[HEADER.requestId]!,
      bodyHash: await sha256Hex(init!.body as string),
      key: PUBLIC_SIGNING_KEY,
    });
    expect(headers[HEADER.sign]).toBe(expected);
  });

  it('uses the session token for authorization and signing, and the active role', async () => {
    sessionStorage.setItem(
      'psy-session',
      JSON.stringify({
        accessToken: 'tok',
        refreshToken: 'r',
        expiresAt: 0,
        tenantId: 9,
        tenantCode: 'demo',
        user: {},
      }),
    );
    sessionStorage.setItem('psy-role-id', '5');
    fetchMock.mockResolvedValue(envelopeResponse(200, { code: 0, msg: 'ok', data: null }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await request(userInfoEndpoint);
    // In development an answer that differs from its contract is pointed out.
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/admin/user/info'), expect.anything());
    warn.mockRestore();
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers[HEADER.authorization]).toBe('Bearer tok');
    expect(headers[HEADER.tenantId]).toBe('9');
    expect(headers[HEADER.roleId]).toBe('5');
    const expected = await computeSignature({
      method: 'GET',
      pathWithQuery: '/admin/user/info',
      timestamp: headers[HEADER.timestamp]!,
      requestId: headers[HEADER.requestId]!,
      bodyHash: await sha256Hex(''),
      key: await tokenSigningKey('tok'),
    });
    expect(headers[HEADER.sign]).toBe(expected);
  });

  it('treats a 200 answer with a non-zero code as an error [spec:S0.8.1]', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(200, { code: 1, msg: 'refused', data: { field: 'x' } }));
    const endpoint = defineEndpoint({
      method: 'POST',
      path: '/consult/x',
      summary: 'x',
      body: z.object({ a: z.number() }),
      response: z.null(),
    });
    const error = (await request(endpoint, { body: { a: 1 }, hidePopup: true }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(fetchMock.mock.calls[0]![0]).toBe('/biz/consult/x');
    expect(fetchMock.mock.calls[0]![1]!.body).toBe('{"a":1}');
    expect(error.kind).toBe('api');
    expect(error.code).toBe(1);
    expect(error.data).toEqual({ field: 'x' });
  });

  it('clears the session on 401 and sends the user to the tenant login page [spec:S0.8.5]', async () => {
    const { setSessionEndedHandler } = await import('./request');
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    sessionStorage.setItem(
      'psy-session',
      JSON.stringify({
        accessToken: 'tok',
        refreshToken: 'r',
        expiresAt: 0,
        tenantId: 9,
        tenantCode: 'demo',
        user: {},
      }),
    );
    fetchMock.mockResolvedValue(envelopeResponse(401, { code: 401, msg: 'expired', data: null }));
    await expect(request(userInfoEndpoint, { hidePopup: true })).rejects.toBeInstanceOf(ApiError);
    expect(sessionStorage.getItem('psy-session')).toBeNull();
    expect(ended).toHaveBeenCalledWith('/login?shortName=demo');
  });

  it('reports an unreachable server as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await request(userInfoEndpoint, { hidePopup: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });

  it('reports an answer that is not the envelope as an http error', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const error = (await request(userInfoEndpoint, { hidePopup: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
  });
});

describe('refusals the pages tell apart', () => {
  it('knows a conflict (the data changed since it was read) from other refusals and from other errors', () => {
    const refusal = (status: number) => new ApiError({ kind: 'api', status, code: status, message: 'x' });
    expect(isConflict(refusal(409))).toBe(true);
    expect(isConflict(refusal(400))).toBe(false);
    expect(isConflict(new Error('409'))).toBe(false);
  });
});
