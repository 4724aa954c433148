import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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
    updatedAt: updatedAt(),
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
    /** Disabled items are kept (stored answers name them) but no longer offered. */
    enabled: boolean('enabled').notNull().default(true),
    /** Removed by the administrator: hidden everywhere; the value stays taken so it never changes meaning. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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

/** A counselling site (place) of the school (spec S1.7.4); removed sites are kept for the records naming them. */
export const site = pgTable(
  'site',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('site_name_uq')
      .on(t.tenantId, t.name)
      .where(sql`${t.deletedAt} is null`),
    foreignKey({ name: 'site_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

/** A room of a site (counselling room, group room). */
export const siteRoom = pgTable(
  'site_room',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    capacity: integer('capacity'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('site_room_name_uq')
      .on(t.tenantId, t.siteId, t.name)
      .where(sql`${t.deletedAt} is null`),
    index('site_room_site_idx').on(t.tenantId, t.siteId),
    foreignKey({
      name: 'site_room_site_fk',
      columns: [t.tenantId, t.siteId],
      foreignColumns: [site.tenantId, site.id],
    }),
    tenantIsolation(),
  ],
);
