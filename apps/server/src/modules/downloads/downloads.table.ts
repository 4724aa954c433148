import { DOWNLOAD_TASK_STATUS } from '@psy/contracts';
import {
  bigint,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

/** A file being generated for a user (an export); the top bar counts the ones still generating. */
export const downloadTask = pgTable(
  'download_task',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    /** 0 generating, 1 done, 2 failed. */
    status: smallint('status').notNull().default(DOWNLOAD_TASK_STATUS.generating),
    /** Key of the finished file in file storage. */
    fileKey: text('file_key'),
    error: text('error'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    finishTime: timestamp('finish_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('download_task_user_status_idx').on(t.tenantId, t.userId, t.status, t.createTime.desc()),
    foreignKey({
      name: 'download_task_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
