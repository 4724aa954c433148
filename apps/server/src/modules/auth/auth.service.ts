import { randomInt, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import {
  CLIENT_PORTS,
  OLD_PASSWORD_ISSUE_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_ISSUE_MESSAGES,
  SETTING_CODES,
  ID_NUMBER_ISSUE_MESSAGES,
  checkIdNumber,
  checkNewPassword,
  checkOldPassword,
  type IdType,
  type ClientPort,
  type Lang,
  type TokenResponse,
} from '@psy/contracts';
import type { Database, SystemScope, TenantScope } from '../../core/db/database';
import { AppError, badRequest } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { TokenRecord } from '../../core/http/gate';
import { hashPassword, verifyPassword } from '../../core/security/password';
import { newOpaqueToken, sha256Hex } from '../../core/security/tokens';
import type { Env } from '../../env';
import {
  findUserForLogin,
  findUserPassword,
  findUsersByIdNumber,
  findUsersByPhone,
  loadPrincipalData,
  permissionsOfUsableRoles,
  updateUserPassword,
} from '../identity';
import { isSettingEnabled } from '../settings';
import { requireActiveTenant } from '../tenants';
import * as repo from './auth.repository';
import { decryptPassword } from '../../core/security/password-key';
import { hitRateLimit, releaseRateLimitHit } from '../../core/security/rate-limit.repository';
import type { SmsSender } from '../../core/sms/sms-sender';

/** Makes a captcha: the text to expect and the SVG image to show. */
export type CaptchaGenerator = () => { text: string; svg: string };

export const svgCaptchaGenerator: CaptchaGenerator = () => {
  const c = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1ilI',
    color: true,
    width: 120,
    height: 40,
  });
  return { text: c.text, svg: c.data };
};

export interface AuthDeps {
  database: Database;
  env: Env;
  sms: SmsSender;
  captcha: CaptchaGenerator;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
  clientPort: ClientPort;
}

/** A captcha is asked for after this many consecutive failures of one account name. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** The account name is locked after this many consecutive failures. */
export const LOCK_AFTER_FAILURES = 5;
/** Lock lengths double from 1 minute and never exceed 15 minutes, so nobody is locked out for good. */
export const LOCK_BASE_MS = 60_000;
export const LOCK_MAX_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
export const FAILURE_MEMORY_MS = 60 * 60_000;
const SMS_CODE_TTL_MS = 5 * 60_000;
const SMS_RESEND_MS = 60_000;
const SMS_MAX_PER_DAY = 10;
const SMS_MAX_ATTEMPTS = 5;
const CAPTCHA_TTL_MS = 5 * 60_000;

export function parseClientPort(raw: string | undefined): ClientPort {
  if (raw === undefined || raw === '') return 'pc';
  if (!(CLIENT_PORTS as readonly string[]).includes(raw)) {
    throw badRequest('client-port', `must be one of ${CLIENT_PORTS.join(', ')}`);
  }
  return raw as ClientPort;
}

export function lockDurationMs(lockCount: number): number {
  return Math.min(LOCK_BASE_MS * 2 ** lockCount, LOCK_MAX_MS);
}

async function enforceRateLimit(scope: SystemScope, key: string, limit: number, windowSeconds: number) {
  const count = await hitRateLimit(scope, key, windowSeconds);
  if (count > limit) {
    throw new AppError(
      'tooManyRequests',
      undefined,
      { retryAfter: windowSeconds },
      { 'retry-after': String(windowSeconds) },
    );
  }
}

/** Writes one login attempt and its outcome to the security log. */
function recordAttempt(
  deps: AuthDeps,
  client: ClientInfo,
  entry: {
    tenantId: number;
    username: string;
    userId: number | null;
    method: 'password' | 'sms' | 'id_card';
    result: string;
  },
) {
  return repo.insertLoginLog(deps.database.system, { ...entry, ip: client.ip, userAgent: client.userAgent });
}

/** What a rotation carries over from the pair it replaces (a new login starts afresh). */
interface TokenLineage {
  familyId?: string;
  activeRoleId?: number | null;
  /** The login was a single sign-on: no forced password change in this session (spec S0.4.1). */
  sso?: boolean;
}

/** Creates a token pair for a user and answers the login state (spec S0.3.1). */
async function issueTokens(
  deps: AuthDeps,
  tenantId: number,
  userId: number,
  client: ClientInfo,
  { familyId = randomUUID(), activeRoleId = null, sso = false }: TokenLineage = {},
): Promise<TokenResponse> {
  const { env, database } = deps;
  const access = newOpaqueToken();
  const refresh = newOpaqueToken();
  const now = Date.now();
  await repo.insertToken(database.system, {
    tenantId,
    userId,
    familyId,
    accessHash: sha256Hex(access),
    refreshHash: sha256Hex(refresh),
    clientPort: client.clientPort,
    activeRoleId,
    sso,
    accessExpiresAt: new Date(now + env.ACCESS_TOKEN_TTL_S * 1000),
    refreshExpiresAt: new Date(now + env.REFRESH_TOKEN_TTL_S * 1000),
    ip: client.ip,
  });
  const data = await database.withTenant(tenantId, (scope) => loadPrincipalData(scope, userId));
  if (!data) throw new AppError('unauthenticated');
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: env.ACCESS_TOKEN_TTL_S,
    refresh_expires_in: env.REFRESH_TOKEN_TTL_S,
    tenantId,
    user_info: {
      id: data.id,
      username: data.username,
      realName: data.realName,
      tenantId,
      userTypeId: null,
      deptId: null,
      authorities: permissionsOfUsableRoles(data, client.clientPort),
      roleList: data.roles.map(({ roleId, roleCode, roleName }) => ({ roleId, roleCode, roleName })),
      // As the principal of this session says (identity's buildPrincipal): the account's flag stays.
      mustChangePassword: data.mustChangePassword && !sso,
      isSso: sso,
    },
  };
}

/** Issues a captcha image for a client-chosen key; the answer is kept hashed for 5 minutes. */
export async function issueCaptcha(deps: AuthDeps, randomStr: string): Promise<string> {
  const c = deps.captcha();
  await repo.putCaptcha(
    deps.database.system,
    randomStr,
    sha256Hex(c.text.toLowerCase()),
    new Date(Date.now() + CAPTCHA_TTL_MS),
  );
  return c.svg;
}

/** Takes a captcha answer once; a missing or wrong one is refused (428, captchaRequired). */
export async function checkCaptcha(deps: AuthDeps, randomStr: string | undefined, code: string | undefined) {
  if (!randomStr || !code) throw new AppError('badCaptcha', undefined, { captchaRequired: true });
  const stored = await repo.takeCaptcha(deps.database.system, randomStr);
  if (!stored || stored !== sha256Hex(code.trim().toLowerCase())) {
    throw new AppError('badCaptcha', undefined, { captchaRequired: true });
  }
}

/**
 * Password login. The same 426 answer whether the account exists or not; captcha after 3 failures or
 * when the school asks for it; lockout with doubling, capped back-off after 5.
 */
export async function loginWithPassword(
  deps: AuthDeps,
  input: { tenantId: number; username?: string; password?: string; randomStr?: string; code?: string },
  client: ClientInfo,
): Promise<TokenResponse> {
  if (!input.username) throw badRequest('username', 'enter login account');
  if (!input.password) throw badRequest('password', 'enter password');
  const username = input.username.trim().toLowerCase();
  return loginWithAccountPassword(
    deps,
    {
      ...input,
      password: input.password,
      attemptKey: username,
      logName: username,
      method: 'password',
      findUser: (s) => findUserForLogin(s, username),
    },
    client,
  );
}

/** Masks an ID number for the login log: the first 3 and last 4 characters stay. */
function maskIdNumber(value: string): string {
  return value.length <= 7 ? '*'.repeat(value.length) : `${value.slice(0, 3)}***${value.slice(-4)}`;
}

/**
 * Login by ID type and number with the password (spec S0.7.2, S0.8.7): the number must pass its type's
 * rule (spec S0.5.4); from there it is the password login, with its lockout per type and number. No
 * user or two users with that document answer like a wrong password.
 */
export async function loginWithIdCard(
  deps: AuthDeps,
  input: {
    tenantId: number;
    idType: IdType;
    idNumber: string;
    password: string;
    randomStr?: string;
    code?: string;
  },
  lang: Lang,
  client: ClientInfo,
): Promise<TokenResponse> {
  const idNumber = input.idNumber.trim().toUpperCase();
  const issue = checkIdNumber(input.idType, idNumber, new Date().toISOString().slice(0, 10));
  if (issue) throw badRequest('idNumber', ID_NUMBER_ISSUE_MESSAGES[issue][lang]);
  if (!input.password) throw badRequest('password', 'enter password');
  return loginWithAccountPassword(
    deps,
    {
      ...input,
      // The number itself is personal data: the lockout row keeps a hash of it, the log a masked form.
      attemptKey: `idcard:${sha256Hex(`${input.idType}:${idNumber}`).slice(0, 32)}`,
      logName: `ID${input.idType}:${maskIdNumber(idNumber)}`,
      method: 'id_card',
      findUser: async (s) => {
        const users = await findUsersByIdNumber(s, input.idType, idNumber);
        return users.length === 1 ? users[0]! : null;
      },
    },
    client,
  );
}

interface LoginUser {
  id: number;
  username: string;
  passwordHash: string | null;
  mustChangePassword: boolean;
  status: string;
}

/** The password check shared by the account and the ID-card login: rate limit, lockout, captcha, log. */
async function loginWithAccountPassword(
  deps: AuthDeps,
  input: {
    tenantId: number;
    password: string;
    randomStr?: string;
    code?: string;
    attemptKey: string;
    logName: string;
    method: 'password' | 'id_card';
    findUser: (scope: TenantScope) => Promise<LoginUser | null>;
  },
  client: ClientInfo,
): Promise<TokenResponse> {
  const { database } = deps;
  const system = database.system;
  const { method } = input;
  const username = input.attemptKey;
  const tenantId = input.tenantId;
  await requireActiveTenant(system, tenantId);
  await enforceRateLimit(system, `login:ip:${client.ip}`, deps.env.LOGIN_IP_LIMIT_PER_MIN, 60);

  const now = Date.now();
  let attempt = await repo.findLoginAttempt(system, tenantId, username);
  if (attempt?.lastFailedAt && now - attempt.lastFailedAt.getTime() > FAILURE_MEMORY_MS) attempt = null;
  if (attempt?.lockedUntil && attempt.lockedUntil.getTime() > now) {
    const retryAfter = Math.ceil((attempt.lockedUntil.getTime() - now) / 1000);
    await recordAttempt(deps, client, {
      tenantId,
      username: input.logName,
      userId: null,
      method,
      result: 'locked',
    });
    throw new AppError(
      'tooManyRequests',
      undefined,
      { retryAfter, locked: true },
      { 'retry-after': String(retryAfter) },
    );
  }
  const failCount = attempt?.failCount ?? 0;
  const captchaRequired =
    failCount >= CAPTCHA_AFTER_FAILURES ||
    (await database.withTenant(tenantId, (s) => isSettingEnabled(s, SETTING_CODES.loginCaptcha)));
  if (captchaRequired) await checkCaptcha(deps, input.randomStr, input.code);

  const password = await decryptPassword(system, 'password', input.password);
  const user = await database.withTenant(tenantId, (s) => input.findUser(s));
  // An imported account's individual initial password opens it only until its owner has chosen one.
  const valid = await verifyPassword(user?.passwordHash ?? null, password, {
    acceptInitial: user?.mustChangePassword === true,
  });

  if (!valid || !user) {
    const nextFails = failCount + 1;
    let lockCount = attempt?.lockCount ?? 0;
    let lockedUntil: Date | null = null;
    let fails = nextFails;
    if (nextFails >= LOCK_AFTER_FAILURES) {
      lockedUntil = new Date(now + lockDurationMs(lockCount));
      lockCount += 1;
      fails = CAPTCHA_AFTER_FAILURES;
      deps.log.warn(
        { tenantId, username: input.logName, ip: client.ip, lockedUntil },
        'login locked after repeated failures',
      );
    }
    await repo.saveLoginAttempt(system, {
      tenantId,
      username: input.attemptKey,
      failCount: fails,
      lockCount,
      lastFailedAt: new Date(now),
      lockedUntil,
    });
    await recordAttempt(deps, client, {
      tenantId,
      username: input.logName,
      userId: null,
      method,
      result: 'bad_credentials',
    });
    throw new AppError('badCredentials', undefined, { captchaRequired: fails >= CAPTCHA_AFTER_FAILURES });
  }
  if (user.status !== 'active') {
    await recordAttempt(deps, client, {
      tenantId,
      username: user.username,
      userId: user.id,
      method,
      result: 'disabled',
    });
    throw new AppError('loginNotPermitted');
  }
  if (attempt) await repo.clearLoginAttempt(system, tenantId, username);
  await recordAttempt(deps, client, {
    tenantId,
    username: method === 'id_card' ? user.username : input.logName,
    userId: user.id,
    method,
    result: 'success',
  });
  return issueTokens(deps, tenantId, user.id, client);
}

/**
 * Rotates a refresh token: the old pair is revoked and a new one issued. Presenting a refresh token
 * that was already rotated means it leaked, so the whole login's family is revoked.
 */
export async function refreshTokens(
  deps: AuthDeps,
  input: { refreshToken?: string; tenantId: number | null },
  client: ClientInfo,
): Promise<TokenResponse> {
  if (!input.refreshToken) throw badRequest('refresh_token', 'is required');
  const system = deps.database.system;
  const row = await repo.findTokenByRefreshHash(system, sha256Hex(input.refreshToken));
  if (!row || (input.tenantId !== null && row.tenantId !== input.tenantId))
    throw new AppError('unauthenticated', 'refresh token invalid');
  if (row.revokedAt) {
    if (row.revokeReason === repo.ROTATED) {
      await repo.revokeFamily(system, row.tenantId, row.familyId, 'refresh_reuse');
      deps.log.warn(
        { tenantId: row.tenantId, userId: row.userId },
        'rotated refresh token reused; login family revoked',
      );
    }
    throw new AppError('unauthenticated', 'refresh token invalid');
  }
  if (row.refreshExpiresAt.getTime() <= Date.now())
    throw new AppError('unauthenticated', 'refresh token expired');
  if (!(await repo.revokeTokenIfLive(system, row.tenantId, row.id, repo.ROTATED))) {
    throw new AppError('unauthenticated', 'refresh token invalid');
  }
  return issueTokens(
    deps,
    row.tenantId,
    row.userId,
    { ...client, clientPort: row.clientPort as ClientPort },
    { familyId: row.familyId, activeRoleId: row.activeRoleId, sso: row.sso },
  );
}

function todayKey(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Sends a login code. Answers the same whether or not an account has this phone, so the call cannot be
 * used to find out who is registered; a code is only sent when exactly one account has it.
 */
export async function sendSmsCode(
  deps: AuthDeps,
  tenantId: number,
  phone: string,
  client: ClientInfo,
): Promise<boolean> {
  const system = deps.database.system;
  await requireActiveTenant(system, tenantId);
  await enforceRateLimit(system, `sms:ip:${client.ip}`, deps.env.LOGIN_IP_LIMIT_PER_MIN, 60);
  const prev = await repo.findSmsCode(system, tenantId, phone);
  const now = Date.now();
  if (prev && now - prev.sentAt.getTime() < SMS_RESEND_MS) {
    const retryAfter = Math.ceil((SMS_RESEND_MS - (now - prev.sentAt.getTime())) / 1000);
    throw new AppError('tooManyRequests', undefined, { retryAfter }, { 'retry-after': String(retryAfter) });
  }
  const day = todayKey();
  const sentToday = prev && prev.sentDay === day ? prev.sentCountToday : 0;
  if (sentToday >= SMS_MAX_PER_DAY) throw new AppError('tooManyRequests', undefined, { retryAfter: 86400 });
  const users = await deps.database.withTenant(tenantId, (s) => findUsersByPhone(s, phone));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.saveSmsCode(system, {
    tenantId,
    phone,
    codeHash: sha256Hex(`${tenantId}:${phone}:${code}`),
    sentAt: new Date(now),
    expiresAt: new Date(now + SMS_CODE_TTL_MS),
    sentDay: day,
    sentCountToday: sentToday + 1,
  });
  if (users.length === 1) {
    await deps.sms.send({
      tenantId,
      phone,
      text: `Your login code is ${code}, valid for 5 minutes. 您的登录验证码为 ${code}，5 分钟内有效。`,
    });
  }
  return true;
}

async function checkSmsCode(
  deps: AuthDeps,
  tenantId: number,
  phone: string,
  code: string,
  consume: boolean,
): Promise<boolean> {
  const system = deps.database.system;
  const row = await repo.findSmsCode(system, tenantId, phone);
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= SMS_MAX_ATTEMPTS) return false;
  if (row.codeHash !== sha256Hex(`${tenantId}:${phone}:${code}`)) {
    await repo.countSmsAttempt(system, tenantId, phone);
    return false;
  }
  if (consume) await repo.expireSmsCode(system, tenantId, phone);
  return true;
}

export function validSmsCode(
  deps: AuthDeps,
  tenantId: number,
  phone: string,
  code: string,
): Promise<boolean> {
  return checkSmsCode(deps, tenantId, phone, code, false);
}

/** SMS login (`mobile` is `SMS@<phone>`). A successful login also lifts a password lockout. */
export async function loginWithSms(
  deps: AuthDeps,
  input: { tenantId: number; mobile: string; code: string },
  client: ClientInfo,
): Promise<TokenResponse> {
  const system = deps.database.system;
  const { tenantId } = input;
  const phone = input.mobile.slice('SMS@'.length);
  await requireActiveTenant(system, tenantId);
  await enforceRateLimit(system, `login:ip:${client.ip}`, deps.env.LOGIN_IP_LIMIT_PER_MIN, 60);
  const ok = await checkSmsCode(deps, tenantId, phone, input.code, true);
  const users = ok ? await deps.database.withTenant(tenantId, (s) => findUsersByPhone(s, phone)) : [];
  const user = users.length === 1 ? users[0]! : null;
  if (!user) {
    await recordAttempt(deps, client, {
      tenantId,
      username: `SMS@${phone}`,
      userId: null,
      method: 'sms',
      result: 'bad_code',
    });
    throw new AppError('badCaptcha');
  }
  // Only a caller who holds the phone and its code learns that the account is disabled.
  if (user.status !== 'active') {
    await recordAttempt(deps, client, {
      tenantId,
      username: user.username,
      userId: user.id,
      method: 'sms',
      result: 'disabled',
    });
    throw new AppError('loginNotPermitted');
  }
  await repo.clearLoginAttempt(system, tenantId, user.username.toLowerCase());
  await recordAttempt(deps, client, {
    tenantId,
    username: user.username,
    userId: user.id,
    method: 'sms',
    result: 'success',
  });
  return issueTokens(deps, tenantId, user.id, client);
}

/** Writes a single sign-on step that did not reach `loginVerifiedUser` (unknown subject, refused proof). */
export function recordSignOnAttempt(
  deps: AuthDeps,
  client: ClientInfo,
  entry: { tenantId: number; username: string; userId: number | null; provider: string; result: string },
) {
  return repo.insertLoginLog(deps.database.system, {
    ...entry,
    method: 'sso',
    ip: client.ip,
    userAgent: client.userAgent,
  });
}

/** Refuses a client address that has tried to log in too often this minute (429, as the password login). */
export async function enforceLoginIpLimit(deps: AuthDeps, client: ClientInfo): Promise<void> {
  await enforceRateLimit(deps.database.system, `login:ip:${client.ip}`, deps.env.LOGIN_IP_LIMIT_PER_MIN, 60);
}

/**
 * Signs in a user whose identity another factor has proved (a verified WebAuthn assertion, a single
 * sign-on): the same account checks, login log and tokens as the password login. `userId: null` records
 * a failed attempt. A single sign-on's session is marked so: it is not held to a forced password change.
 */
export async function loginVerifiedUser(
  deps: AuthDeps,
  input: {
    tenantId: number;
    userId: number | null;
    method: 'fingerprint' | 'sso';
    /** The identity provider's code of a single sign-on. */
    provider?: string;
    failure?: string;
  },
  client: ClientInfo,
): Promise<TokenResponse> {
  const { tenantId } = input;
  const user =
    input.userId === null
      ? null
      : await deps.database.withTenant(tenantId, (s) => loadPrincipalData(s, input.userId!));
  if (!user) {
    await repo.insertLoginLog(deps.database.system, {
      tenantId,
      username: '',
      userId: input.userId,
      method: input.method,
      provider: input.provider ?? null,
      result: input.failure ?? 'bad_credential',
      ip: client.ip,
      userAgent: client.userAgent,
    });
    throw new AppError('badCredentials');
  }
  const entry = {
    tenantId,
    username: user.username,
    userId: user.id,
    provider: input.provider ?? null,
    ip: client.ip,
    userAgent: client.userAgent,
  };
  if (user.status !== 'active') {
    await repo.insertLoginLog(deps.database.system, { ...entry, method: input.method, result: 'disabled' });
    throw new AppError('loginNotPermitted');
  }
  await repo.insertLoginLog(deps.database.system, { ...entry, method: input.method, result: 'success' });
  return issueTokens(deps, tenantId, user.id, client, { sso: input.method === 'sso' });
}

export async function logout(scope: TenantScope, p: Principal): Promise<boolean> {
  await repo.revokeToken(scope, p.tokenId, 'logout');
  return true;
}

/** Revokes every token of a user (password change or reset, role removal, account disabled). */
export function revokeUserTokens(scope: TenantScope, userId: number, reason: string) {
  return repo.revokeAllForUser(scope, userId, reason);
}

export function tokenStatus(p: Principal) {
  return {
    active: true,
    expiresIn: Math.max(0, Math.floor((p.accessExpiresAt.getTime() - Date.now()) / 1000)),
  };
}

/** Makes a usable role the token's active role (spec S0.4 role switch). */
export async function toggleRole(scope: TenantScope, p: Principal, roleId: number) {
  const role = p.roles.find((r) => r.roleId === roleId);
  if (!role) throw new AppError('forbidden', 'roleId: the role is not yours');
  if (!p.usableRoleIds.includes(roleId))
    throw new AppError('forbidden', 'roleId: no port permission for this client');
  await repo.setTokenActiveRole(scope, p.tokenId, roleId);
  return {
    roleId,
    roleCode: role.roleCode,
    roleName: role.roleName,
    permissions: [...(p.permissionsByRole[String(roleId)] ?? [])].sort(),
  };
}

/** Wrong old passwords allowed per user and window before the self change answers 429. */
export const OLD_PASSWORD_LIMIT = 5;
export const OLD_PASSWORD_WINDOW_S = 15 * 60;

/** The refusal of a wrong old password: the only outcome that counts against the rate limit. */
class WrongOldPasswordError extends AppError {
  constructor(lang: Lang) {
    const message = PASSWORD_CHANGE_MESSAGES.oldPasswordWrong[lang];
    super('badRequest', `oldPwd: ${message}`, { fields: [{ field: 'oldPwd', message }] });
  }
}

const oldPasswordLimitKey = (token: TokenRecord) => `pwd:old:${token.tenantId}:${token.userId}`;

/** Before a self change, outside its transaction: counts the attempt (429 past the limit). */
export async function beginPasswordChange(deps: AuthDeps, token: TokenRecord): Promise<void> {
  await enforceRateLimit(
    deps.database.system,
    oldPasswordLimitKey(token),
    OLD_PASSWORD_LIMIT,
    OLD_PASSWORD_WINDOW_S,
  );
}

/** After a self change: an attempt that did not fail on the old password is given back. */
export async function endPasswordChange(deps: AuthDeps, token: TokenRecord, error: unknown): Promise<void> {
  if (!(error instanceof WrongOldPasswordError)) {
    await releaseRateLimitHit(deps.database.system, oldPasswordLimitKey(token));
  }
}

/**
 * A password of the request, opened before its transaction (`openRequestPasswords`): a bad, expired or
 * already used ciphertext is a 400 naming the field.
 */
export type OpenedPasswordOf = (field: string, value: string) => string;

function requireValidNewPassword(newPwd: string, username: string, lang: Lang): void {
  const issue = checkNewPassword(newPwd, username);
  if (issue) throw badRequest('newPwd', PASSWORD_ISSUE_MESSAGES[issue][lang]);
}

/** Stores the new hash, clears the must-change flag and signs out every session, the caller's too. */
async function storeNewPassword(deps: AuthDeps, scope: TenantScope, p: Principal, newPwd: string) {
  if (!(await updateUserPassword(scope, p.userId, await hashPassword(newPwd)))) {
    throw new AppError('unauthenticated');
  }
  const revoked = await revokeUserTokens(scope, p.userId, 'password_change');
  deps.log.info({ tenantId: p.tenantId, userId: p.userId, revoked }, 'password changed; sessions revoked');
}

/**
 * The forced change after login (spec S0.4.1, S0.7.10 reset at login): only while the account must
 * change its password; the new one must pass the rules and differ from the current one.
 */
export async function resetPasswordAtLogin(
  deps: AuthDeps,
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  input: { newPwd: string },
  opened: OpenedPasswordOf,
): Promise<true> {
  if (!p.mustChangePassword) throw new AppError('forbidden', PASSWORD_CHANGE_MESSAGES.notRequired[lang]);
  const newPwd = opened('newPwd', input.newPwd);
  const user = await findUserPassword(scope, p.userId);
  if (!user) throw new AppError('unauthenticated');
  requireValidNewPassword(newPwd, user.username, lang);
  if (await verifyPassword(user.passwordHash, newPwd)) {
    throw badRequest('newPwd', PASSWORD_CHANGE_MESSAGES.sameAsCurrent[lang]);
  }
  await storeNewPassword(deps, scope, p, newPwd);
  return true;
}

/** Self change with the old password (spec S0.5.5, S0.7.10 self change). */
export async function changeMyPassword(
  deps: AuthDeps,
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  input: { oldPwd: string; newPwd: string },
  opened: OpenedPasswordOf,
): Promise<true> {
  const oldPwd = opened('oldPwd', input.oldPwd);
  const newPwd = opened('newPwd', input.newPwd);
  const oldIssue = checkOldPassword(oldPwd);
  if (oldIssue) throw badRequest('oldPwd', OLD_PASSWORD_ISSUE_MESSAGES[oldIssue][lang]);
  const user = await findUserPassword(scope, p.userId);
  if (!user) throw new AppError('unauthenticated');
  requireValidNewPassword(newPwd, user.username, lang);
  if (newPwd === oldPwd) throw badRequest('newPwd', PASSWORD_CHANGE_MESSAGES.sameAsCurrent[lang]);
  if (!(await verifyPassword(user.passwordHash, oldPwd))) throw new WrongOldPasswordError(lang);
  await storeNewPassword(deps, scope, p, newPwd);
  return true;
}
