import { sql } from 'drizzle-orm';
import { bigint, boolean, pgPolicy, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../core/db/columns';

/** A school. Not tenant-owned: it is the tenant. The app role may read it, never write it. */
export const tenant = pgTable(
  'tenant',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    domain: text('domain'),
    status: text('status').notNull().default('active'),
    smsLoginEnabled: boolean('sms_login_enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenant_code_uq').on(sql`lower(${t.code})`),
    pgPolicy('tenant_read', { as: 'permissive', for: 'select', using: sql`true` }),
  ],
);
