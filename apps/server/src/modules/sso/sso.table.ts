import type { SsoRegistration } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';
import { tenant } from '../tenants/tenants.table';

/** A school's identity provider (docs/sso.md): CAS, OpenID Connect, DingTalk or WeCom. */
export const ssoProvider = pgTable(
  'sso_provider',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    /** 'cas' | 'oidc' | 'dingtalk' | 'wecom'. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    enabled: boolean('enabled').notNull().default(true),
    /** The kind's settings (contracts: casConfigSchema ...); never a secret. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    /** The client secret sealed by core/security/secret-box.ts; never answered by a read. */
    secretSealed: text('secret_sealed'),
    redirectUris: text('redirect_uris')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'username' | 'numberName' | 'link'. */
    linkBy: text('link_by').notNull(),
    subjectClaim: text('subject_claim'),
    /** Self-registration of unknown subjects (null: off); docs/sso.md "Self-registration". */
    registration: jsonb('registration').$type<SsoRegistration>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sso_provider_code_uq').on(t.tenantId, t.code),
    foreignKey({ name: 'sso_provider_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

/** An explicit link of a provider's subject to a user (link rule 'link'). */
export const ssoLink = pgTable(
  'sso_link',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    providerId: bigint('provider_id', { mode: 'number' }).notNull(),
    subject: text('subject').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sso_link_subject_uq').on(t.tenantId, t.providerId, t.subject),
    index('sso_link_user_idx').on(t.tenantId, t.userId),
    foreignKey({
      name: 'sso_link_provider_fk',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [ssoProvider.tenantId, ssoProvider.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sso_link_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * A sign-on between its start and the provider's return: the state (hashed), the OIDC nonce and PKCE
 * verifier, the return address. Taken once by the state before the school is known, so system-only.
 */
export const ssoFlow = pgTable(
  'sso_flow',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    stateHash: text('state_hash').notNull(),
    providerId: bigint('provider_id', { mode: 'number' }).notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sso_flow_state_idx').on(t.stateHash),
    index('sso_flow_expiry_idx').on(t.expiresAt),
    foreignKey({
      name: 'sso_flow_provider_fk',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [ssoProvider.tenantId, ssoProvider.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** The single-use login token of `/auth/sso/login/{x}`, hashed; system-only like the session tokens. */
export const ssoLoginToken = pgTable(
  'sso_login_token',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    providerId: bigint('provider_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sso_login_token_hash_idx').on(t.tokenHash),
    index('sso_login_token_expiry_idx').on(t.expiresAt),
    foreignKey({
      name: 'sso_login_token_provider_fk',
      columns: [t.tenantId, t.providerId],
      foreignColumns: [ssoProvider.tenantId, ssoProvider.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sso_login_token_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
