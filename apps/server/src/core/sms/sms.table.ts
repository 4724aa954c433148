import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** Where the development SMS adapter "sends" messages, so tests and the demo can read codes. */
export const devSmsOutbox = pgTable('dev_sms_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  tenantId: bigint('tenant_id', { mode: 'number' }),
  phone: text('phone').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
}).enableRLS();
