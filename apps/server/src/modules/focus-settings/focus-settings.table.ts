import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { tenant } from '../tenants/tenants.table';

/**
 * An entry of one of a school's key-person option lists (spec S1.7.7; the types are
 * `FOCUS_SETTING_TYPE` in @psy/contracts). Names are unique per type among live entries; a deleted
 * entry keeps its row (answers that chose it still name it) and frees its names.
 */
export const focusSetting = pgTable(
  'focus_setting',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    /** 1 on (offered in forms), 0 off. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('focus_setting_name_uq')
      .on(t.tenantId, t.type, t.name)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('focus_setting_name_en_uq')
      .on(t.tenantId, t.type, sql`lower(${t.nameEn})`)
      .where(sql`${t.deletedAt} is null`),
    index('focus_setting_type_idx').on(t.tenantId, t.type, t.sort),
    foreignKey({ name: 'focus_setting_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);
