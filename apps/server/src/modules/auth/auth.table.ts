import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/**
 * Issued tokens, stored only as SHA-256 hashes. Looked up by hash before the tenant is known, so the
 * lookup runs in the system context; the app role has no grant on this table (see core/db/app-role.ts).
 */
export const authToken = pgTable(
  'auth_token',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Tokens rotated from one login share a family; reuse of a rotated refresh token revokes it. */
    familyId: text('family_id').notNull(),
    accessHash: text('access_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    clientPort: text('client_port').notNull(),
    activeRoleId: bigint('active_role_id', { mode: 'number' }),
    /**
     * Issued by a single sign-on (any provider): the school's identity provider proved who signs in, so
     * the forced change of our local password is not asked for (spec S0.4.1). Kept across rotation.
     */
    sso: boolean('sso').notNull().default(false),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('auth_token_access_idx').on(t.accessHash),
    index('auth_token_refresh_idx').on(t.refreshHash),
    index('auth_token_user_idx').on(t.tenantId, t.userId),
    foreignKey({
      name: 'auth_token_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** Failed password logins per account name (whether or not the account exists), for captcha and lockout. */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    tenantId: tenantIdColumn(),
    username: text('username').notNull(),
    failCount: integer('fail_count').notNull().default(0),
    lockCount: integer('lock_count').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.username] }), tenantIsolation()],
);

/** Every login attempt and its outcome (security log). */
export const loginLog = pgTable(
  'login_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    username: text('username').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    method: text('method').notNull(),
    /** The identity provider's code of a single sign-on (method 'sso'). */
    provider: text('provider'),
    result: text('result').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('login_log_user_idx').on(t.tenantId, t.username, t.createdAt),
    tenantIsolation(),
  ],
);

export const smsCode = pgTable(
  'sms_code',
  {
    tenantId: tenantIdColumn(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sentCountToday: integer('sent_count_today').notNull().default(1),
    sentDay: text('sent_day').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.phone] }), tenantIsolation()],
);

/* Infrastructure tables below: not tenant data; RLS on with no policy, so the app role sees nothing. */

export const captcha = pgTable(
  'captcha',
  {
    randomStr: text('random_str').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_expiry_idx').on(t.expiresAt)],
).enableRLS();

/** Request ids seen within the signature window: a second use is a replay. */
export const requestNonce = pgTable(
  'request_nonce',
  {
    requestId: text('request_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('request_nonce_expiry_idx').on(t.expiresAt)],
).enableRLS();
