import {
  bigint,
  boolean,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { tenant } from '../tenants/tenants.table';

/** A tenant setting record by code (spec S0.7 / S1.7 setting codes); `value` holds the record's fields. */
export const setting = pgTable(
  'setting',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    type: text('type').notNull(),
    enable: boolean('enable').notNull().default(false),
    value: jsonb('value').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('setting_type_uq').on(t.tenantId, t.type),
    foreignKey({ name: 'setting_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

/** Page setup of a tenant (spec S0.1.7). */
export const pageSetup = pgTable(
  'page_setup',
  {
    tenantId: tenantIdColumn().primaryKey(),
    systemTitle: text('system_title'),
    browserTitle: text('browser_title'),
    browserIcon: text('browser_icon'),
    technicalSupport: text('technical_support'),
    navigateLogo: text('navigate_logo'),
    layoutThemeColor: text('layout_theme_color'),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'page_setup_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

export const dictType = pgTable(
  'dict_type',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    system: boolean('system').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('dict_type_name_uq').on(t.tenantId, t.name),
    tenantIsolation(),
  ],
);

export const dictItem = pgTable(
  'dict_item',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    dictId: bigint('dict_id', { mode: 'number' }).notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    labelEn: text('label_en'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('dict_item_value_uq').on(t.tenantId, t.dictId, t.value),
    foreignKey({
      name: 'dict_item_dict_fk',
      columns: [t.tenantId, t.dictId],
      foreignColumns: [dictType.tenantId, dictType.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
