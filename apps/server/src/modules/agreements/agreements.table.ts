import {
  bigint,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/** A user's recorded consent to an agreement form (spec S0.3.12); one per user and form. */
export const agreementRecord = pgTable(
  'agreement_record',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    formName: text('form_name').notNull(),
    formId: bigint('form_id', { mode: 'number' }),
    formAnswerId: bigint('form_answer_id', { mode: 'number' }),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('agreement_record_user_form_uq').on(t.tenantId, t.userId, t.formName),
    // The list's order (newest first): its pages and count from this index alone.
    index('agreement_record_time_idx').on(
      t.tenantId,
      t.agreedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    foreignKey({
      name: 'agreement_record_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
