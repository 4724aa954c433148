import { ERRORS, HEADER, defineEndpoint, userInfoEndpoint } from '@psy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MemoryStorage } from '../../test/memory-storage';

const toasts = vi.hoisted(() => [] as { kind: string; text: string }[]);
vi.mock('../ui/feedback', () => ({
  TOAST_SECONDS: 1.5,
  showToast: (kind: string, text: string) => toasts.push({ kind, text }),
}));

const {
  ApiError,
  FORCED_LOGOUT_DELAY_MS,
  request,
  setErrorPageHandler,
  setRequestContext,
  setSessionEndedHandler,
} = await import('./request');
const { i18next } = await import('../../i18n/i18n');

const endpoint = defineEndpoint({
  method: 'GET',
  path: '/consult/thing',
  summary: 'a business call',
  response: z.unknown(),
});

function answer(status: number, body: unknown, contentType = 'application/json'): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType },
  });
}

function signIn() {
  sessionStorage.setItem(
    'psy-session',
    JSON.stringify({
      accessToken: 't',
      refreshToken: 'r',
      expiresAt: 0,
      tenantId: 4,
      tenantCode: 'demo',
      user: {},
    }),
  );
}

const fetchMock = vi.fn<typeof fetch>();
const ended = vi.fn();
const errorPage = vi.fn();

async function failure(options: Parameters<typeof request>[1] = {}) {
  const error = await request(endpoint, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as InstanceType<typeof ApiError>;
}

describe('request layer and the error catalogue', () => {
  beforeEach(async () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    ended.mockReset();
    errorPage.mockReset();
    toasts.length = 0;
    setSessionEndedHandler(ended);
    setErrorPageHandler(errorPage);
    setRequestContext({ productId: null, menuCode: null, menuId: null });
    await i18next.changeLanguage('en-US');
    signIn();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves with data on code 0, also for HTTP 206 [spec:S0.8.1]', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 0, msg: '', data: { a: 1 } }));
    await expect(request(endpoint)).resolves.toEqual({ a: 1 });
    fetchMock.mockResolvedValueOnce(answer(206, { code: 0, msg: '', data: 'part' }));
    await expect(request(endpoint)).resolves.toBe('part');
    expect(toasts).toEqual([]);
  });

  it('treats HTTP 200 with a non-zero code as an error shown as a toast [spec:S0.8.1] [spec:S0.8.4]', async () => {
    fetchMock.mockResolvedValue(answer(200, { code: 1, msg: 'slot already taken', data: null }));
    const error = await failure();
    expect(error.message).toBe('slot already taken');
    expect(toasts).toEqual([{ kind: 'error', text: 'slot already taken' }]);
    expect(ended).not.toHaveBeenCalled();
  });

  it('keeps body code 12 silent [spec:S0.8.2]', async () => {
    fetchMock.mockResolvedValue(answer(200, { code: 12, msg: 'quiet', data: null }));
    const error = await failure();
    expect(error.code).toBe(12);
    expect(toasts).toEqual([]);
  });

  it('keeps a pending password change silent: no toast, no 403 page, the session stays [spec:S0.4.1] [spec:S0.8.2]', async () => {
    const { status, code, en } = ERRORS.passwordChangeRequired;
    fetchMock.mockResolvedValue(answer(status, { code, msg: en, data: null }));
    const error = await failure();
    expect(error.status).toBe(403);
    expect(error.code).toBe(code);
    expect(toasts).toEqual([]);
    expect(errorPage).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
  });

  it.each([3, 20])(
    'shows the message of body code %i, logs out and rejects with "no permission, logging out" [spec:S0.8.2]',
    async (code) => {
      fetchMock.mockResolvedValue(answer(403, { code, msg: 'account disabled', data: null }));
      const error = await failure();
      expect(error.message).toBe('No permission, logging out');
      expect(toasts).toEqual([{ kind: 'error', text: 'account disabled' }]);
      expect(sessionStorage.getItem('psy-session')).toBeNull();
      expect(ended).toHaveBeenCalledWith('/login?shortName=demo');
    },
  );

  it.each([403, 404] as const)(
    'routes body code %i to its error page without a toast [spec:S0.8.2]',
    async (code) => {
      fetchMock.mockResolvedValue(answer(code, { code, msg: 'nope', data: null }));
      await failure();
      expect(errorPage).toHaveBeenCalledWith(code);
      expect(toasts).toEqual([]);
      expect(ended).not.toHaveBeenCalled();
    },
  );

  it('keeps the page of a silent call answered 403 or 404 [spec:S0.8.2]', async () => {
    fetchMock.mockResolvedValue(answer(404, { code: 404, msg: 'gone', data: null }));
    await failure({ hidePopup: true });
    expect(errorPage).not.toHaveBeenCalled();
    expect(toasts).toEqual([]);
  });

  it('shows no toast when the hide-popup header or option is set [spec:S0.8.4] [spec:S0.7.1]', async () => {
    fetchMock.mockResolvedValue(answer(400, { code: 400, msg: 'bad', data: null }));
    await failure({ headers: { [HEADER.hidePopup]: '1' } });
    await failure({ hidePopup: true });
    expect(toasts).toEqual([]);
  });

  it('logs out 1.5 s after each forced-logout message, in either language [spec:S0.8.4]', async () => {
    vi.useFakeTimers();
    for (const key of ['accountDisabled', 'noRole', 'loginNotPermitted'] as const) {
      for (const text of [ERRORS[key].en, ERRORS[key].zh]) {
        signIn();
        ended.mockReset();
        toasts.length = 0;
        // Code 1 (a business refusal) so only the message decides.
        fetchMock.mockResolvedValue(answer(200, { code: 1, msg: text, data: null }));
        await failure();
        expect(toasts).toEqual([{ kind: 'error', text }]);
        expect(ended).not.toHaveBeenCalled();
        vi.advanceTimersByTime(FORCED_LOGOUT_DELAY_MS - 1);
        expect(ended).not.toHaveBeenCalled();
        vi.advanceTimersByTime(1);
        expect(ended).toHaveBeenCalledTimes(1);
        expect(sessionStorage.getItem('psy-session')).toBeNull();
      }
    }
  });

  it('warns "the service is busy" on HTTP 429 [spec:S0.8.5]', async () => {
    fetchMock.mockResolvedValue(
      answer(429, { code: 429, msg: 'Requests too frequent', data: { retryAfter: 60 } }),
    );
    const error = await failure();
    expect(toasts).toEqual([{ kind: 'warning', text: 'The service is busy, please try again later' }]);
    expect(error.status).toBe(429);
  });

  it('says how long a login lockout lasts on HTTP 429 [spec:S0.8.5]', async () => {
    fetchMock.mockResolvedValue(
      answer(429, { code: 429, msg: 'x', data: { retryAfter: 120, locked: true } }),
    );
    await failure();
    expect(toasts[0]!.kind).toBe('warning');
    expect(toasts[0]!.text).toContain('2 min');
  });

  it('shows a 401 once, then logs out, even when several calls fail together [spec:S0.8.5]', async () => {
    fetchMock.mockImplementation(async () => answer(401, { code: 401, msg: 'login expired', data: null }));
    await Promise.all([failure(), failure(), failure()]);
    expect(toasts).toEqual([{ kind: 'error', text: 'login expired' }]);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('shows network failures, except a silent 503 [spec:S0.8.5]', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await failure();
    expect(offline.kind).toBe('network');
    expect(toasts).toHaveLength(1);
    toasts.length = 0;
    fetchMock.mockResolvedValueOnce(answer(503, '<html>maintenance</html>', 'text/html'));
    const unavailable = await failure();
    expect(unavailable.status).toBe(503);
    expect(toasts).toEqual([]);
  });

  it('uses the default message of the status when the answer has none [spec:S0.8.6]', async () => {
    const cases: [number, string][] = [
      [404, 'Resource does not exist'],
      [423, 'Demo environment cannot be operated'],
      [479, 'Demo environment, no permission'],
      [417, 'No login account bound, log in with password then bind'],
      [500, 'Unknown system error, report to the administrator'],
    ];
    for (const [status, text] of cases) {
      toasts.length = 0;
      fetchMock.mockResolvedValueOnce(answer(status, '<html>proxy page</html>', 'text/html'));
      const error = await failure();
      expect(error.message).toBe(text);
      expect(toasts).toEqual([{ kind: 'error', text }]);
    }
  });

  it('sends the product, menu code and menu id of the open page [spec:S0.7.1]', async () => {
    setRequestContext({ productId: 12, menuCode: 'consult_record', menuId: 345 });
    fetchMock.mockResolvedValue(answer(200, { code: 0, msg: '', data: null }));
    await request(userInfoEndpoint).catch(() => undefined);
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers[HEADER.productId]).toBe('12');
    expect(headers[HEADER.menuCode]).toBe('consult_record');
    expect(headers[HEADER.menuId]).toBe('345');
    expect(headers[HEADER.requestId]).toMatch(/^[0-9a-f-]{16,}$/i);
  });

  it('sends no page headers before login', async () => {
    sessionStorage.clear();
    setRequestContext({ productId: 12, menuCode: 'x', menuId: 1 });
    fetchMock.mockResolvedValue(answer(200, { code: 0, msg: '', data: null }));
    await request(endpoint, { tenantId: 1 });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers[HEADER.productId]).toBeUndefined();
    expect(headers[HEADER.authorization]).toBeUndefined();
  });
});
