import { bigint, foreignKey, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/** Error-log entries uploaded from the web app's error-log screen (spec S0.2.26, S0.3.13). */
export const clientLog = pgTable(
  'client_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    url: text('url').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    info: text('info'),
    /** When it happened, as the client reported it (its clock, its format). */
    time: text('time').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The list's orders (newest first, by type or by user): pages and counts from these indexes alone.
    index('client_log_time_idx').on(t.tenantId, t.createTime.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('client_log_type_idx').on(
      t.tenantId,
      t.type,
      t.createTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('client_log_user_idx').on(
      t.tenantId,
      t.userId,
      t.createTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    foreignKey({
      name: 'client_log_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
