import {
  COLLEGE_REPORT_STATUSES,
  MONTHLY_REPORT_STATUS,
  type CollegeReportStatus,
  type DownloadTask,
  type Lang,
  type MonthlyReportKind,
} from '@psy/contracts';
import { calendarDay, collegeReportStatus, monthDays, previousMonth, reportDueDate } from '@psy/crisis-rules';
import type { Database, TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { createTableWriter } from '../../core/exports/table';
import { formatChinaTime } from '../../core/exports/time';
import type { Principal } from '../../core/http/context';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { JobQueue, JobRecord } from '../../core/jobs/queue';
import type { FileStorage } from '../../core/storage/file-storage';
import { createDownloadTask, runExportTask } from '../downloads';
import { findTenantIds } from '../tenants';
import { countFollowUpsIn } from './care.repository';
import {
  covers,
  getCrisisSetting,
  loadNames,
  loadViewer,
  notify,
  personRef,
  type CrisisViewer,
} from './crisis.context';
import { findRecordsForFigures } from './crisis.repository';
import {
  countFocusByLevel,
  countTalksIn,
  findMonthly,
  findMonthlyOf,
  findMonthlyOfMonth,
  findMonthlyPage,
  upsertMonthly,
  type MonthlyRow,
} from './focus.repository';
import { findFaculties, findSubtreeIds } from './network.repository';

export const MONTHLY_EXPORT_QUEUE = 'crisis.monthly.export';
export const MONTHLY_REMIND_QUEUE = 'crisis.monthly.remind';

const startOfDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The crisis figures of a faculty for a month, computed from the records (docs/crisis.md 6). */
export async function crisisFigures(scope: TenantScope, facultyId: number, month: string) {
  const deptIds = await findSubtreeIds(scope, [facultyId]);
  const { first, last } = monthDays(month);
  const from = startOfDay(first);
  const to = new Date(startOfDay(last).getTime() + 24 * 3600 * 1000);
  const records = await findRecordsForFigures(scope, deptIds, from, to);
  const created = records.filter((r) => r.createdAt >= from && r.createdAt < to);
  const bySource: Record<string, number> = {};
  for (const r of created) bySource[r.source] = (bySource[r.source] ?? 0) + 1;
  const levels = await countFocusByLevel(scope, deptIds);
  return {
    newRecords: created.length,
    closedRecords: records.filter((r) => r.closedAt !== null && r.closedAt >= from && r.closedAt < to).length,
    openAtMonthEnd: records.filter((r) => r.closedAt === null || r.closedAt >= to).length,
    bySource,
    keyPersons: {
      1: levels.find((l) => l.level === 1)?.n ?? 0,
      2: levels.find((l) => l.level === 2)?.n ?? 0,
      3: levels.find((l) => l.level === 3)?.n ?? 0,
    },
    talks: await countTalksIn(scope, deptIds, first, last),
    followUps: await countFollowUpsIn(scope, deptIds, first, last),
  };
}

/** Faculties the caller may see (the school, or those their reach covers) and may write for. */
async function facultiesOf(scope: TenantScope, v: CrisisViewer) {
  const all = await findFaculties(scope);
  return {
    all,
    visible: v.school ? all : all.filter((f) => covers(v.read, f.id)),
    writable: (deptId: number) =>
      v.p.permissions.has('crisis_monthly_submit') && (v.school || covers(v.work, deptId)),
  };
}

async function toReports(scope: TenantScope, rows: MonthlyRow[]) {
  const { names } = await loadNames(
    scope,
    [],
    rows.map((r) => r.submittedBy).filter((x): x is number => x !== null),
  );
  const faculties = await findFaculties(scope);
  return rows.map((r) => ({
    id: r.id,
    dept: { id: r.deptId, name: faculties.find((f) => f.id === r.deptId)?.name ?? `#${r.deptId}` },
    month: r.month,
    kind: r.kind,
    status: r.status,
    nothingToReport: r.nothingToReport,
    figures: r.figures as Record<string, unknown>,
    narrative: r.narrative,
    submittedBy: personRef(names, r.submittedBy),
    submittedAt: r.submittedAt?.toISOString() ?? null,
    updateTime: r.updatedAt.toISOString(),
  }));
}

export async function pageMonthly(
  scope: TenantScope,
  p: Principal,
  q: {
    current: number;
    size: number;
    month?: string | undefined;
    kind?: string | undefined;
    deptId?: number | undefined;
    status?: number | undefined;
  },
) {
  const v = await loadViewer(scope, p, 'crisis');
  const { visible } = await facultiesOf(scope, v);
  const { rows, total } = await findMonthlyPage(
    scope,
    { ...q, deptIds: v.school ? null : visible.map((f) => f.id) },
    pageWindow(q),
  );
  return pageAnswer(q, await toReports(scope, rows), total);
}

export async function monthlyDetail(scope: TenantScope, p: Principal, id: number) {
  const v = await loadViewer(scope, p, 'crisis');
  const row = await findMonthly(scope, id);
  const { visible } = await facultiesOf(scope, v);
  if (!row || !(v.school || visible.some((f) => f.id === row.deptId))) throw notFound('monthly report');
  return (await toReports(scope, [row]))[0]!;
}

interface MonthlyWrite {
  deptId: number;
  month: string;
  kind: MonthlyReportKind;
  narrative?: string | undefined;
  figures?: { sessions: number; hours: number; students: number; referrals: number } | undefined;
  nothingToReport?: boolean;
}

/**
 * Saves (draft) or submits a faculty's report. Crisis figures are computed; consultation figures are
 * entered. A zero report ("nothing to report") is refused when the month has crisis records.
 */
export async function writeMonthly(
  scope: TenantScope,
  p: Principal,
  body: MonthlyWrite,
  submit: boolean,
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'crisis');
  const { all, writable } = await facultiesOf(scope, v);
  if (!all.some((f) => f.id === body.deptId))
    throw badRequest('deptId', 'not a faculty (a department with a faculty head)');
  if (!writable(body.deptId)) throw forbidden("you may not write this faculty's report");
  if (body.month > calendarDay(now).slice(0, 7)) throw badRequest('month', 'must not be in the future');
  const stored = await findMonthlyOf(scope, body.deptId, body.month, body.kind);
  if (stored?.status === MONTHLY_REPORT_STATUS.submitted)
    throw badRequest('month', 'this report was submitted already');
  const nothing = submit && body.nothingToReport === true;
  let figures: Record<string, unknown>;
  if (body.kind === 'crisis') {
    figures = await crisisFigures(scope, body.deptId, body.month);
    if (nothing && (figures.newRecords as number) > 0)
      throw badRequest('nothingToReport', 'the month has crisis records of this faculty: report them');
  } else if (nothing) {
    figures = { sessions: 0, hours: 0, students: 0, referrals: 0 };
  } else {
    if (submit && !body.figures && !stored) throw badRequest('figures', 'required');
    figures = (body.figures ?? (stored?.figures as Record<string, unknown> | undefined) ?? {}) as Record<
      string,
      unknown
    >;
  }
  const row = await upsertMonthly(scope, {
    deptId: body.deptId,
    month: body.month,
    kind: body.kind,
    status: submit ? MONTHLY_REPORT_STATUS.submitted : MONTHLY_REPORT_STATUS.draft,
    nothingToReport: nothing,
    figures,
    narrative: body.narrative ?? stored?.narrative ?? null,
    submittedBy: submit ? v.userId : null,
    submittedAt: submit ? now : null,
    createdBy: v.userId,
  });
  return (await toReports(scope, [row]))[0]!;
}

/** Each faculty's report status for a month (S0.7.29). */
export async function reportStatus(
  scope: TenantScope,
  p: Principal,
  q: { month?: string | undefined; kind: MonthlyReportKind },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'crisis');
  const today = calendarDay(now);
  const month = q.month ?? previousMonth(today.slice(0, 7));
  const { reportDueDay } = await getCrisisSetting(scope, 'reporting');
  const { visible } = await facultiesOf(scope, v);
  const reports = await findMonthlyOfMonth(scope, month, q.kind);
  const { names } = await loadNames(
    scope,
    [],
    reports.map((r) => r.submittedBy).filter((x): x is number => x !== null),
  );
  const faculties = visible.map((f) => {
    const r = reports.find((x) => x.deptId === f.id) ?? null;
    return {
      deptId: f.id,
      deptName: f.name,
      status: collegeReportStatus(r, month, today, reportDueDay),
      reportId: r?.id ?? null,
      submittedAt: r?.submittedAt?.toISOString() ?? null,
      submittedBy: personRef(names, r?.submittedBy ?? null),
    };
  });
  const counts = Object.fromEntries(COLLEGE_REPORT_STATUSES.map((s) => [s, 0])) as Record<
    CollegeReportStatus,
    number
  >;
  for (const f of faculties) counts[f.status] += 1;
  return { month, kind: q.kind, dueDate: reportDueDate(month, reportDueDay), faculties, counts };
}

export interface MonthlyExportPayload {
  taskId: number;
  viewerId: number;
  month: string;
  kind: MonthlyReportKind;
  deptIds: number[] | null;
  lang: Lang;
}

/** Starts the XLSX export of a month's reports (a download task and its job, in the request's transaction). */
export async function startMonthlyExport(
  scope: TenantScope,
  p: Principal,
  jobs: JobQueue,
  lang: Lang,
  body: { month: string; kind: MonthlyReportKind },
): Promise<DownloadTask> {
  const v = await loadViewer(scope, p, 'crisis');
  const { visible } = await facultiesOf(scope, v);
  const task = await createDownloadTask(scope, {
    userId: p.userId,
    fileName: `${body.kind === 'crisis' ? (lang === 'en-US' ? 'crisis-monthly' : '危机月报') : lang === 'en-US' ? 'consultation-monthly' : '咨询月报'}-${body.month}.xlsx`,
  });
  const payload: MonthlyExportPayload = {
    taskId: task.id,
    viewerId: p.userId,
    month: body.month,
    kind: body.kind,
    deptIds: v.school ? null : visible.map((f) => f.id),
    lang,
  };
  await jobs.enqueue(scope, MONTHLY_EXPORT_QUEUE, payload, { maxAttempts: 3 });
  return task;
}

const HEADERS: Record<Lang, Record<MonthlyReportKind, string[]>> = {
  'zh-CN': {
    crisis: [
      '院系',
      '状态',
      '新增危机',
      '结案',
      '月末在办',
      '重点关注(密切/重点/一般)',
      '谈心谈话',
      '回访',
      '说明',
      '提交人',
      '提交时间',
    ],
    consultation: ['院系', '状态', '咨询人次', '咨询时长', '咨询人数', '转介', '说明', '提交人', '提交时间'],
  },
  'en-US': {
    crisis: [
      'Faculty',
      'Status',
      'New records',
      'Closed',
      'Open at month end',
      'Key persons (close/key/routine)',
      'Talks',
      'Follow-ups',
      'Narrative',
      'Submitted by',
      'Submitted at',
    ],
    consultation: [
      'Faculty',
      'Status',
      'Sessions',
      'Hours',
      'Students',
      'Referrals',
      'Narrative',
      'Submitted by',
      'Submitted at',
    ],
  },
};

const STATUS_TEXT: Record<Lang, Record<CollegeReportStatus, string>> = {
  'zh-CN': { submitted: '已提交', zero: '无上报', draft: '草稿', missing: '未提交', overdue: '逾期' },
  'en-US': {
    submitted: 'Submitted',
    zero: 'Nothing to report',
    draft: 'Draft',
    missing: 'Not yet',
    overdue: 'Overdue',
  },
};

/** The export job: one row per faculty of the month (missing ones too), as XLSX. */
export function createMonthlyExportJob(deps: { database: Database; files: FileStorage }) {
  return async (job: JobRecord<MonthlyExportPayload>) => {
    const { taskId, viewerId, month, kind, deptIds, lang } = job.payload;
    await runExportTask(deps, job, { taskId, viewerId, lang }, async () => {
      const rows = await deps.database.withTenant(job.tenantId!, async (scope) => {
        const faculties = (await findFaculties(scope)).filter(
          (f) => deptIds === null || deptIds.includes(f.id),
        );
        const reports = await findMonthlyOfMonth(scope, month, kind);
        const { reportDueDay } = await getCrisisSetting(scope, 'reporting');
        const { names } = await loadNames(
          scope,
          [],
          reports.map((r) => r.submittedBy).filter((x): x is number => x !== null),
        );
        const today = calendarDay(new Date());
        return faculties.map((f) => {
          const r = reports.find((x) => x.deptId === f.id) ?? null;
          const status = STATUS_TEXT[lang][collegeReportStatus(r, month, today, reportDueDay)];
          const fig = (r?.figures ?? {}) as Record<string, unknown>;
          const by = r?.submittedBy != null ? (names.get(r.submittedBy) ?? '') : '';
          const at = r?.submittedAt ? formatChinaTime(r.submittedAt) : '';
          if (kind === 'crisis') {
            const kp = (fig.keyPersons ?? {}) as Record<string, number>;
            return [
              f.name,
              status,
              num(fig.newRecords),
              num(fig.closedRecords),
              num(fig.openAtMonthEnd),
              r ? `${kp[1] ?? 0}/${kp[2] ?? 0}/${kp[3] ?? 0}` : '',
              num(fig.talks),
              num(fig.followUps),
              r?.narrative ?? '',
              by,
              at,
            ];
          }
          return [
            f.name,
            status,
            num(fig.sessions),
            num(fig.hours),
            num(fig.students),
            num(fig.referrals),
            r?.narrative ?? '',
            by,
            at,
          ];
        });
      });
      const sheet = createTableWriter('xlsx', { sheetName: month, headers: HEADERS[lang][kind] });
      for (const row of rows) sheet.addRow(row);
      return sheet.finish();
    });
  };
}

const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The monthly reminder: faculty heads of faculties without last month's submitted reports are told. */
export async function remindMonthlyReports(scope: TenantScope, now = new Date()) {
  const month = previousMonth(calendarDay(now).slice(0, 7));
  const { reportDueDay } = await getCrisisSetting(scope, 'reporting');
  const faculties = await findFaculties(scope);
  const submitted = new Set<number>();
  for (const kind of ['crisis', 'consultation'] as const) {
    const reports = await findMonthlyOfMonth(scope, month, kind);
    for (const f of faculties)
      if (!reports.some((r) => r.deptId === f.id && r.status === MONTHLY_REPORT_STATUS.submitted))
        submitted.add(f.id);
  }
  const heads = faculties.filter((f) => submitted.has(f.id)).flatMap((f) => f.headIds);
  await notify(scope, 'CRISIS_MONTHLY_REPORT_DUE', heads, {
    month,
    dueDate: reportDueDate(month, reportDueDay),
  });
  return heads.length;
}

export function createMonthlyRemindJob(deps: { database: Database }) {
  return async (_job: JobRecord) => {
    let told = 0;
    for (const tenantId of await findTenantIds(deps.database.system))
      told += await deps.database.withTenant(tenantId, (scope) => remindMonthlyReports(scope));
    return { told };
  };
}
