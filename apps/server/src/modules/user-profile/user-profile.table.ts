import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/** A user's emergency contact (spec S0.3.25, S0.7.14): the contact person and an 11-digit phone. */
export const emergencyContact = pgTable(
  'emergency_contact',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    relation: text('relation'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('emergency_contact_user_idx').on(t.tenantId, t.userId),
    foreignKey({
      name: 'emergency_contact_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * The family, custom and assess information of a user as validated JSON documents (one per user and
 * kind) until the form engine stores them as form answers; the contracts define and cap each kind.
 */
export const userProfileDocument = pgTable(
  'user_profile_document',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** 'family' | 'assess' (custom information lives on the user row). */
    kind: text('kind').notNull(),
    doc: jsonb('doc').notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.kind] }),
    foreignKey({
      name: 'user_profile_document_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
