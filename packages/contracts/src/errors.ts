/**
 * The error catalogue (spec S0.8). Each error has the HTTP status it is sent with, the body `code`,
 * and a message in both languages. Body code equals the HTTP status except for the business refusals
 * (code 1: `business` with HTTP 400, `loginNotPermitted` with HTTP 403), the forced-logout codes
 * (3 `accountDisabled`, 20 `noRole`, both HTTP 403), after which the client ends the session, and
 * `passwordChangeRequired` (HTTP 403, the silent code 12: the start-up dialog already asks for the change).
 */
export const ERRORS = {
  badRequest: { status: 400, code: 400, en: 'Invalid request', zh: '请求参数错误' },
  business: { status: 400, code: 1, en: 'Operation failed', zh: '操作失败' },
  unauthenticated: {
    status: 401,
    code: 401,
    en: 'Not logged in or the login has expired',
    zh: '未登录或登录已过期',
  },
  forbidden: { status: 403, code: 403, en: 'No permission for this operation', zh: '没有权限执行此操作' },
  notFound: { status: 404, code: 404, en: 'Resource does not exist', zh: '资源不存在' },
  conflict: {
    status: 409,
    code: 409,
    en: 'The data was changed or already exists',
    zh: '数据已存在或已被修改',
  },
  payloadTooLarge: { status: 413, code: 413, en: 'The request is too large', zh: '请求内容过大' },
  unsupportedMedia: { status: 415, code: 415, en: 'Unsupported content type', zh: '不支持的内容类型' },
  noAccountBound: {
    status: 417,
    code: 417,
    en: 'No login account bound, log in with password then bind',
    zh: '未绑定登录账号，请使用密码登录后绑定',
  },
  badCredentials: {
    status: 426,
    code: 426,
    en: 'User name does not exist or password wrong',
    zh: '用户名不存在或者密码错误',
  },
  badCaptcha: {
    status: 428,
    code: 428,
    en: 'Verification code wrong, re-enter',
    zh: '验证码错误，请重新输入',
  },
  tooManyRequests: { status: 429, code: 429, en: 'Requests too frequent', zh: '请求过于频繁' },
  noRole: {
    status: 403,
    code: 20,
    en: 'The current user has no role, ask the administrator to add a role',
    zh: '当前用户没有角色，请联系管理员添加角色',
  },
  /** A signed-in user whose account was disabled (spec S0.8.2, S0.8.4). */
  accountDisabled: {
    status: 403,
    code: 3,
    en: 'No login permission, contact the system administrator',
    zh: '没有登录权限，请联系系统管理员',
  },
  /**
   * A signed-in user who must still change the initial (or an administrator-set) password calls anything
   * but the password change, logout, their own info and role choice (spec S0.4.1). Silent body code 12
   * (spec S0.8.2): the web shows the forced password dialog, not a toast or the 403 page.
   */
  passwordChangeRequired: {
    status: 403,
    code: 12,
    en: 'change your password before using this function',
    zh: '请先修改密码后再使用此功能',
  },
  /** Login of a disabled account with the right password or SMS code (spec S0.8.4). */
  loginNotPermitted: {
    status: 403,
    code: 1,
    en: 'The current account has no permission to log in, contact the administrator',
    zh: '当前账号没有登录权限，请联系管理员',
  },
  internal: {
    status: 500,
    code: 500,
    en: 'Unknown system error, report to the administrator',
    zh: '未知系统错误，请反馈给管理员',
  },
} as const;

export type ErrorKey = keyof typeof ERRORS;

/** Body code the client never shows (spec S0.8.2); `passwordChangeRequired` uses it. */
export const SILENT_BODY_CODE = 12;
/** Body codes after which the client ends the session (spec S0.8.2). */
export const LOGOUT_BODY_CODES: readonly number[] = [3, 20];

/**
 * A request id the server has seen already: 409 (`conflict`) with this `data`, not 401, since a browser
 * resends a request by itself when a kept-alive connection closes under it; the client may sign a read
 * afresh and send it once more (docs/decisions.md, "How a request runs").
 */
export const REPLAYED_REQUEST = {
  key: 'conflict',
  message: 'request replayed: x-request-id was already used',
  data: { replayed: true },
} as const satisfies { key: ErrorKey; message: string; data: object };

/** Whether an answer is the refusal of a replayed request id (`REPLAYED_REQUEST`). */
export function isReplayRefusal(status: number, data: unknown): boolean {
  return (
    status === ERRORS[REPLAYED_REQUEST.key].status &&
    (data as { replayed?: unknown } | null | undefined)?.replayed === true
  );
}
/**
 * Errors whose message makes the client log out after showing it (spec S0.8.4); the client compares the
 * message it got with both languages of these.
 */
export const FORCED_LOGOUT_ERROR_KEYS = [
  'accountDisabled',
  'noRole',
  'loginNotPermitted',
] as const satisfies readonly ErrorKey[];
export type Lang = 'zh-CN' | 'en-US';

export function errorMessage(key: ErrorKey, lang: Lang): string {
  const e = ERRORS[key];
  return lang === 'en-US' ? e.en : e.zh;
}

/** `data` of a 400 answer: the fields that failed and why. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The `{code, msg, data}` body of a catalogue error, with an optional detail after the message. */
export function errorBody(key: ErrorKey, lang: Lang, detail?: string, data: unknown = null) {
  const msg = detail ? `${errorMessage(key, lang)}: ${detail}` : errorMessage(key, lang);
  return { code: ERRORS[key].code, msg, data };
}
