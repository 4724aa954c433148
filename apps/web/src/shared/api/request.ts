/**
 * The request layer (spec S0.7, S0.8): every call of the web app goes through `request()`, which takes an
 * endpoint contract from `@psy/contracts`, adds the API prefix, the session and client headers and the
 * request signature, unwraps the `{ code, msg, data }` envelope and reports failures the way the spec's
 * error catalogue says.
 */
import {
  ERRORS,
  FORCED_LOGOUT_ERROR_KEYS,
  isReplayRefusal,
  HEADER,
  LOGOUT_BODY_CODES,
  SILENT_BODY_CODE,
  withApiPrefix,
  type ClientPort,
  signRequest,
  UNSIGNED_PAYLOAD,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@psy/contracts';
import { currentLanguage, i18next } from '../../i18n/i18n';
import {
  clearSession,
  isLoggedIn,
  loginPathForCurrentTenant,
  readActiveRoleId,
  readKnownTenant,
  readSession,
} from '../session/session-store';
import { showToast, TOAST_SECONDS } from '../ui/feedback';

/** This client's scope in role `portPermission` lists (spec S0.6). */
export const CLIENT_PORT: ClientPort = 'pc';
/** Spec S0.9: request timeout 1,000,000 ms. */
export const REQUEST_TIMEOUT_MS = 1_000_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint, whatever its schemas
export type AnyEndpoint = Endpoint<any, any, any, any>;

export interface RequestOptions<E extends AnyEndpoint> {
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  params?: ParamsOf<E>;
  /** Extra headers; a `hide-popup` header (any value) suppresses the error toast like `hidePopup`. */
  headers?: Record<string, string>;
  /** Do not show a toast on failure: the caller shows the problem itself. */
  hidePopup?: boolean;
  /** Tenant of the call when there is no session yet (the login page). */
  tenantId?: number;
  signal?: AbortSignal;
}

export type ApiErrorKind =
  /** No answer at all (offline, refused, timed out). */
  | 'network'
  /** An answer that is not the API's envelope (a proxy error page, a static 404). */
  | 'http'
  /** The API answered with its envelope and a non-zero code. */
  | 'api';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer. */
  readonly status: number;
  /** Body code of the envelope, when there was one. */
  readonly code: number | null;
  /** `data` of the envelope (field issues of a 400, `captchaRequired` of a login refusal, ...). */
  readonly data: unknown;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    code: number | null;
    message: string;
    data?: unknown;
  }) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.data = init.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A refusal because the data changed since it was read (or already exists): the contracts' `conflict`. */
export function isConflict(error: unknown): error is ApiError {
  return isApiError(error) && error.status === ERRORS.conflict.status;
}

type SessionEndedHandler = (loginPath: string) => void;
type ErrorPageHandler = (status: 403 | 404) => void;

let onSessionEnded: SessionEndedHandler = (loginPath) => window.location.assign(loginPath);
let onErrorPage: ErrorPageHandler = (status) => window.location.assign(`/${status}`);

/** The app decides how to reach the login page once the server ends the session (router navigation). */
export function setSessionEndedHandler(handler: SessionEndedHandler): void {
  onSessionEnded = handler;
}

/** The app decides how to show the /403 and /404 pages that body codes 403 and 404 lead to (spec S0.8.2). */
export function setErrorPageHandler(handler: ErrorPageHandler): void {
  onErrorPage = handler;
}

/** Where the page the user works in sits in the menu: sent as product, menu code and menu id headers (spec S0.7). */
export interface RequestContext {
  productId: number | null;
  menuCode: string | null;
  menuId: number | null;
}

let requestContext: RequestContext = { productId: null, menuCode: null, menuId: null };

export function setRequestContext(context: Partial<RequestContext>): void {
  requestContext = { ...requestContext, ...context };
}

export function readRequestContext(): RequestContext {
  return requestContext;
}

/** Spec S0.8.4: after these messages (in either language) the user is logged out 1.5 s later. */
const FORCED_LOGOUT_MESSAGES = new Set(
  FORCED_LOGOUT_ERROR_KEYS.flatMap((key) => [ERRORS[key].en, ERRORS[key].zh].map(normaliseMessage)),
);
/** Spec S0.8.4, S0.9.5: the toast stays 1.5 s, then the forced logout happens. */
export const FORCED_LOGOUT_DELAY_MS = 1500;

function normaliseMessage(message: string): string {
  return message
    .trim()
    .replace(/[.!。！]+$/u, '')
    .toLowerCase();
}

export function isForcedLogoutMessage(message: string): boolean {
  return FORCED_LOGOUT_MESSAGES.has(normaliseMessage(message));
}

/** Replaces the `:name` parameters of a contract path. */
export function fillPathParams(path: string, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return path.replace(/:([A-Za-z_]\w*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** Query string in the order given; arrays as repeated keys (spec S0.7); `undefined` and `null` left out. */
export function buildQueryString(query?: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  return search.toString();
}

/** Path and query of a call exactly as sent (and signed). Also for URLs used directly, like the captcha image. */
export function endpointUrl<E extends AnyEndpoint>(
  endpoint: E,
  options: Pick<RequestOptions<E>, 'query' | 'params'> = {},
): string {
  const path = withApiPrefix(fillPathParams(endpoint.path, options.params ?? undefined));
  const qs = buildQueryString(options.query ?? undefined);
  return qs ? `${path}?${qs}` : path;
}

interface EncodedBody {
  payload?: BodyInit;
  signed?: string | typeof UNSIGNED_PAYLOAD;
  contentType?: string;
}

function encodeBody(endpoint: AnyEndpoint, body: unknown): EncodedBody {
  if (body === undefined || body === null) return {};
  switch (endpoint.bodyType ?? 'json') {
    case 'form': {
      const text = buildQueryString(body as object);
      return { payload: text, signed: text, contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
    }
    case 'text': {
      // A plain-text body (the avatar's data URL, spec S0.7.11), signed like JSON.
      const text = String(body);
      return { payload: text, signed: text, contentType: 'text/plain;charset=UTF-8' };
    }
    case 'multipart': {
      let form: FormData;
      if (body instanceof FormData) {
        form = body;
      } else {
        form = new FormData();
        for (const [key, value] of Object.entries(body as object)) {
          if (value !== undefined && value !== null)
            form.append(key, value instanceof Blob ? value : String(value));
        }
      }
      // Multipart bodies are streamed and not hashed; the browser sets the boundary content type.
      return { payload: form, signed: UNSIGNED_PAYLOAD };
    }
    default: {
      const text = JSON.stringify(body);
      return { payload: text, signed: text, contentType: 'application/json' };
    }
  }
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

const STATUS_MESSAGE_KEYS = {
  0: 'errors.status.000',
  401: 'errors.status.401',
  403: 'errors.status.403',
  404: 'errors.status.404',
  417: 'errors.status.417',
  423: 'errors.status.423',
  426: 'errors.status.426',
  428: 'errors.status.428',
  429: 'errors.status.429',
  479: 'errors.status.479',
} as const;

/** The catalogue's default message for a status, used when the server gives none (spec S0.8). */
export function defaultMessageFor(status: number): string {
  const key = STATUS_MESSAGE_KEYS[status as keyof typeof STATUS_MESSAGE_KEYS];
  return i18next.t(key ?? 'errors.status.default');
}

/** The 429 warning; a login lockout also says how long it lasts. */
function busyMessage(data: unknown): string {
  const { locked, retryAfter } = (data ?? {}) as { locked?: unknown; retryAfter?: unknown };
  if (locked === true && typeof retryAfter === 'number') {
    return i18next.t('errors.accountLocked', { minutes: Math.max(1, Math.ceil(retryAfter / 60)) });
  }
  return i18next.t('errors.busy');
}

interface EnvelopeLike {
  code: number;
  msg?: unknown;
  data?: unknown;
}

async function readEnvelope(response: Response): Promise<EnvelopeLike | null> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return null;
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && typeof (body as EnvelopeLike).code === 'number')
      return body as EnvelopeLike;
  } catch {
    // Not JSON after all: treated like any answer that is not the envelope.
  }
  return null;
}

/**
 * 401 (and the logout codes): the message once, the session cleared, back to the tenant's login page.
 * Calls failing together after the first one find no session any more, so the message shows once.
 */
function endSession(message: string, isSilent: boolean): void {
  if (!isLoggedIn()) return;
  const loginPath = loginPathForCurrentTenant();
  if (!isSilent) showToast('error', message, TOAST_SECONDS, { outlivesPage: true });
  clearSession();
  onSessionEnded(loginPath);
}

/** Shows (or not) what went wrong, per the error catalogue, and returns the error to reject with. */
function reportFailure(error: ApiError, isSilent: boolean): ApiError {
  if (error.status === 401) {
    endSession(error.message, isSilent);
    return error;
  }
  if (error.code !== null && LOGOUT_BODY_CODES.includes(error.code)) {
    endSession(error.message, isSilent);
    return new ApiError({
      kind: error.kind,
      status: error.status,
      code: error.code,
      message: i18next.t('errors.loggingOut'),
      data: error.data,
    });
  }
  // A call the user did not ask for (hide-popup: counts, background refreshes) must not take the page away.
  const errorPage =
    error.code === ERRORS.forbidden.code ? 403 : error.code === ERRORS.notFound.code ? 404 : null;
  if (error.kind === 'api' && errorPage !== null && !isSilent && isLoggedIn()) {
    onErrorPage(errorPage);
    return error;
  }
  if (isSilent || error.code === SILENT_BODY_CODE || error.status === 503) return error;
  showToast(error.status === 429 ? 'warning' : 'error', error.message);
  if (isForcedLogoutMessage(error.message) && isLoggedIn()) {
    setTimeout(() => endSession(error.message, true), FORCED_LOGOUT_DELAY_MS);
  }
  return error;
}

/**
 * Calls one endpoint and resolves with the `data` of its answer; rejects with an `ApiError` after
 * reporting it (toast, logout) as the spec's error catalogue says.
 */
export async function request<E extends AnyEndpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<ResponseOf<E>> {
  const method = endpoint.method;
  const pathWithQuery = endpointUrl(endpoint, options);
  const { payload, signed, contentType } = encodeBody(endpoint, options.body);
  const session = readSession();

  const headers: Record<string, string> = {
    accept: 'application/json',
    // The server writes its messages in this language; it must be the UI's, not the browser's.
    'accept-language': currentLanguage(),
    [HEADER.clientPort]: CLIENT_PORT,
  };
  if (contentType) headers['content-type'] = contentType;
  const tenantId = options.tenantId ?? session?.tenantId ?? readKnownTenant()?.id;
  if (tenantId !== undefined) headers[HEADER.tenantId] = String(tenantId);
  if (session) headers[HEADER.authorization] = `Bearer ${session.accessToken}`;
  const roleId = readActiveRoleId();
  if (session && roleId !== null) headers[HEADER.roleId] = String(roleId);
  if (session) {
    const { productId, menuCode, menuId } = requestContext;
    if (productId !== null) headers[HEADER.productId] = String(productId);
    if (menuCode) headers[HEADER.menuCode] = menuCode;
    if (menuId !== null) headers[HEADER.menuId] = String(menuId);
  }
  Object.assign(headers, options.headers);
  const isSilent = options.hidePopup === true || hasHeader(headers, HEADER.hidePopup);

  // Signing (and password encryption) need WebCrypto, which browsers give only to HTTPS and localhost pages.
  if (!globalThis.crypto?.subtle) {
    throw reportFailure(
      new ApiError({ kind: 'network', status: 0, code: null, message: i18next.t('errors.insecureContext') }),
      isSilent,
    );
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  let envelope: Awaited<ReturnType<typeof readEnvelope>>;
  // A second attempt only when the server saw this request id already: the browser resent the request by
  // itself (a kept-alive connection closed under it). Signed afresh, it carries a new id. Reads only: a
  // write the server may already have carried out is not sent twice (its refusal is shown instead).
  for (let attempt = 1; ; attempt += 1) {
    const signedHeaders = {
      ...headers,
      ...(await signRequest({ method, pathWithQuery, body: signed, accessToken: session?.accessToken })),
    };
    try {
      response = await fetch(pathWithQuery, {
        method,
        headers: signedHeaders,
        body: payload,
        signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      // A cancellation by the caller (a query that is no longer needed) is not a failure to report.
      if (options.signal?.aborted) throw cause;
      throw reportFailure(
        new ApiError({ kind: 'network', status: 0, code: null, message: i18next.t('errors.network') }),
        isSilent,
      );
    }
    envelope = await readEnvelope(response);
    if (attempt === 1 && method === 'GET' && isReplayRefusal(response.status, envelope?.data)) continue;
    break;
  }

  // A call that answers a file (the contract's response is null): the file itself, as a Blob.
  if (!envelope && response.ok && endpoint.response === null) return (await response.blob()) as ResponseOf<E>;
  if (!envelope) {
    const message = response.ok ? i18next.t('errors.unexpectedAnswer') : defaultMessageFor(response.status);
    throw reportFailure(
      new ApiError({ kind: 'http', status: response.status, code: null, message }),
      isSilent,
    );
  }
  if (response.ok && envelope.code === 0) {
    if (import.meta.env?.DEV && endpoint.response) {
      const check = endpoint.response.safeParse(envelope.data);
      if (!check.success)
        console.warn(`Answer of ${method} ${endpoint.path} differs from its contract`, check.error);
    }
    return envelope.data as ResponseOf<E>;
  }
  const serverMessage = typeof envelope.msg === 'string' && envelope.msg.trim() ? envelope.msg : null;
  const status = response.ok ? envelope.code : response.status;
  // Spec S0.8.5: a 429 is always the 'service is busy' warning, whatever limit was hit.
  const message =
    response.status === 429 ? busyMessage(envelope.data) : (serverMessage ?? defaultMessageFor(status));
  throw reportFailure(
    new ApiError({ kind: 'api', status: response.status, code: envelope.code, message, data: envelope.data }),
    isSilent,
  );
}
