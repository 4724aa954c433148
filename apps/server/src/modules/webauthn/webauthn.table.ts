import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';
import { tenant } from '../tenants/tenants.table';

/** A WebAuthn credential ("fingerprint") of a user: created on the user's device, kept per tenant. */
export const webauthnCredential = pgTable(
  'webauthn_credential',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Credential id, base64url, as the authenticator reports it. */
    credentialId: text('credential_id').notNull(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('webauthn_credential_id_uq').on(t.tenantId, t.credentialId),
    index('webauthn_credential_user_idx').on(t.tenantId, t.userId),
    foreignKey({
      name: 'webauthn_credential_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * A challenge handed out for enrolment or login, kept in the database (servers are stateless) until
 * used once or expired.
 */
export const webauthnChallenge = pgTable(
  'webauthn_challenge',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull().defaultRandom(),
    /** 'register' | 'authenticate'. */
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    /** The enrolling user; null for a login challenge. */
    userId: bigint('user_id', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('webauthn_challenge_expiry_idx').on(t.tenantId, t.expiresAt),
    foreignKey({ name: 'webauthn_challenge_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);
