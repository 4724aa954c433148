import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { rowsOf, toNumber, toNumberOrNull } from '../../core/db/rows';
import type { TokenRecord } from '../../core/http/gate';
import { rateLimit } from '../../core/security/rate-limit.table';
import { authToken, captcha, loginAttempt, loginLog, requestNonce, smsCode } from './auth.table';

/*
 * Token lookup by hash, captchas, nonces, rate limits and login attempts run in the system context: they
 * are read before a tenant is established. Changes to a signed-in user's own tokens go through the
 * request's tenant scope.
 */

const NONCE_TTL = sql`interval '10 minutes'`;
/**
 * How long the access token of a rotated pair still works: requests the page sent just before it refreshed
 * carry the old token, and refusing them would log the user out mid-refresh. Any other revocation
 * (logout, password change, reuse, disabling) ends it at once.
 */
export const ROTATION_GRACE_SECONDS = 30;
export const ROTATED = 'rotated';
/** Live, or rotated so recently that a request already in flight may still use it. */
const isUsable = sql`(t.revoked_at is null or (t.revoke_reason = ${ROTATED} and t.revoked_at > now() - make_interval(secs => ${ROTATION_GRACE_SECONDS})))`;
/** Revocations other than rotation also end a rotated pair's grace. */
const notFinallyRevoked = sql`(${authToken.revokedAt} is null or ${authToken.revokeReason} = ${ROTATED})`;

/**
 * Spends the single-use nonce of an encrypted password (kept beside the request ids, under a prefix a
 * request id cannot have): true the first time, false when it was seen already. Kept twice as long as
 * a payload is accepted, so no accepted payload outlives its nonce.
 */
export async function spendPasswordNonce(
  { db }: SystemScope,
  nonce: string,
  ttlMs: number,
): Promise<boolean> {
  const res = await db.execute(sql`
    insert into request_nonce (request_id, expires_at)
    values (${`password:${nonce}`}, now() + make_interval(secs => ${(2 * ttlMs) / 1000}))
    on conflict do nothing returning 1 as spent`);
  return rowsOf(res).length === 1;
}

export async function admitRequest(
  { db }: SystemScope,
  requestId: string | null,
  tokenHash: string | null,
): Promise<{ fresh: boolean; token: TokenRecord | null }> {
  const res = await db.execute(sql`
    with n as (
      insert into request_nonce (request_id, expires_at)
      select ${requestId}::text, now() + ${NONCE_TTL} where ${requestId}::text is not null
      on conflict do nothing returning 1
    )
    select (${requestId}::text is null or exists (select 1 from n)) as fresh,
           t.id, t.tenant_id, t.user_id, t.access_expires_at, t.active_role_id, t.client_port, t.sso
    from (select 1) as one
    left join auth_token t
      on t.access_hash = ${tokenHash}::text and ${isUsable} and t.access_expires_at > now()`);
  const row = rowsOf<Record<string, unknown>>(res)[0]!;
  const token: TokenRecord | null =
    row.id == null
      ? null
      : {
          tokenId: toNumber(row.id),
          tenantId: toNumber(row.tenant_id),
          userId: toNumber(row.user_id),
          tokenHash: tokenHash!,
          accessExpiresAt: new Date(row.access_expires_at as string | Date),
          activeRoleId: toNumberOrNull(row.active_role_id),
          clientPort: String(row.client_port),
          sso: row.sso === true,
        };
  return { fresh: Boolean(row.fresh), token };
}

export interface NewToken {
  tenantId: number;
  userId: number;
  familyId: string;
  accessHash: string;
  refreshHash: string;
  clientPort: string;
  activeRoleId: number | null;
  /** Issued by a single sign-on, or rotated from a token that was. */
  sso: boolean;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
  ip: string | null;
}

export async function insertToken({ db }: SystemScope, t: NewToken): Promise<number> {
  const [row] = await db.insert(authToken).values(t).returning({ id: authToken.id });
  return row!.id;
}

export async function findTokenByRefreshHash({ db }: SystemScope, refreshHash: string) {
  const [row] = await db.select().from(authToken).where(eq(authToken.refreshHash, refreshHash)).limit(1);
  return row ?? null;
}

export async function revokeToken({ tx, tenantId }: TenantScope, tokenId: number, reason: string) {
  await tx
    .update(authToken)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(authToken.tenantId, tenantId), eq(authToken.id, tokenId), notFinallyRevoked));
}

/** Revokes a token only if still live; false when another request rotated it first. */
export async function revokeTokenIfLive(
  { db }: SystemScope,
  tenantId: number,
  tokenId: number,
  reason: string,
) {
  const rows = await db
    .update(authToken)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(authToken.tenantId, tenantId), eq(authToken.id, tokenId), isNull(authToken.revokedAt)))
    .returning({ id: authToken.id });
  return rows.length === 1;
}

export async function revokeFamily({ db }: SystemScope, tenantId: number, familyId: string, reason: string) {
  await db
    .update(authToken)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(authToken.tenantId, tenantId), eq(authToken.familyId, familyId), notFinallyRevoked));
}

export async function revokeAllForUser({ tx, tenantId }: TenantScope, userId: number, reason: string) {
  const rows = await tx
    .update(authToken)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(authToken.tenantId, tenantId), eq(authToken.userId, userId), notFinallyRevoked))
    .returning({ id: authToken.id });
  return rows.length;
}

export async function setTokenActiveRole({ tx, tenantId }: TenantScope, tokenId: number, roleId: number) {
  await tx
    .update(authToken)
    .set({ activeRoleId: roleId })
    .where(and(eq(authToken.tenantId, tenantId), eq(authToken.id, tokenId)));
}

export async function findLoginAttempt({ db }: SystemScope, tenantId: number, username: string) {
  const [row] = await db
    .select()
    .from(loginAttempt)
    .where(and(eq(loginAttempt.tenantId, tenantId), eq(loginAttempt.username, username)));
  return row ?? null;
}

export async function saveLoginAttempt(
  { db }: SystemScope,
  row: {
    tenantId: number;
    username: string;
    failCount: number;
    lockCount: number;
    lastFailedAt: Date | null;
    lockedUntil: Date | null;
  },
) {
  await db
    .insert(loginAttempt)
    .values(row)
    .onConflictDoUpdate({
      target: [loginAttempt.tenantId, loginAttempt.username],
      set: {
        failCount: row.failCount,
        lockCount: row.lockCount,
        lastFailedAt: row.lastFailedAt,
        lockedUntil: row.lockedUntil,
      },
    });
}

export async function clearLoginAttempt({ db }: SystemScope, tenantId: number, username: string) {
  await db
    .delete(loginAttempt)
    .where(and(eq(loginAttempt.tenantId, tenantId), eq(loginAttempt.username, username)));
}

export async function insertLoginLog(
  { db }: SystemScope,
  row: {
    tenantId: number;
    username: string;
    userId: number | null;
    method: string;
    provider?: string | null;
    result: string;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await db.insert(loginLog).values(row);
}

export async function putCaptcha(
  { db }: SystemScope,
  randomStr: string,
  answerHash: string,
  expiresAt: Date,
) {
  await db
    .insert(captcha)
    .values({ randomStr, answerHash, expiresAt })
    .onConflictDoUpdate({ target: captcha.randomStr, set: { answerHash, expiresAt } });
}

/** Takes a captcha out (single use) and answers its hash if it had not expired. */
export async function takeCaptcha({ db }: SystemScope, randomStr: string): Promise<string | null> {
  const rows = await db
    .delete(captcha)
    .where(and(eq(captcha.randomStr, randomStr), gt(captcha.expiresAt, new Date())))
    .returning({ answerHash: captcha.answerHash });
  return rows[0]?.answerHash ?? null;
}

export async function findSmsCode({ db }: SystemScope, tenantId: number, phone: string) {
  const [row] = await db
    .select()
    .from(smsCode)
    .where(and(eq(smsCode.tenantId, tenantId), eq(smsCode.phone, phone)));
  return row ?? null;
}

export async function saveSmsCode(
  { db }: SystemScope,
  row: {
    tenantId: number;
    phone: string;
    codeHash: string;
    sentAt: Date;
    expiresAt: Date;
    sentDay: string;
    sentCountToday: number;
  },
) {
  await db
    .insert(smsCode)
    .values({ ...row, attempts: 0 })
    .onConflictDoUpdate({
      target: [smsCode.tenantId, smsCode.phone],
      set: { ...row, attempts: 0 },
    });
}

export async function countSmsAttempt({ db }: SystemScope, tenantId: number, phone: string) {
  await db
    .update(smsCode)
    .set({ attempts: sql`${smsCode.attempts} + 1` })
    .where(and(eq(smsCode.tenantId, tenantId), eq(smsCode.phone, phone)));
}

export async function expireSmsCode({ db }: SystemScope, tenantId: number, phone: string) {
  await db
    .update(smsCode)
    .set({ expiresAt: new Date(0) })
    .where(and(eq(smsCode.tenantId, tenantId), eq(smsCode.phone, phone)));
}

/** Deletes expired nonces, captchas, stale rate-limit windows and long-expired tokens. */
export async function purgeExpired({ db }: SystemScope): Promise<void> {
  const now = new Date();
  await db.delete(requestNonce).where(lt(requestNonce.expiresAt, now));
  await db.delete(captcha).where(lt(captcha.expiresAt, now));
  await db.delete(rateLimit).where(lt(rateLimit.windowStart, new Date(now.getTime() - 3600_000)));
  await db.delete(authToken).where(lt(authToken.refreshExpiresAt, new Date(now.getTime() - 30 * 86400_000)));
}

/**
 * True while the login of a token is alive: the token, or a token rotated from it (same family), is
 * neither revoked nor past its refresh expiry. Rotation revokes the old token, so the family is checked.
 */
export async function isLoginLive({ db }: SystemScope, tenantId: number, tokenId: number) {
  const rows = await db
    .select({ id: authToken.id })
    .from(authToken)
    .where(
      and(
        eq(authToken.tenantId, tenantId),
        sql`${authToken.familyId} = (select t.family_id from auth_token t where t.tenant_id = ${tenantId} and t.id = ${tokenId})`,
        sql`${authToken.revokedAt} is null`,
        sql`${authToken.refreshExpiresAt} > now()`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}
