import { bigint, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/**
 * A person's stored signature (spec S0.4.9, S1.7.27): one per user, quoted into forms. The image is in
 * file storage; the row keeps its key, type, size and hash.
 */
export const userSignature = pgTable(
  'user_signature',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'user_signature_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
