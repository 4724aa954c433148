import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgPolicy,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { role, sysUser } from '../identity/identity.table';
import { tenant } from '../tenants/tenants.table';

/** The platform's product catalogue, shared by all tenants (read-only to the app role). */
export const product = pgTable(
  'product',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    productCode: text('product_code').notNull(),
    productName: text('product_name').notNull(),
    productNameEn: text('product_name_en').notNull(),
    /** 1: main product shown in the navigation dialog. */
    type: smallint('type').notNull().default(1),
    icon: text('icon'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_code_uq').on(t.productCode),
    pgPolicy('product_read', { as: 'permissive', for: 'select', using: sql`true` }),
  ],
);

/** A product enabled for a tenant, with its tenant-specific redirect address (sleep, visualisation). */
export const tenantProduct = pgTable(
  'tenant_product',
  {
    tenantId: tenantIdColumn(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    redirectUrl: text('redirect_url'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.productId] }),
    foreignKey({ name: 'tenant_product_product_fk', columns: [t.productId], foreignColumns: [product.id] }),
    foreignKey({ name: 'tenant_product_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

/** A user's favourite flag (tuck) and order of a product. */
export const userProduct = pgTable(
  'user_product',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    tuck: smallint('tuck').notNull().default(0),
    userSort: integer('user_sort'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.productId] }),
    foreignKey({
      name: 'user_product_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'user_product_product_fk', columns: [t.productId], foreignColumns: [product.id] }),
    tenantIsolation(),
  ],
);

/** Menu entries and buttons of a tenant, per product; `permission` is the key routes check. */
export const menu = pgTable(
  'menu',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    menuCode: text('menu_code'),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    path: text('path'),
    icon: text('icon'),
    permission: text('permission'),
    /** 0 menu, 1 button. */
    type: smallint('type').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
    keepAlive: boolean('keep_alive').notNull().default(false),
    menuGroup: text('menu_group'),
    query: text('query'),
    meta: jsonb('meta').$type<{ roles?: string[] }>().notNull().default({}),
    delFlag: boolean('del_flag').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('menu_product_idx').on(t.tenantId, t.productId),
    uniqueIndex('menu_code_uq').on(t.tenantId, t.menuCode),
    foreignKey({
      name: 'menu_parent_fk',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'menu_product_fk', columns: [t.productId], foreignColumns: [product.id] }),
    tenantIsolation(),
  ],
);

export const roleMenu = pgTable(
  'role_menu',
  {
    tenantId: tenantIdColumn(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
    menuId: bigint('menu_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.menuId] }),
    index('role_menu_menu_idx').on(t.tenantId, t.menuId),
    foreignKey({
      name: 'role_menu_role_fk',
      columns: [t.tenantId, t.roleId],
      foreignColumns: [role.tenantId, role.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'role_menu_menu_fk',
      columns: [t.tenantId, t.menuId],
      foreignColumns: [menu.tenantId, menu.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
