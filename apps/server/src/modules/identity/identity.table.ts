import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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

export const userType = pgTable(
  'user_type',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    allowRegister: boolean('allow_register').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('user_type_code_uq').on(t.tenantId, t.code),
    foreignKey({ name: 'user_type_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

export const dept = pgTable(
  'dept',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    delFlag: boolean('del_flag').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('dept_parent_idx').on(t.tenantId, t.parentId),
    foreignKey({
      name: 'dept_parent_fk',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }),
    foreignKey({ name: 'dept_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

export const sysUser = pgTable(
  'sys_user',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    realName: text('real_name').notNull(),
    numberName: text('number_name'),
    phone: text('phone'),
    email: text('email'),
    idCard: text('id_card'),
    /** ID document type of `id_card` (spec S0.5.4, contracts id-card.ts): 1 ID card ... 8 military/police. */
    idType: smallint('id_type'),
    sex: smallint('sex'),
    birthday: date('birthday', { mode: 'string' }),
    avatar: text('avatar'),
    deptId: bigint('dept_id', { mode: 'number' }),
    userTypeId: bigint('user_type_id', { mode: 'number' }),
    /** 'active' | 'locked' (disabled by an administrator). */
    status: text('status').notNull().default('active'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    logoutRedirect: text('logout_redirect'),
    isInitializeAdmin: boolean('is_initialize_admin').notNull().default(false),
    /** Dictionary-backed fields of the default user form (spec S0.3.3); values are dictionary item values. */
    yearInfo: text('year_info'),
    nation: text('nation'),
    politicCountenance: text('politic_countenance'),
    educationalLevel: text('educational_level'),
    religiousBelief: text('religious_belief'),
    isMarriage: text('is_marriage'),
    schoolRegister: text('school_register'),
    /**
     * Search keys of the user list's "contains" filters (docs/users-and-departments.md): hashed one-,
     * two- and three-character pieces of real name, user name and number, tenant-prefixed, computed by
     * PostgreSQL (function user_search_keys, migration 0006) and indexed with GIN.
     */
    searchKeys: integer('search_keys')
      .array()
      .generatedAlwaysAs(sql`user_search_keys(tenant_id, real_name, username, number_name)`),
    delFlag: boolean('del_flag').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('sys_user_username_uq').on(t.tenantId, sql`lower(${t.username})`),
    index('sys_user_search_idx').using('gin', t.searchKeys),
    index('sys_user_phone_idx').on(t.tenantId, t.phone),
    /** Bulk import checks numbers per chunk by index (docs/user-import.md). */
    index('sys_user_number_idx').on(t.tenantId, t.numberName),
    /** Login by ID card (docs/sso.md): the type and the number as written, upper case. */
    index('sys_user_id_card_idx').on(t.tenantId, t.idType, sql`upper(${t.idCard})`),
    index('sys_user_dept_idx').on(t.tenantId, t.deptId),
    // Lists at a large school (docs/users-and-departments.md "Lists at 500,000 users"): live users by id
    // (count, page and deep offsets from the index alone), by department, status and user type in id
    // order, and the pickers' active users by name.
    index('sys_user_live_idx')
      .on(t.tenantId, t.id)
      .where(sql`not ${t.delFlag}`),
    index('sys_user_live_dept_idx')
      .on(t.tenantId, t.deptId, t.id)
      .where(sql`not ${t.delFlag}`),
    index('sys_user_live_status_idx')
      .on(t.tenantId, t.status, t.id)
      .where(sql`not ${t.delFlag}`),
    // Deleted users included: a user type's count includes them (their rows still point at it).
    index('sys_user_type_idx').on(t.tenantId, t.userTypeId, t.id),
    index('sys_user_pick_idx')
      .on(t.tenantId, t.realName, t.id)
      .where(sql`not ${t.delFlag} and ${t.status} = 'active'`),
    foreignKey({
      name: 'sys_user_dept_fk',
      columns: [t.tenantId, t.deptId],
      foreignColumns: [dept.tenantId, dept.id],
    }),
    foreignKey({
      name: 'sys_user_type_fk',
      columns: [t.tenantId, t.userTypeId],
      foreignColumns: [userType.tenantId, userType.id],
    }),
    foreignKey({ name: 'sys_user_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

export const role = pgTable(
  'role',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    roleCode: text('role_code').notNull(),
    roleName: text('role_name').notNull(),
    roleDesc: text('role_desc'),
    /** Client scopes (comma-separated in the spec; an array here) this role may be used from. */
    portPermission: text('port_permission')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'all' or 'dept_tree' (a sub-administrator limited to their department subtree). */
    dataScope: text('data_scope').notNull().default('all'),
    /**
     * Department (sub-)administrators may grant this role to users of their subtree. Set by a school-wide
     * administrator, only on a 'dept_tree' role or the ordinary user's role (docs/users-and-departments.md).
     */
    delegable: boolean('delegable').notNull().default(false),
    delFlag: boolean('del_flag').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('role_code_uq').on(t.tenantId, t.roleCode),
    foreignKey({ name: 'role_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

export const userRole = pgTable(
  'user_role',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    index('user_role_role_idx').on(t.tenantId, t.roleId),
    foreignKey({
      name: 'user_role_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'user_role_role_fk',
      columns: [t.tenantId, t.roleId],
      foreignColumns: [role.tenantId, role.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * Unmasked reads of another person's personal data (PIPL art. 28-31; spec: desensitised calls): who
 * read whose which fields, through which call, when. Written in the transaction of the read; append-only
 * for the app role (the identity manifest's `tables.appendOnly`), removed only by the retention purge,
 * which runs as the system role.
 */
export const personalDataAccessLog = pgTable(
  'personal_data_access_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    viewerId: bigint('viewer_id', { mode: 'number' }).notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** Personal fields read unmasked, e.g. {phone,idCard}. */
    fields: text('fields').array().notNull(),
    /** The call that read them, e.g. `GET /admin/user/getPhone`. */
    route: text('route').notNull(),
    /**
     * The export task that read them, if any: an export logs each person once per task, however many
     * attempts its job takes (a retried export does not log its reads again).
     */
    taskId: bigint('task_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Not unique: the log is append-only, so a retried export adds a row with the fields it newly read.
    index('personal_data_access_log_task_idx')
      .on(t.tenantId, t.taskId, t.subjectId)
      .where(sql`task_id is not null`),
    index('personal_data_access_log_time_idx').on(
      t.tenantId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('personal_data_access_log_subject_idx').on(t.tenantId, t.subjectId, t.createdAt.desc()),
    index('personal_data_access_log_viewer_idx').on(t.tenantId, t.viewerId, t.createdAt.desc()),
    // Kept when the user is soft-deleted (rows are never hard-deleted); the FK keeps ids meaningful.
    foreignKey({
      name: 'personal_data_access_log_viewer_fk',
      columns: [t.tenantId, t.viewerId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }),
    foreignKey({
      name: 'personal_data_access_log_subject_fk',
      columns: [t.tenantId, t.subjectId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }),
    tenantIsolation(),
  ],
);
