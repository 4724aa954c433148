import {
  ANONYMOUS_MIN_CELL,
  type AnswerRow,
  type DownloadTask,
  type GroupBy,
  type Lang,
} from '@psy/contracts';
import { itemScore, type ScaleDefinition, type ScaleResult } from '@psy/scoring';
import type { Database, TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { createTableWriter } from '../../core/exports/table';
import { formatChinaTime } from '../../core/exports/time';
import { forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { JobHandler } from '../../core/jobs/queue';
import type { FileStorage } from '../../core/storage/file-storage';
import { createDownloadTask, runExportTask } from '../downloads';
import { recordPersonalDataReads } from '../identity';
import {
  aggregateAnswers,
  findAnswerPage,
  findAnswersForExport,
  findDailyUsers,
  findDeptNames,
  type AnswerFilter,
  type ListedAnswer,
} from './assessment-results.repository';
import { findAnswer, findMyAnswers, findPlanScales, findScale, findSubtrees } from './assessment.repository';
import { requirePlan, summaryOf } from './assessment-plans.service';
import { definitionOf } from './assessment-scales.service';
import type { Jobs } from './assessment-warnings.service';

/** Results and reports (docs/assessment.md "Results and reports"); every named read is access-logged. */

export const ANSWER_EXPORT_QUEUE = 'assessment.answer-export';
export const ANALYSIS_EXPORT_QUEUE = 'assessment.analysis-export';

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en-US' ? en : zh);

export function toAnswerRow(r: ListedAnswer, lang: Lang): AnswerRow {
  return {
    id: r.id,
    planId: r.planId,
    planName: r.planName,
    scaleId: r.scaleId,
    scaleName: pick(lang, r.scaleNameZh, r.scaleNameEn),
    anonymous: r.anonymous,
    userId: r.userId,
    realName: r.realName,
    numberName: r.numberName,
    deptId: r.deptId,
    deptName: r.deptName,
    grade: r.grade,
    sex: r.sex,
    attempt: r.attempt,
    total: r.total,
    index: r.index,
    riskScore: r.riskScore,
    riskGrade: r.riskGrade,
    level: r.level,
    levelLabel: lang === 'en-US' ? r.levelLabelEn : r.levelLabelZh,
    screenPositive: r.screenPositive,
    critical: r.critical,
    warning: r.warning,
    submitTime: r.submittedAt.toISOString(),
  };
}

/** Writes the access log for the named answers a caller read. */
export async function logResultReads(
  scope: TenantScope,
  p: Principal,
  rows: { userId: number | null }[],
  route: string,
) {
  const seen = new Set<number>();
  await recordPersonalDataReads(
    scope,
    p.userId,
    rows.flatMap((r) => {
      if (r.userId === null || seen.has(r.userId)) return [];
      seen.add(r.userId);
      return [{ subjectId: r.userId, fields: ['assessmentResult'], route }];
    }),
  );
}

/** The answer filter with the caller's data scope and a department filter with its subtree. */
async function scopedFilter(
  scope: TenantScope,
  deptScope: number[] | null,
  f: Omit<AnswerFilter, 'deptIds'> & { deptId?: number | undefined },
): Promise<AnswerFilter> {
  let deptIds = deptScope;
  if (f.deptId !== undefined) {
    const sub = await findSubtrees(scope, [f.deptId]);
    deptIds = deptIds ? sub.filter((d) => deptIds!.includes(d)) : sub;
  }
  const { deptId: _deptId, ...rest } = f;
  return { ...rest, deptIds };
}

export async function pageAnswers(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  q: Omit<AnswerFilter, 'deptIds'> & { deptId?: number; current: number; size: number },
  route: string,
) {
  const { rows, total } = await findAnswerPage(
    scope,
    await scopedFilter(scope, deptScope, { ...q, name: q.name || undefined }),
    pageWindow(q),
  );
  await logResultReads(scope, p, rows, route);
  return pageAnswer(
    q,
    rows.map((r) => toAnswerRow(r, lang)),
    total,
  );
}

async function findAnswerById(scope: TenantScope, deptScope: number[] | null, id: number) {
  const { rows } = await findAnswerPage(scope, { deptIds: deptScope, id }, { offset: 0, limit: 1 });
  return rows[0] ?? null;
}

async function requireListedAnswer(scope: TenantScope, deptScope: number[] | null, id: number) {
  const found = await findAnswerById(scope, deptScope, id);
  if (!found) throw notFound('answer');
  return found;
}

export async function answerDetail(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  id: number,
) {
  const row = await requireListedAnswer(scope, deptScope, id);
  const full = await loadAnswerParts(scope, row);
  await logResultReads(scope, p, [row], 'GET /biz/plantest/answer/detail');
  return {
    ...toAnswerRow(row, lang),
    items: full.def.items.map((item) => {
      const value = full.responses[String(item.no)]!;
      const option = full.def.optionSets[item.optionSet]!.find((o) => o.value === value);
      return {
        no: item.no,
        text: item.text,
        value,
        optionLabel: option?.label ?? { zh: String(value), en: String(value) },
        score: option ? itemScore(full.def, item.no, value) : 0,
      };
    }),
    result: full.result,
  };
}

async function loadAnswerParts(scope: TenantScope, row: ListedAnswer) {
  const scale = await findScale(scope, row.scaleId);
  const def = definitionOf(scale!);
  const a = await findAnswer(scope, row.id);
  return { def, result: a!.result as ScaleResult, responses: a!.responses as Record<string, number> };
}

/** The report of one answer: result, norm, chart data (the factor profile). */
export function buildReport(row: ListedAnswer, def: ScaleDefinition, result: ScaleResult, lang: Lang) {
  const norm = def.norms.find((n) => n.id === result.normId) ?? null;
  return {
    answer: toAnswerRow(row, lang),
    scale: {
      code: def.code,
      version: def.version,
      name: def.name,
      reportType: def.reportType,
      chart: def.chart,
    },
    result,
    normPopulation: norm?.population ?? null,
    chart: {
      categories: result.factors.map((f) => f.name),
      scores: result.factors.map((f) => f.score),
      tScores: result.factors.map((f) => f.t),
      normMeans: result.factors.map(
        (f) => norm?.stats.find((s) => s.target === `factor:${f.code}`)?.mean ?? null,
      ),
    },
  };
}

export async function individualReport(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  answerId: number,
) {
  const row = await requireListedAnswer(scope, deptScope, answerId);
  const { def, result } = await loadAnswerParts(scope, row);
  await logResultReads(scope, p, [row], 'GET /biz/plantest/report/individual');
  return buildReport(row, def, result, lang);
}

/** The caller's own answers with what each plan lets them see. */
export async function myAnswers(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: { current: number; size: number },
) {
  const { rows, total } = await findMyAnswers(scope, p.userId, pageWindow(q));
  return pageAnswer(
    q,
    rows.map(({ answer, plan, scale }) => ({
      answerId: answer.id,
      planId: plan.id,
      planName: plan.name,
      scaleName: pick(lang, scale.nameZh, scale.nameEn),
      submitTime: answer.submittedAt.toISOString(),
      resultVisibility: plan.resultVisibility,
      summary: plan.resultVisibility >= 1 ? summaryOf(answer.result as ScaleResult) : null,
    })),
    total,
  );
}

/** The caller's own report, as far as the plan allows (403 otherwise; 404 for another's answer). */
export async function myReport(scope: TenantScope, p: Principal, lang: Lang, answerId: number) {
  const row = await findAnswerById(scope, null, answerId);
  if (!row || row.userId !== p.userId) throw notFound('answer');
  const plan = await requirePlan(scope, row.planId);
  if (plan.resultVisibility === 0) throw forbidden('the plan does not show results to you');
  const { def, result } = await loadAnswerParts(scope, row);
  return {
    resultVisibility: plan.resultVisibility,
    summary: summaryOf(result),
    report: plan.resultVisibility >= 2 ? buildReport(row, def, result, lang) : null,
  };
}

export async function dailyUsers(
  scope: TenantScope,
  p: Principal,
  deptScope: number[] | null,
  q: { current: number; size: number; name?: string; deptId?: number },
) {
  const f = await scopedFilter(scope, deptScope, { deptId: q.deptId });
  const { rows, total } = await findDailyUsers(
    scope,
    { deptIds: f.deptIds ?? null, name: q.name || undefined },
    pageWindow(q),
  );
  await logResultReads(scope, p, rows, 'POST /biz/plantest/answer/dailyUserPage');
  return pageAnswer(
    q,
    rows.map((r) => ({ ...r, lastSubmitTime: r.lastSubmitTime.toISOString() })),
    total,
  );
}

// --- comprehensive analysis ----------------------------------------------------------------------------

const SEX_LABEL = { '1': { zh: '男', en: 'Male' }, '2': { zh: '女', en: 'Female' } } as const;

/** `POST /plantest/report/comprehensive`: the plan's answers of a scale by group, in SQL. */
export async function comprehensive(
  scope: TenantScope,
  lang: Lang,
  deptScope: number[] | null,
  q: { planId: number; scaleId: number; groupBy: GroupBy },
) {
  const plan = await requirePlan(scope, q.planId);
  const planScale = (await findPlanScales(scope, [plan.id])).find((s) => s.scale.id === q.scaleId);
  if (!planScale) throw notFound('scale of the plan');
  const def = definitionOf(planScale.scale);
  const { groups, factors } = await aggregateAnswers(
    scope,
    { planId: plan.id, scaleId: q.scaleId, deptIds: deptScope },
    q.groupBy,
  );
  const deptNames =
    q.groupBy === 'dept'
      ? await findDeptNames(
          scope,
          groups.flatMap((g) => (g.key ? [Number(g.key)] : [])),
        )
      : new Map();
  const none = lang === 'en-US' ? 'Not given' : '未填写';
  const labelOf = (key: string) => {
    if (key === '') return none;
    if (q.groupBy === 'dept') return deptNames.get(Number(key)) ?? key;
    if (q.groupBy === 'sex') {
      const s = SEX_LABEL[key as '1' | '2'];
      return s ? pick(lang, s.zh, s.en) : key;
    }
    return key;
  };
  const statsOf = (key: string | null) => {
    const g = groups.find((x) => x.key === key)!;
    return {
      count: g.count,
      totalMean: g.totalMean,
      totalSd: g.totalSd,
      indexMean: g.indexMean,
      riskMean: g.riskMean,
      high: g.high,
      medium: g.medium,
      low: g.low,
      screenPositive: g.screenPositive,
      warnings: g.warnings,
      critical: g.critical,
      factors: def.factors.map((f) => {
        const x = factors.find((y) => y.key === key && y.code === f.code);
        return { code: f.code, mean: x?.mean ?? null, sd: x?.sd ?? null, atLeast2: x?.atLeast2 ?? 0 };
      }),
    };
  };
  const emptyAll = {
    count: 0,
    totalMean: null,
    totalSd: null,
    indexMean: null,
    riskMean: null,
    high: 0,
    medium: 0,
    low: 0,
    screenPositive: 0,
    warnings: 0,
    critical: 0,
    factors: def.factors.map((f) => ({ code: f.code, mean: null, sd: null, atLeast2: 0 })),
  };
  const keyed = groups.filter((g) => g.key !== null);
  // An anonymous plan shows no group so small that it could point at a person.
  const shown = plan.anonymous ? keyed.filter((g) => g.count >= ANONYMOUS_MIN_CELL) : keyed;
  return {
    planId: plan.id,
    scaleId: q.scaleId,
    groupBy: q.groupBy,
    factors: def.factors.map((f) => ({ code: f.code, name: f.name })),
    all: groups.some((g) => g.key === null) ? statsOf(null) : emptyAll,
    groups: shown
      .map((g) => ({ key: g.key!, label: labelOf(g.key!), ...statsOf(g.key) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    suppressed: keyed.length - shown.length,
  };
}

/** A drill-down cell: answers of one group (and risk grade, screen or warning), or at a factor level. */
export async function drillAnswers(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  q: {
    planId: number;
    scaleId: number;
    groupBy: GroupBy;
    key: string;
    riskGrade?: number;
    screenPositive?: boolean;
    warning?: boolean;
    factor?: string;
    minScore?: number;
    current: number;
    size: number;
  },
  route: string,
) {
  const plan = await requirePlan(scope, q.planId);
  const f: AnswerFilter = {
    planId: plan.id,
    scaleId: q.scaleId,
    deptIds: deptScope,
    group: { by: q.groupBy, key: q.key },
    riskGrade: q.riskGrade,
    screenPositive: q.screenPositive,
    warning: q.warning,
    ...(q.factor ? { factor: { code: q.factor, minScore: q.minScore ?? 2 } } : {}),
  };
  const { rows, total } = await findAnswerPage(scope, f, pageWindow(q));
  if (plan.anonymous && total < ANONYMOUS_MIN_CELL) return pageAnswer(q, [], 0);
  await logResultReads(scope, p, rows, route);
  return pageAnswer(
    q,
    rows.map((r) => ({ ...toAnswerRow(r, lang), factorScore: r.factorScore ?? 0 })),
    total,
  );
}

// --- exports -------------------------------------------------------------------------------------------

export interface AnswerExportPayload {
  taskId: number;
  viewerId: number;
  lang: Lang;
  planId: number;
  scaleId: number;
  deptIds: number[] | null;
}

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
const fileSafe = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60);

/** `POST /plantest/answer/export`: a download task and its job, in the request's transaction. */
export async function startAnswerExport(
  scope: TenantScope,
  p: Principal,
  jobs: Jobs,
  lang: Lang,
  deptScope: number[] | null,
  b: { planId: number; scaleId: number },
): Promise<DownloadTask> {
  const plan = await requirePlan(scope, b.planId);
  if (!(await findPlanScales(scope, [plan.id])).some((s) => s.scale.id === b.scaleId))
    throw notFound('scale of the plan');
  const task = await createDownloadTask(scope, {
    userId: p.userId,
    fileName: `${fileSafe(plan.name)}-${lang === 'en-US' ? 'answers' : '答题记录'}-${stamp()}.xlsx`,
  });
  const payload: AnswerExportPayload = {
    taskId: task.id,
    viewerId: p.userId,
    lang,
    planId: plan.id,
    scaleId: b.scaleId,
    deptIds: deptScope,
  };
  await jobs.enqueue(scope, ANSWER_EXPORT_QUEUE, payload, { maxAttempts: 3 });
  return task;
}

const BATCH = 1000;

/** The answer export job: one row per answer, one column per item; named rows access-logged. */
export function createAnswerExportJob(deps: {
  database: Database;
  files: FileStorage;
}): JobHandler<AnswerExportPayload> {
  return async (job) => {
    const x = job.payload;
    const en = x.lang === 'en-US';
    await runExportTask(deps, job, { taskId: x.taskId, viewerId: x.viewerId, lang: x.lang }, async () => {
      const def = await deps.database.withTenant(job.tenantId!, async (scope) =>
        definitionOf((await findScale(scope, x.scaleId))!),
      );
      const headers = [
        en ? 'Answer' : '答卷编号',
        en ? 'Name' : '姓名',
        en ? 'Number' : '学号/工号',
        en ? 'Department' : '部门',
        en ? 'Grade' : '年级',
        en ? 'Sex' : '性别',
        en ? 'Total' : '总分',
        en ? 'Index' : '标准分',
        en ? 'Risk score' : '风险分',
        en ? 'Risk grade' : '风险等级',
        en ? 'Level' : '结果',
        en ? 'Screen positive' : '筛查阳性',
        en ? 'Critical item' : '关键条目',
        en ? 'Warning' : '预警',
        en ? 'Submitted' : '提交时间',
        ...def.factors.map((f) => (en ? f.name.en : f.name.zh)),
        ...def.items.map((i) => `${i.no}`),
      ];
      const out = createTableWriter('xlsx', { sheetName: def.shortName, headers });
      let after = 0;
      for (;;) {
        const rows = await deps.database.withTenant(job.tenantId!, async (scope) => {
          const batch = await findAnswersForExport(
            scope,
            { planId: x.planId, scaleId: x.scaleId, deptIds: x.deptIds },
            after,
            BATCH,
          );
          await recordPersonalDataReads(
            scope,
            x.viewerId,
            batch.flatMap((r) =>
              r.user_id === null
                ? []
                : [
                    {
                      subjectId: Number(r.user_id),
                      fields: ['assessmentResult'],
                      route: 'POST /biz/plantest/answer/export',
                    },
                  ],
            ),
          );
          return batch;
        });
        for (const r of rows) {
          const result = (typeof r.result === 'string' ? JSON.parse(r.result) : r.result) as ScaleResult;
          const responses = (
            typeof r.responses === 'string' ? JSON.parse(r.responses) : r.responses
          ) as Record<string, number>;
          const yes = en ? 'yes' : '是';
          out.addRow([
            Number(r.id),
            (r.real_name as string | null) ?? (en ? 'anonymous' : '匿名'),
            (r.number_name as string | null) ?? '',
            (r.dept_name as string | null) ?? '',
            (r.grade as string | null) ?? '',
            r.sex === null ? '' : Number(r.sex) === 1 ? (en ? 'M' : '男') : en ? 'F' : '女',
            r.total === null ? null : Number(r.total),
            r.score_index === null ? null : Number(r.score_index),
            r.risk_score === null ? null : Number(r.risk_score),
            r.risk_grade === null
              ? ''
              : (
                  { 1: en ? 'high' : '高', 2: en ? 'medium' : '中', 3: en ? 'low' : '低' } as Record<
                    number,
                    string
                  >
                )[Number(r.risk_grade)]!,
            ((en ? r.level_label_en : r.level_label_zh) as string | null) ?? '',
            r.screen_positive ? yes : '',
            r.critical ? yes : '',
            r.warning ? yes : '',
            formatChinaTime(new Date(r.submitted_at as string)),
            ...def.factors.map((f) => result.factors.find((y) => y.code === f.code)?.score ?? null),
            ...def.items.map((i) => responses[String(i.no)] ?? null),
          ]);
        }
        if (rows.length < BATCH) break;
        after = Number(rows.at(-1)!.id);
      }
      return out.finish();
    });
  };
}

export interface AnalysisExportPayload {
  taskId: number;
  viewerId: number;
  lang: Lang;
  planId: number;
  scaleId: number;
  groupBy: GroupBy;
  deptIds: number[] | null;
}

export async function startAnalysisExport(
  scope: TenantScope,
  p: Principal,
  jobs: Jobs,
  lang: Lang,
  deptScope: number[] | null,
  b: { planId: number; scaleId: number; groupBy: GroupBy },
): Promise<DownloadTask> {
  const plan = await requirePlan(scope, b.planId);
  if (!(await findPlanScales(scope, [plan.id])).some((s) => s.scale.id === b.scaleId))
    throw notFound('scale of the plan');
  const task = await createDownloadTask(scope, {
    userId: p.userId,
    fileName: `${fileSafe(plan.name)}-${lang === 'en-US' ? 'analysis' : '综合分析'}-${stamp()}.xlsx`,
  });
  const payload: AnalysisExportPayload = {
    taskId: task.id,
    viewerId: p.userId,
    lang,
    ...b,
    deptIds: deptScope,
  };
  await jobs.enqueue(scope, ANALYSIS_EXPORT_QUEUE, payload, { maxAttempts: 3 });
  return task;
}

/** The analysis export job: the same figures as the call, one row per group and one for all. */
export function createAnalysisExportJob(deps: {
  database: Database;
  files: FileStorage;
}): JobHandler<AnalysisExportPayload> {
  return async (job) => {
    const x = job.payload;
    const en = x.lang === 'en-US';
    await runExportTask(deps, job, { taskId: x.taskId, viewerId: x.viewerId, lang: x.lang }, async () => {
      const a = await deps.database.withTenant(job.tenantId!, (scope) =>
        comprehensive(scope, x.lang, x.deptIds, { planId: x.planId, scaleId: x.scaleId, groupBy: x.groupBy }),
      );
      const headers = [
        en ? 'Group' : '分组',
        en ? 'Answers' : '人数',
        en ? 'Total mean' : '总分均值',
        en ? 'Total SD' : '总分标准差',
        en ? 'Index mean' : '标准分均值',
        en ? 'Risk mean' : '风险分均值',
        en ? 'High risk' : '高风险',
        en ? 'Medium risk' : '中风险',
        en ? 'Low risk' : '低风险',
        en ? 'Screen positive' : '筛查阳性',
        en ? 'Warnings' : '预警',
        en ? 'Critical' : '关键条目',
        ...a.factors.flatMap((f) => {
          const n = en ? f.name.en : f.name.zh;
          return [`${n} ${en ? 'mean' : '均值'}`, `${n} SD`, `${n} ≥2`];
        }),
      ];
      const out = createTableWriter('xlsx', { sheetName: en ? 'Analysis' : '综合分析', headers });
      const round = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
      for (const [label, s] of [
        [en ? 'All' : '全部', a.all] as const,
        ...a.groups.map((g) => [g.label, g] as const),
      ])
        out.addRow([
          label,
          s.count,
          round(s.totalMean),
          round(s.totalSd),
          round(s.indexMean),
          round(s.riskMean),
          s.high,
          s.medium,
          s.low,
          s.screenPositive,
          s.warnings,
          s.critical,
          ...s.factors.flatMap((f) => [round(f.mean), round(f.sd), f.atLeast2]),
        ]);
      return out.finish();
    });
  };
}
