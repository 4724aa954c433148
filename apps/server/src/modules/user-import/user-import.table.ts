import { sql } from 'drizzle-orm';
import { bigint, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { taskProgress } from '../downloads/downloads.table';

/**
 * Refused rows of an import task (row number as Excel shows it, column label, reason), written in the
 * chunk transaction with the users of that chunk; the result file lists them when the task ends.
 */
export const userImportError = pgTable(
  'user_import_error',
  {
    tenantId: tenantIdColumn(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    rowNo: integer('row_no').notNull(),
    seq: integer('seq').notNull(),
    columnName: text('column_name').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.rowNo, t.seq] }),
    foreignKey({
      name: 'user_import_error_task_fk',
      columns: [t.tenantId, t.taskId],
      foreignColumns: [taskProgress.tenantId, taskProgress.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * Chunks of an import task already written (one row per chunk, inserted first in the chunk's
 * transaction): a chunk is written once even when two workers or a resumed run reach it, and a resumed
 * run skips the chunks listed here.
 */
export const userImportChunk = pgTable(
  'user_import_chunk',
  {
    tenantId: tenantIdColumn(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    chunkNo: integer('chunk_no').notNull(),
    rows: integer('rows').notNull(),
    /**
     * The users the chunk created and their rows in the file, in file order: the result file lists their
     * initial passwords, derived again from the task's key and the row (nothing secret is stored here).
     */
    userIds: bigint('user_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    rowNos: integer('row_nos')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Refused cells of the chunk not kept in `user_import_error` (over IMPORT_MAX_ERROR_ROWS). */
    errorsOmitted: integer('errors_omitted').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.taskId, t.chunkNo] }),
    foreignKey({
      name: 'user_import_chunk_task_fk',
      columns: [t.tenantId, t.taskId],
      foreignColumns: [taskProgress.tenantId, taskProgress.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
