import { TASK_STATUS } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/**
 * Background file work of a user (docs/user-import.md): user imports (taskType 0 create, 1 update) and
 * exports (2). Status 0 queued, 1 processing, 2 done, 3 failed, 4 cancelled. An import's chunk
 * transaction moves `current_progress` / `success_count` / `fail_count` with the rows it writes, so a
 * re-run job resumes from there.
 */
export const taskProgress = pgTable(
  'task_progress',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    taskType: smallint('task_type').notNull(),
    taskStatus: smallint('task_status').notNull().default(TASK_STATUS.queued),
    /** The uploaded file's name (imports) or the generated file's name (exports). */
    fileName: text('file_name').notNull(),
    /** Storage key of the uploaded file (imports), removed when the task ends. */
    sourceKey: text('source_key'),
    /** Storage key of the downloadable file (export, or import result); null once expired. */
    fileKey: text('file_key'),
    totalProgress: integer('total_progress').notNull().default(0),
    currentProgress: integer('current_progress').notNull().default(0),
    totalCount: integer('total_count').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    createUserId: bigint('create_user_id', { mode: 'number' }).notNull(),
    createUserName: text('create_user_name').notNull().default(''),
    /** Import target department (data scope of the 'all' list) and user type. */
    deptId: bigint('dept_id', { mode: 'number' }),
    userTypeId: bigint('user_type_id', { mode: 'number' }),
    /** The core/jobs job working the task (cancel cancels it too). */
    jobId: bigint('job_id', { mode: 'number' }),
    /** Task parameters the job needs (imports: the initial password hash, the caller's scope). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    finishTime: timestamp('finish_time', { withTimezone: true }),
    /** When the file is deleted (set when the task ends with a file). */
    expireTime: timestamp('expire_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('task_progress_user_idx').on(t.tenantId, t.createUserId, t.taskType, t.createTime.desc()),
    index('task_progress_status_idx').on(t.tenantId, t.taskStatus, t.finishTime.desc()),
    index('task_progress_expire_idx')
      .on(t.expireTime)
      .where(sql`file_key is not null`),
    foreignKey({
      name: 'task_progress_user_fk',
      columns: [t.tenantId, t.createUserId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
