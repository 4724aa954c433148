import { exportUsersEndpoint, maskIdCard, maskPhone, type Lang } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { createTableWriter, type TableFormat } from '../../core/exports/table';
import { permission } from '../../core/http/context';
import type { JobRecord } from '../../core/jobs/queue';
import { defineExport, type ModuleDeps } from '../../core/module';
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
 * `exportUsersBySearch`: the download list records the task and queues the job in the request's
 * transaction (the job exists only if the task does). Same filters and data scope as the list.
 */
async function prepareUserExport(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  search: UserSearchInput & { format?: TableFormat },
) {
  const filter = await userFilterOf(scope, await deptScopeOf(scope, p), search);
  const format = search.format ?? 'xlsx';
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const payload: Omit<UserExportPayload, 'taskId'> = {
    viewerId: p.userId,
    filter,
    masked: !canSeeSensitive(p),
    lang,
    format,
  };
  return { fileName: `users-${stamp}.${format}`, payload };
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
 * CSV file (core/exports); the download list stores it, finishes the task and tells the user (a failure
 * on the last attempt fails the task). Unmasked exports write one access-log row per user, once per task
 * whatever the attempts.
 */
async function produceUserExport(deps: ModuleDeps, job: JobRecord<UserExportPayload>): Promise<Uint8Array> {
  const tenantId = job.tenantId!;
  const { taskId, viewerId, filter, masked, lang, format = 'xlsx' } = job.payload;
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
}

/** The user export, served by the download list (modules/downloads). */
export const userExport = defineExport({
  endpoint: exportUsersEndpoint,
  access: permission('admin_userInfo_export'),
  queue: USER_EXPORT_QUEUE,
  prepare: ({ scope, principal, lang, body }) => prepareUserExport(scope, principal, lang, body),
  produce: produceUserExport,
});
