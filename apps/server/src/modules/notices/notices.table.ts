import { NOTICE_STATUS } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/** A system notice of a school (spec S0.2.14 /noticeList); readers see only published ones. */
export const notice = pgTable(
  'notice',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    publisherId: bigint('publisher_id', { mode: 'number' }),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    /** 1 published, 0 draft. */
    status: smallint('status').notNull().default(NOTICE_STATUS.draft),
    delFlag: boolean('del_flag').notNull().default(false),
    /**
     * Audience: members of these departments (subtrees included) or holders of these roles see it;
     * both empty: everyone of the school.
     */
    audienceDeptIds: bigint('audience_dept_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    audienceRoleIds: bigint('audience_role_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** Users who read it: notice_read rows, counted as they are written (insertNoticeRead). */
    readCount: integer('read_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('notice_published_idx').on(t.tenantId, t.status, t.publishTime.desc()),
    foreignKey({
      name: 'notice_publisher_fk',
      columns: [t.tenantId, t.publisherId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }),
    tenantIsolation(),
  ],
);

/** Who has read which notice, and when. */
export const noticeRead = pgTable(
  'notice_read',
  {
    tenantId: tenantIdColumn(),
    noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readTime: timestamp('read_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.noticeId] }),
    index('notice_read_notice_idx').on(t.tenantId, t.noticeId),
    foreignKey({
      name: 'notice_read_notice_fk',
      columns: [t.tenantId, t.noticeId],
      foreignColumns: [notice.tenantId, notice.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notice_read_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
