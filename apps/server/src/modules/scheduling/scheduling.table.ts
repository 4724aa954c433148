import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { dept, sysUser } from '../identity/identity.table';
import { site, siteRoom } from '../settings/settings.table';
import { tenant } from '../tenants/tenants.table';

/**
 * Duty schedules, terms, holidays and the sites' booking profiles (docs/appointments.md section 2). The
 * exclusion constraints that keep a counsellor and a room in one place at a time are written by hand in
 * the custom migration `*_scheduling_constraints.sql` (drizzle-kit cannot express them).
 */

/** The school's booking rules (`schedulingPolicySchema` of the contracts); no row: the defaults. */
export const schedulingPolicy = pgTable(
  'scheduling_policy',
  {
    tenantId: tenantIdColumn().primaryKey(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({ name: 'scheduling_policy_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

/** A term of the school's calendar; terms never overlap (exclusion constraint). */
export const schoolTerm = pgTable(
  'school_term',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('school_term_range_ck', sql`${t.startDate} <= ${t.endDate}`),
    tenantIsolation(),
  ],
);

/** Days the centre is closed: no slots are generated on them, and adding one withdraws their slots. */
export const schoolHoliday = pgTable(
  'school_holiday',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    check('school_holiday_range_ck', sql`${t.startDate} <= ${t.endDate}`),
    index('school_holiday_start_idx').on(t.tenantId, t.startDate),
    tenantIsolation(),
  ],
);

/** What the booking pages need of a site beyond the settings module's record: notice, categories. */
export const siteProfile = pgTable(
  'site_profile',
  {
    tenantId: tenantIdColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    notice: text('notice'),
    /** Raised when the notice text changes, so everyone sees it once more. */
    noticeVersion: integer('notice_version').notNull().default(0),
    categories: integer('categories')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.siteId] }),
    foreignKey({
      name: 'site_profile_site_fk',
      columns: [t.tenantId, t.siteId],
      foreignColumns: [site.tenantId, site.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** Departments a site serves (with their subtrees); a site without rows serves everyone. */
export const siteDept = pgTable(
  'site_dept',
  {
    tenantId: tenantIdColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    deptId: bigint('dept_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.siteId, t.deptId] }),
    foreignKey({
      name: 'site_dept_site_fk',
      columns: [t.tenantId, t.siteId],
      foreignColumns: [site.tenantId, site.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'site_dept_dept_fk',
      columns: [t.tenantId, t.deptId],
      foreignColumns: [dept.tenantId, dept.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** Which version of a site's notice a user has seen (`existNoticeCache` / `saveNoticeCache`). */
export const siteNoticeRead = pgTable(
  'site_notice_read',
  {
    tenantId: tenantIdColumn(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    noticeVersion: integer('notice_version').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.siteId, t.userId] }),
    foreignKey({
      name: 'site_notice_read_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'site_notice_read_site_fk',
      columns: [t.tenantId, t.siteId],
      foreignColumns: [site.tenantId, site.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** A counsellor's week template row: every <week>, <start>-<end> wall-clock time at a site. */
export const scheduleTemplate = pgTable(
  'schedule_template',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    roomId: bigint('room_id', { mode: 'number' }),
    kind: text('kind').notNull().default('consult'),
    category: smallint('category').notNull(),
    week: smallint('week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('schedule_template_start_uq').on(t.tenantId, t.counsellorId, t.week, t.startTime),
    check('schedule_template_time_ck', sql`${t.startTime} < ${t.endTime}`),
    check('schedule_template_week_ck', sql`${t.week} between 1 and 7`),
    foreignKey({
      name: 'schedule_template_counsellor_fk',
      columns: [t.tenantId, t.counsellorId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'schedule_template_site_fk',
      columns: [t.tenantId, t.siteId],
      foreignColumns: [site.tenantId, site.id],
    }),
    tenantIsolation(),
  ],
);

/**
 * A slot (kind `consult`, bookable, with a scheduling status) or a duty shift (kind `telephone` or
 * `manned`, with a duty status) of a counsellor at a site, optionally in a room. Removed ones keep their
 * row (`deleted_at`): appointments and exports name them.
 */
export const scheduleSlot = pgTable(
  'schedule_slot',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }).notNull(),
    siteId: bigint('site_id', { mode: 'number' }).notNull(),
    roomId: bigint('room_id', { mode: 'number' }),
    kind: text('kind').notNull().default('consult'),
    category: smallint('category').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** 1 bookable, 10 released-bookable, 2 booked, 3 completed (consult slots only). */
    status: smallint('status'),
    /** ok, appointment, complete (duty shifts only). */
    dutyStatus: text('duty_status'),
    templateId: bigint('template_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedReason: text('deleted_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The index by start (tenant_id, starts_at) is the covering `schedule_slot_month_idx` of the custom
    // migration: drizzle-kit cannot declare INCLUDE columns.
    index('schedule_slot_counsellor_idx')
      .on(t.tenantId, t.counsellorId, t.startsAt)
      .where(sql`${t.deletedAt} is null`),
    check('schedule_slot_time_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'schedule_slot_kind_ck',
      sql`(${t.kind} = 'consult' and ${t.status} in (1, 10, 2, 3) and ${t.dutyStatus} is null)
        or (${t.kind} in ('telephone', 'manned') and ${t.status} is null
          and ${t.dutyStatus} in ('ok', 'appointment', 'complete'))`,
    ),
    foreignKey({
      name: 'schedule_slot_counsellor_fk',
      columns: [t.tenantId, t.counsellorId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }),
    foreignKey({
      name: 'schedule_slot_site_fk',
      columns: [t.tenantId, t.siteId],
      foreignColumns: [site.tenantId, site.id],
    }),
    foreignKey({
      name: 'schedule_slot_room_fk',
      columns: [t.tenantId, t.roomId],
      foreignColumns: [siteRoom.tenantId, siteRoom.id],
    }),
    tenantIsolation(),
  ],
);
