import { maskIdCard, maskPhone, type DownloadTask, type Lang } from '@psy/contracts';
import type { Database, TenantScope } from '../../core/db/database';
import { createTableWriter, type TableFormat } from '../../core/exports/table';
import type { Principal } from '../../core/http/context';
import type { JobHandler, JobQueue } from '../../core/jobs/queue';
import type { FileStorage } from '../../core/storage/file-storage';
import { createDownloadTask, runExportTask } from '../downloads';
import { canSeeSensitive, deptScopeOf } from './identity.policy';
import { searchUsersBatch, type UserFilter, type UserFullRow } from './users.repository';
import { recordPersonalDataReads, revealedFields, userFilterOf, type UserSearchInput } from './users.service';

/** Queue of the user export jobs (core/jobs). */
export const USER_EXPORT_QUEUE = 'users.export';

/** Rows read per transaction: short transactions, so other requests are not held up (PGlite has one connection). */
const BATCH = 2000;

export interface UserExportPayload {
  taskId: number;
  viewerId: number;
  /** The filter with the viewer's data scope already applied (decided when the export was asked for). */
  filter: UserFilter;
  masked: boolean;
  lang: Lang;
  /** Absent in jobs queued before CSV existed: xlsx. */
  format?: TableFormat;
}

/**
 * `exportUsersBySearch`: records a download task and queues the job that writes the file, both in the
 * request's transaction (the job exists only if the task does). Same filters and data scope as the list.
 */
export async function startUserExport(
  scope: TenantScope,
  p: Principal,
  jobs: JobQueue,
  lang: Lang,
  search: UserSearchInput & { format?: TableFormat },
): Promise<DownloadTask> {
  const filter = await userFilterOf(scope, await deptScopeOf(scope, p), search);
  const format = search.format ?? 'xlsx';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const task = await createDownloadTask(scope, { userId: p.userId, fileName: `users-${stamp}.${format}` });
  const payload: UserExportPayload = {
    taskId: task.id,
    viewerId: p.userId,
    filter,
    masked: !canSeeSensitive(p),
    lang,
    format,
  };
  await jobs.enqueue(scope, USER_EXPORT_QUEUE, payload, { maxAttempts: 3 });
  return task;
}

const HEADERS: Record<Lang, string[]> = {
  'en-US': [
    'Login account',
    'Name',
    'Number',
    'Phone',
    'ID type',
    'ID number',
    'Email',
    'Sex',
    'Birthday',
    'Department',
    'User type',
    'Roles',
    'Status',
    'Created',
  ],
  'zh-CN': [
    '登录账号',
    '姓名',
    '学号/工号',
    '联系方式',
    '证件类型',
    '证件号码',
    '邮箱',
    '性别',
    '出生日期',
    '组织机构',
    '用户类型',
    '角色',
    '状态',
    '创建时间',
  ],
};

const SEX: Record<Lang, Record<number, string>> = {
  'en-US': { 1: 'male', 2: 'female' },
  'zh-CN': { 1: '男', 2: '女' },
};

function rowValues(u: UserFullRow, masked: boolean, lang: Lang): (string | number | null)[] {
  return [
    u.username,
    u.realName,
    u.numberName,
    masked ? maskPhone(u.phone) : u.phone,
    u.idType,
    masked ? maskIdCard(u.idCard) : u.idCard,
    u.email,
    u.sex !== null ? (SEX[lang][u.sex] ?? String(u.sex)) : null,
    u.birthday,
    u.deptName,
    u.userTypeName,
    u.roles.map((r) => r.roleName).join(', '),
    u.status,
    u.createdAt.toISOString(),
  ];
}

/**
 * The job: reads the matching users in batches (newest first), streams them into an XLSX workbook or a
 * CSV file (core/exports),
 * stored, finished and announced by `runExportTask` (a failure on the last attempt fails the task).
 * Unmasked exports write one access-log row per user, once per task whatever the attempts.
 */
export function createUserExportJob(deps: {
  database: Database;
  files: FileStorage;
}): JobHandler<UserExportPayload> {
  return async (job) => {
    const tenantId = job.tenantId!;
    const { taskId, viewerId, filter, masked, lang, format = 'xlsx' } = job.payload;
    await runExportTask(deps, job, { taskId, viewerId, lang }, async () => {
      const sheet = createTableWriter(format, {
        sheetName: lang === 'zh-CN' ? '用户' : 'Users',
        headers: HEADERS[lang],
      });
      let beforeId: number | null = null;
      for (;;) {
        const batch: UserFullRow[] = await deps.database.withTenant(tenantId, async (scope) => {
          const rows = await searchUsersBatch(scope, filter, beforeId, BATCH);
          if (!masked) {
            await recordPersonalDataReads(
              scope,
              viewerId,
              rows.map((r) => ({
                subjectId: r.id,
                fields: revealedFields(r, false),
                route: 'POST /admin/user/exportUsersBySearch',
              })),
              { taskId },
            );
          }
          return rows;
        });
        for (const u of batch) sheet.addRow(rowValues(u, masked, lang));
        if (batch.length < BATCH) break;
        beforeId = batch[batch.length - 1]!.id;
      }
      return sheet.finish();
    });
  };
}
