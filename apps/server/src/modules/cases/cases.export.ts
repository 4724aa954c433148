import { riskAssessmentExportEndpoint, type CaseStatus, type Lang } from '@psy/contracts';
import { createTableWriter } from '../../core/exports/table';
import { permission } from '../../core/http/context';
import type { JobRecord } from '../../core/jobs/queue';
import { defineExport, type ModuleDeps } from '../../core/module';
import { findUserBriefs, recordPersonalDataReads } from '../identity';
import { findCasePage, type CaseFilter } from './cases.repository';
import { reachFilter } from './cases.service';

/** Queue of the risk-list exports (docs/cases.md 7). */
export const RISK_EXPORT_QUEUE = 'cases.risk-export';
const ROUTE = 'POST /biz/consult/riskAssessment/list/export';
/** Cases read per transaction: short transactions keep other requests moving (PGlite has one connection). */
const BATCH = 1000;

export interface RiskExportPayload {
  taskId: number;
  viewerId: number;
  lang: Lang;
  /** The reach of the viewer, decided when the export was asked for (the list's own filter). */
  filter: CaseFilter;
}

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': ['来访者', '学号/工号', '咨询师', '状态', '分级', '与测评一致', '记录数', '开案时间', '最近更新'],
  'en-US': [
    'Visitor',
    'Number',
    'Counsellor',
    'Status',
    'Grade',
    'Consistent with tests',
    'Records',
    'Opened',
    'Last change',
  ],
};
const STATUS: Record<Lang, Record<CaseStatus, string>> = {
  'zh-CN': {
    wait: '待开始',
    running: '进行中',
    finish: '已结案',
    transfer: '已转介',
    pass: '已脱落',
    break: '爽约',
  },
  'en-US': {
    wait: 'waiting',
    running: 'running',
    finish: 'closed',
    transfer: 'referred',
    pass: 'dropped out',
    break: 'no-show',
  },
};
const YES_NO: Record<Lang, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['yes', 'no'] };

/**
 * The job: the risk list (live cases graded 1 or 2, or inconsistently, most serious first) in batches,
 * as an XLSX workbook; each visitor written is an access-log row of the task.
 */
async function produceRiskExport(deps: ModuleDeps, job: JobRecord<RiskExportPayload>): Promise<Uint8Array> {
  const { taskId, viewerId, lang, filter } = job.payload;
  const sheet = createTableWriter('xlsx', {
    sheetName: lang === 'zh-CN' ? '风险评估' : 'Risk assessment',
    headers: HEADERS[lang],
  });
  for (let offset = 0; ; offset += BATCH) {
    const rows = await deps.database.withTenant(job.tenantId!, async (scope) => {
      const page = await findCasePage(scope, { ...filter, risk: true }, { offset, limit: BATCH }, 'risk');
      const names = await findUserBriefs(
        scope,
        page.rows.flatMap((r) => [r.visitorId, r.counsellorId]),
      );
      await recordPersonalDataReads(
        scope,
        viewerId,
        page.rows.map((r) => ({ subjectId: r.visitorId, fields: ['case'], route: ROUTE })),
        { taskId },
      );
      return page.rows.map((r) => [
        names.get(r.visitorId)?.name ?? '',
        names.get(r.visitorId)?.number ?? '',
        names.get(r.counsellorId)?.name ?? '',
        STATUS[lang][r.status as CaseStatus] ?? r.status,
        r.grade === null ? '' : 'ABCD'.charAt(r.grade - 1),
        r.gradeConsistent === null ? '' : YES_NO[lang][r.gradeConsistent ? 0 : 1],
        r.records,
        r.openedAt.toISOString(),
        r.updatedAt.toISOString(),
      ]);
    });
    for (const row of rows) sheet.addRow(row);
    if (rows.length < BATCH) break;
  }
  return sheet.finish();
}

/** The risk list export, served by the download list (modules/downloads). */
export const riskExport = defineExport({
  endpoint: riskAssessmentExportEndpoint,
  access: permission('consult_case_all'),
  queue: RISK_EXPORT_QUEUE,
  prepare: async ({ scope, principal, lang }) => {
    // The list's reach: an administrator within their data scope (docs/cases.md 8).
    const filter = (await reachFilter({ scope, p: principal })) ?? { visitorIds: [] };
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    return {
      fileName: `risk-assessment-${stamp}.xlsx`,
      payload: { viewerId: principal.userId, lang, filter },
    };
  },
  produce: produceRiskExport,
});
