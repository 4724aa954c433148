import { bigint, boolean, foreignKey, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/**
 * The service categories a counsellor works (spec S1.7.12 workForTeacher): one row per user and
 * category, a value of the school's `categoryId` dictionary or 10 single session (docs/workforce.md).
 */
export const counsellorWorkforce = pgTable(
  'counsellor_workforce',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    categoryId: integer('category_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.categoryId] }),
    // The free-counsellor lookup goes by category.
    index('counsellor_workforce_category_idx').on(t.tenantId, t.categoryId),
    foreignKey({
      name: 'counsellor_workforce_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * Whether a counsellor takes new visitors (listed as free). A counsellor without a row takes them: the
 * row exists once an administrator saved the workforce, and is removed with it.
 */
export const counsellorAvailability = pgTable(
  'counsellor_availability',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    accepting: boolean('accepting').notNull().default(true),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    foreignKey({
      name: 'counsellor_availability_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
