import { boolean, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';

/**
 * A school's template of one message event (spec S0.7.23 message manager): texts in both languages with
 * `{name}` placeholders, and an on/off switch. The events themselves are declared in code
 * (`MESSAGE_EVENTS` in @psy/contracts); the rows are seeded per school from their defaults.
 */
export const messageTemplate = pgTable(
  'message_template',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    event: text('event').notNull(),
    typeCode: text('type_code').notNull(),
    /** Product code the messages belong to; null for platform messages. */
    productCode: text('product_code'),
    titleZh: text('title_zh').notNull(),
    contentZh: text('content_zh').notNull().default(''),
    titleEn: text('title_en').notNull(),
    contentEn: text('content_en').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique('message_template_event_uq').on(t.tenantId, t.event),
    tenantIsolation(),
  ],
);
