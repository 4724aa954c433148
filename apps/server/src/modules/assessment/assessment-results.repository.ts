import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, TenantScope } from '../../core/db/database';
import { rowsOf, toNumber, toNumberOrNull } from '../../core/db/rows';
import { deptsView, rolesView, userRolesView, usersView } from '../identity';
import { menusView, roleMenusView, tenantProductsView } from '../products';
import { assessmentWarning } from './assessment.table';
import { audienceCondition, type PlanRow } from './assessment.repository';

/**
 * Answer lists, the comprehensive analysis (in SQL), plan progress and warnings. `deptIds` is the caller's
 * data scope: null for the whole school, else the departments they may see.
 */

export interface AnswerFilter {
  id?: number | undefined;
  planId?: number | undefined;
  scaleId?: number | undefined;
  userId?: number | undefined;
  deptIds?: number[] | null | undefined;
  grade?: string | undefined;
  sex?: number | undefined;
  riskGrade?: number | undefined;
  screenPositive?: boolean | undefined;
  warning?: boolean | undefined;
  name?: string | undefined;
  kind?: number | undefined;
  /** Analysis cell: group by and its key ('' for "none"). */
  group?: { by: 'dept' | 'grade' | 'sex'; key: string } | undefined;
  factor?: { code: string; minScore: number } | undefined;
}

export interface ListedAnswer {
  id: number;
  planId: number;
  planName: string;
  scaleId: number;
  scaleNameZh: string;
  scaleNameEn: string;
  scaleCode: string;
  scaleVersion: number;
  anonymous: boolean;
  userId: number | null;
  realName: string | null;
  numberName: string | null;
  deptId: number | null;
  deptName: string | null;
  grade: string | null;
  sex: number | null;
  attempt: number;
  total: number | null;
  index: number | null;
  riskScore: number | null;
  riskGrade: number | null;
  level: number;
  levelLabelZh: string | null;
  levelLabelEn: string | null;
  screenPositive: boolean;
  critical: boolean;
  warning: boolean;
  submittedAt: Date;
  factorScore: number | null;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

function groupKeyExpr(by: 'dept' | 'grade' | 'sex', alias = 'a'): SQL {
  const col = by === 'dept' ? 'dept_id::text' : by === 'grade' ? 'grade' : 'sex::text';
  return sql.raw(`coalesce(${alias}.${col}, '')`);
}

function answerWhere(tenantId: number, f: AnswerFilter): SQL {
  const c: SQL[] = [sql`a.tenant_id = ${tenantId}`];
  if (f.id !== undefined) c.push(sql`a.id = ${f.id}`);
  if (f.planId !== undefined) c.push(sql`a.plan_id = ${f.planId}`);
  if (f.scaleId !== undefined) c.push(sql`a.scale_id = ${f.scaleId}`);
  if (f.userId !== undefined) c.push(sql`a.user_id = ${f.userId}`);
  if (f.deptIds) c.push(sql`a.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  if (f.grade) c.push(sql`a.grade = ${f.grade}`);
  if (f.sex !== undefined) c.push(sql`a.sex = ${f.sex}`);
  if (f.riskGrade !== undefined) c.push(sql`a.risk_grade = ${f.riskGrade}`);
  if (f.screenPositive !== undefined) c.push(sql`a.screen_positive = ${f.screenPositive}`);
  if (f.warning !== undefined) c.push(sql`a.warning = ${f.warning}`);
  if (f.kind !== undefined) c.push(sql`p.kind = ${f.kind}`);
  if (f.name) c.push(sql`(u.real_name ilike ${like(f.name)} or u.number_name ilike ${like(f.name)})`);
  if (f.group) c.push(sql`${groupKeyExpr(f.group.by)} = ${f.group.key}`);
  return sql.join(c, sql` and `);
}

function toListed(r: Record<string, unknown>): ListedAnswer {
  return {
    id: toNumber(r.id),
    planId: toNumber(r.plan_id),
    planName: String(r.plan_name),
    scaleId: toNumber(r.scale_id),
    scaleNameZh: String(r.scale_name_zh),
    scaleNameEn: String(r.scale_name_en),
    scaleCode: String(r.scale_code),
    scaleVersion: toNumber(r.scale_version),
    anonymous: Boolean(r.anonymous),
    userId: toNumberOrNull(r.user_id),
    realName: (r.real_name as string | null) ?? null,
    numberName: (r.number_name as string | null) ?? null,
    deptId: toNumberOrNull(r.dept_id),
    deptName: (r.dept_name as string | null) ?? null,
    grade: (r.grade as string | null) ?? null,
    sex: toNumberOrNull(r.sex),
    attempt: toNumber(r.attempt),
    total: toNumberOrNull(r.total),
    index: toNumberOrNull(r.score_index),
    riskScore: toNumberOrNull(r.risk_score),
    riskGrade: toNumberOrNull(r.risk_grade),
    level: toNumber(r.level),
    levelLabelZh: (r.level_label_zh as string | null) ?? null,
    levelLabelEn: (r.level_label_en as string | null) ?? null,
    screenPositive: Boolean(r.screen_positive),
    critical: Boolean(r.critical),
    warning: Boolean(r.warning),
    submittedAt: new Date(r.submitted_at as string),
    factorScore: toNumberOrNull(r.factor_score),
  };
}

/** A page of answers with plan, scale, person and department; newest first. */
export async function findAnswerPage(
  { tx, tenantId }: TenantScope,
  f: AnswerFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ListedAnswer[]; total: number }> {
  const factorJoin = f.factor
    ? sql`join assessment_answer_factor f on f.tenant_id = a.tenant_id and f.answer_id = a.id and f.code = ${f.factor.code} and f.score >= ${f.factor.minScore}`
    : sql``;
  const from = sql`
    from assessment_answer a
    join assessment_plan p on p.tenant_id = a.tenant_id and p.id = a.plan_id
    join assessment_scale s on s.tenant_id = a.tenant_id and s.id = a.scale_id
    left join ${usersView('u')} on u.tenant_id = a.tenant_id and u.id = a.user_id
    left join ${deptsView('d')} on d.tenant_id = a.tenant_id and d.id = a.dept_id
    ${factorJoin}
    where ${answerWhere(tenantId, f)}`;
  const res = await tx.execute(sql`
    select a.id, a.plan_id, p.name as plan_name, a.scale_id, s.name_zh as scale_name_zh, s.name_en as scale_name_en,
      s.code as scale_code, s.version as scale_version, a.anonymous, a.user_id, u.real_name, u.number_name,
      a.dept_id, d.name as dept_name, a.grade, a.sex, a.attempt, a.total, a.score_index, a.risk_score, a.risk_grade,
      a.level, a.level_label_zh, a.level_label_en, a.screen_positive, a.critical, a.warning, a.submitted_at,
      ${f.factor ? sql`f.score` : sql`null`} as factor_score
    ${from}
    order by a.submitted_at desc, a.id desc
    offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map(toListed),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

/** Answers of a plan and scale for an export, in id order after `afterId`. */
export async function findAnswersForExport(
  { tx, tenantId }: TenantScope,
  f: { planId: number; scaleId: number; deptIds: number[] | null },
  afterId: number,
  limit: number,
) {
  const res = await tx.execute(sql`
    select a.id, a.anonymous, a.user_id, u.real_name, u.number_name, d.name as dept_name, a.grade, a.sex,
      a.attempt, a.total, a.score_index, a.risk_score, a.risk_grade, a.level_label_zh, a.level_label_en,
      a.screen_positive, a.critical, a.warning, a.submitted_at, a.responses, a.result
    from assessment_answer a
    left join ${usersView('u')} on u.tenant_id = a.tenant_id and u.id = a.user_id
    left join ${deptsView('d')} on d.tenant_id = a.tenant_id and d.id = a.dept_id
    where ${answerWhere(tenantId, { planId: f.planId, scaleId: f.scaleId, deptIds: f.deptIds })} and a.id > ${afterId}
    order by a.id limit ${limit}`);
  return rowsOf<Record<string, unknown>>(res);
}

export interface GroupStats {
  key: string | null;
  count: number;
  totalMean: number | null;
  totalSd: number | null;
  indexMean: number | null;
  riskMean: number | null;
  high: number;
  medium: number;
  low: number;
  screenPositive: number;
  warnings: number;
  critical: number;
}

/**
 * The comprehensive analysis of one plan and scale: per group and in all (grouping sets), then the
 * factor statistics likewise. Two aggregate statements; no answer is loaded.
 */
export async function aggregateAnswers(
  { tx, tenantId }: TenantScope,
  f: { planId: number; scaleId: number; deptIds: number[] | null },
  by: 'dept' | 'grade' | 'sex',
) {
  const key = groupKeyExpr(by);
  const where = answerWhere(tenantId, { planId: f.planId, scaleId: f.scaleId, deptIds: f.deptIds });
  const res = await tx.execute(sql`
    select ${key} as key, grouping(${key}) as is_all, count(*) as n,
      avg(a.total) as total_mean, stddev_samp(a.total) as total_sd, avg(a.score_index) as index_mean,
      avg(a.risk_score) as risk_mean,
      count(*) filter (where a.risk_grade = 1) as high, count(*) filter (where a.risk_grade = 2) as medium,
      count(*) filter (where a.risk_grade = 3) as low, count(*) filter (where a.screen_positive) as screen_positive,
      count(*) filter (where a.warning) as warnings, count(*) filter (where a.critical) as critical
    from assessment_answer a where ${where}
    group by grouping sets ((${key}), ())`);
  const fkey = groupKeyExpr(by, 'f');
  const factorRes = await tx.execute(sql`
    select ${fkey} as key, grouping(${fkey}) as is_all, f.code, avg(f.score) as mean, stddev_samp(f.score) as sd,
      count(*) filter (where f.score >= 2) as at_least_2
    from assessment_answer_factor f
    where f.tenant_id = ${tenantId} and f.plan_id = ${f.planId} and f.scale_id = ${f.scaleId}
      ${f.deptIds ? sql`and f.dept_id = any(${sql.param(f.deptIds)}::bigint[])` : sql``}
    group by grouping sets ((${fkey}, f.code), (f.code))`);
  const groups: GroupStats[] = rowsOf<Record<string, unknown>>(res).map((r) => ({
    key: toNumber(r.is_all) === 1 ? null : String(r.key),
    count: toNumber(r.n),
    totalMean: toNumberOrNull(r.total_mean),
    totalSd: toNumberOrNull(r.total_sd),
    indexMean: toNumberOrNull(r.index_mean),
    riskMean: toNumberOrNull(r.risk_mean),
    high: toNumber(r.high),
    medium: toNumber(r.medium),
    low: toNumber(r.low),
    screenPositive: toNumber(r.screen_positive),
    warnings: toNumber(r.warnings),
    critical: toNumber(r.critical),
  }));
  const factors = rowsOf<Record<string, unknown>>(factorRes).map((r) => ({
    key: toNumber(r.is_all) === 1 ? null : String(r.key),
    code: String(r.code),
    mean: toNumberOrNull(r.mean),
    sd: toNumberOrNull(r.sd),
    atLeast2: toNumber(r.at_least_2),
  }));
  return { groups, factors };
}

export async function findDeptNames({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const res = await tx.execute(
    sql`select id, name from ${deptsView('dept')} where tenant_id = ${tenantId} and id = any(${sql.param(ids)}::bigint[])`,
  );
  return new Map(rowsOf<{ id: unknown; name: string }>(res).map((r) => [toNumber(r.id), r.name]));
}

// --- plan progress -------------------------------------------------------------------------------------

const audienceCte = (tenantId: number, plan: PlanRow, subtree: number[], scope: number[] | null) => sql`
  aud as (
    select u.id, u.dept_id, u.real_name, u.number_name, u.year_info, u.sex from ${usersView('u')}
    where u.tenant_id = ${tenantId} and ${audienceCondition(plan, subtree)}
      ${scope ? sql`and u.dept_id = any(${sql.param(scope)}::bigint[])` : sql``}
  ),
  done as (
    select t.user_id, count(distinct t.scale_id) filter (where t.state = 2) as submitted, count(*) as started
    from assessment_task t where t.tenant_id = ${tenantId} and t.plan_id = ${plan.id} group by t.user_id
  )`;

export async function planProgress(
  { tx, tenantId }: TenantScope,
  plan: PlanRow,
  subtree: number[],
  scaleCount: number,
  scope: number[] | null,
) {
  const res = await tx.execute(sql`
    with ${audienceCte(tenantId, plan, subtree, scope)}
    select grouping(aud.dept_id) as is_all, aud.dept_id, d.name as dept_name, count(*) as audience, count(done.user_id) as started,
      count(*) filter (where coalesce(done.submitted, 0) >= ${scaleCount}) as finished
    from aud left join done on done.user_id = aud.id
    left join ${deptsView('d')} on d.tenant_id = ${tenantId} and d.id = aud.dept_id
    group by grouping sets ((aud.dept_id, d.name), ())`);
  const byScale = await tx.execute(sql`
    with ${audienceCte(tenantId, plan, subtree, scope)}
    select t.scale_id, count(distinct t.user_id) as submitted
    from assessment_task t join aud on aud.id = t.user_id
    where t.tenant_id = ${tenantId} and t.plan_id = ${plan.id} and t.state = 2
    group by t.scale_id`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      isAll: toNumber(r.is_all) === 1,
      deptId: toNumberOrNull(r.dept_id),
      deptName: (r.dept_name as string | null) ?? null,
      audience: toNumber(r.audience),
      started: toNumber(r.started),
      finished: toNumber(r.finished),
    })),
    byScale: new Map(
      rowsOf<Record<string, unknown>>(byScale).map((r) => [toNumber(r.scale_id), toNumber(r.submitted)]),
    ),
  };
}

/** People of the audience by state, paged: `state` 0 none started, 1 some, 2 all submitted; `unfinished` below all. */
export async function findAudiencePage(
  { tx, tenantId }: TenantScope,
  plan: PlanRow,
  subtree: number[],
  scaleCount: number,
  f: { state?: number; unfinished?: boolean; deptIds?: number[] | null; name?: string },
  page: { offset: number; limit: number },
) {
  const c: SQL[] = [sql`true`];
  if (f.unfinished) c.push(sql`coalesce(done.submitted, 0) < ${scaleCount}`);
  if (f.state === 0) c.push(sql`done.user_id is null`);
  if (f.state === 1) c.push(sql`done.user_id is not null and coalesce(done.submitted, 0) < ${scaleCount}`);
  if (f.state === 2) c.push(sql`coalesce(done.submitted, 0) >= ${scaleCount}`);
  if (f.deptIds) c.push(sql`aud.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  if (f.name) c.push(sql`(aud.real_name ilike ${like(f.name)} or aud.number_name ilike ${like(f.name)})`);
  const where = sql.join(c, sql` and `);
  const res = await tx.execute(sql`
    with ${audienceCte(tenantId, plan, subtree, null)}
    select aud.id, aud.real_name, aud.number_name, aud.dept_id, d.name as dept_name, aud.year_info, aud.sex,
      coalesce(done.submitted, 0) as submitted
    from aud left join done on done.user_id = aud.id
    left join ${deptsView('d')} on d.tenant_id = ${tenantId} and d.id = aud.dept_id
    where ${where}
    order by aud.dept_id nulls last, aud.number_name nulls last, aud.id
    offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`
    with ${audienceCte(tenantId, plan, subtree, null)}
    select count(*) as n from aud left join done on done.user_id = aud.id where ${where}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      userId: toNumber(r.id),
      realName: String(r.real_name),
      numberName: (r.number_name as string | null) ?? null,
      deptId: toNumberOrNull(r.dept_id),
      deptName: (r.dept_name as string | null) ?? null,
      grade: (r.year_info as string | null) ?? null,
      sex: toNumberOrNull(r.sex),
      submitted: toNumber(r.submitted),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

/** Ids of the audience that have not submitted every scale (reminders). */
export async function findUnfinishedUserIds(
  { tx, tenantId }: TenantScope,
  plan: PlanRow,
  subtree: number[],
  scaleCount: number,
  only?: number[],
) {
  const res = await tx.execute(sql`
    with ${audienceCte(tenantId, plan, subtree, null)}
    select aud.id from aud left join done on done.user_id = aud.id
    where coalesce(done.submitted, 0) < ${scaleCount}
      ${only ? sql`and aud.id = any(${sql.param(only)}::bigint[])` : sql``}`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

/** Task states of some users in a plan. */
export async function findTaskStates({ tx, tenantId }: TenantScope, planId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  const res = await tx.execute(sql`
    select user_id, scale_id, max(state) as state, max(submitted_at) as submitted_at
    from assessment_task where tenant_id = ${tenantId} and plan_id = ${planId} and user_id = any(${sql.param(userIds)}::bigint[])
    group by user_id, scale_id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    userId: toNumber(r.user_id),
    scaleId: toNumber(r.scale_id),
    state: toNumber(r.state),
    submittedAt: r.submitted_at ? new Date(r.submitted_at as string) : null,
  }));
}

/** People who answered daily plans, with their count and latest answer. */
export async function findDailyUsers(
  { tx, tenantId }: TenantScope,
  f: { deptIds: number[] | null; name?: string },
  page: { offset: number; limit: number },
) {
  const c: SQL[] = [sql`a.tenant_id = ${tenantId}`, sql`p.kind = 2`, sql`a.user_id is not null`];
  if (f.deptIds) c.push(sql`a.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  if (f.name) c.push(sql`(u.real_name ilike ${like(f.name)} or u.number_name ilike ${like(f.name)})`);
  const from = sql`from assessment_answer a join assessment_plan p on p.tenant_id = a.tenant_id and p.id = a.plan_id
    join ${usersView('u')} on u.tenant_id = a.tenant_id and u.id = a.user_id where ${sql.join(c, sql` and `)}`;
  const res = await tx.execute(sql`
    select u.id, u.real_name, u.number_name, (select name from ${deptsView('d')} where d.tenant_id = u.tenant_id and d.id = u.dept_id) as dept_name,
      count(*) as answers, max(a.submitted_at) as last_at,
      (array_agg(a.risk_grade order by a.submitted_at desc, a.id desc))[1] as last_grade
    ${from} group by u.id, u.real_name, u.number_name, u.tenant_id, u.dept_id
    order by last_at desc offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(distinct a.user_id) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      userId: toNumber(r.id),
      realName: String(r.real_name),
      numberName: (r.number_name as string | null) ?? null,
      deptName: (r.dept_name as string | null) ?? null,
      answers: toNumber(r.answers),
      lastSubmitTime: new Date(r.last_at as string),
      lastRiskGrade: toNumberOrNull(r.last_grade),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

/** Named answers of a plan flagged by its rule, of people with no interview (not cancelled) for it. */
export async function findFlagged(
  { tx, tenantId }: TenantScope,
  plan: PlanRow,
  deptIds: number[] | null,
  page: { offset: number; limit: number },
) {
  const rule =
    plan.flagRule === 1
      ? sql`a.warning`
      : plan.flagRule === 2
        ? sql`(a.warning or a.risk_grade in (1, 2))`
        : sql`(a.warning or a.risk_grade in (1, 2) or a.screen_positive)`;
  const from = sql`
    from assessment_answer a
    join ${usersView('u')} on u.tenant_id = a.tenant_id and u.id = a.user_id
    join assessment_scale s on s.tenant_id = a.tenant_id and s.id = a.scale_id
    left join ${deptsView('d')} on d.tenant_id = a.tenant_id and d.id = a.dept_id
    where a.tenant_id = ${tenantId} and a.plan_id = ${plan.id} and a.user_id is not null and ${rule}
      ${deptIds ? sql`and a.dept_id = any(${sql.param(deptIds)}::bigint[])` : sql``}
      and not exists (select 1 from assessment_interview i where i.tenant_id = a.tenant_id and i.plan_id = a.plan_id
        and i.user_id = a.user_id and i.status not in (2, 5))`;
  const res = await tx.execute(sql`
    select distinct on (a.user_id) a.id, a.user_id, u.real_name, u.number_name, d.name as dept_name, s.name_zh, s.name_en,
      a.risk_grade, a.screen_positive, a.warning, a.critical, a.submitted_at
    ${from}
    order by a.user_id, a.critical desc, a.warning desc, a.risk_grade nulls last, a.id desc`);
  const all = rowsOf<Record<string, unknown>>(res)
    .map((r) => ({
      answerId: toNumber(r.id),
      userId: toNumber(r.user_id),
      realName: String(r.real_name),
      numberName: (r.number_name as string | null) ?? null,
      deptName: (r.dept_name as string | null) ?? null,
      scaleNameZh: String(r.name_zh),
      scaleNameEn: String(r.name_en),
      riskGrade: toNumberOrNull(r.risk_grade),
      screenPositive: Boolean(r.screen_positive),
      warning: Boolean(r.warning),
      critical: Boolean(r.critical),
      submitTime: new Date(r.submitted_at as string),
    }))
    // Most serious first: critical, then warnings, then risk grade.
    .sort(
      (x, y) =>
        Number(y.critical) - Number(x.critical) ||
        Number(y.warning) - Number(x.warning) ||
        (x.riskGrade ?? 9) - (y.riskGrade ?? 9),
    );
  return { rows: all.slice(page.offset, page.offset + page.limit), total: all.length };
}

// --- warnings ------------------------------------------------------------------------------------------

export type WarningRowDb = typeof assessmentWarning.$inferSelect;

export async function insertWarning(
  { tx, tenantId }: TenantScope,
  w: Omit<typeof assessmentWarning.$inferInsert, 'tenantId' | 'id'>,
) {
  const [row] = await tx
    .insert(assessmentWarning)
    .values({ ...w, tenantId })
    .returning();
  return row!;
}

export async function findWarning(
  { tx, tenantId }: TenantScope,
  id: number,
  opts: { forUpdate?: boolean } = {},
) {
  const q = tx
    .select()
    .from(assessmentWarning)
    .where(and(eq(assessmentWarning.tenantId, tenantId), eq(assessmentWarning.id, id)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateWarning(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<WarningRowDb, 'tenantId' | 'id'>>,
) {
  const [row] = await tx
    .update(assessmentWarning)
    .set(set)
    .where(and(eq(assessmentWarning.tenantId, tenantId), eq(assessmentWarning.id, id)))
    .returning();
  return row ?? null;
}

export interface ListedWarning extends WarningRowDb {
  planName: string;
  scaleNameZh: string;
  scaleNameEn: string;
  realName: string | null;
  numberName: string | null;
  deptName: string | null;
  handleUserName: string | null;
}

function warningWhere(
  tenantId: number,
  f: {
    status?: number;
    open?: boolean;
    level?: number;
    planId?: number;
    id?: number;
    deptIds: number[] | null;
  },
) {
  const c: SQL[] = [sql`w.tenant_id = ${tenantId}`];
  if (f.id !== undefined) c.push(sql`w.id = ${f.id}`);
  if (f.status !== undefined) c.push(sql`w.status = ${f.status}`);
  if (f.open) c.push(sql`w.status in (1, 2)`);
  if (f.level !== undefined) c.push(sql`w.level = ${f.level}`);
  if (f.planId !== undefined) c.push(sql`w.plan_id = ${f.planId}`);
  // Anonymous warnings name no department a scope could test; those with a scope see named ones of it.
  if (f.deptIds) c.push(sql`w.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  return sql.join(c, sql` and `);
}

export async function findWarningPage(
  { tx, tenantId }: TenantScope,
  f: {
    status?: number;
    open?: boolean;
    level?: number;
    planId?: number;
    id?: number;
    deptIds: number[] | null;
  },
  page: { offset: number; limit: number },
): Promise<{ rows: ListedWarning[]; total: number }> {
  const where = warningWhere(tenantId, f);
  const res = await tx.execute(sql`
    select w.*, p.name as plan_name, s.name_zh as scale_name_zh, s.name_en as scale_name_en,
      u.real_name, u.number_name, d.name as dept_name, h.real_name as handle_user_name
    from assessment_warning w
    join assessment_plan p on p.tenant_id = w.tenant_id and p.id = w.plan_id
    join assessment_scale s on s.tenant_id = w.tenant_id and s.id = w.scale_id
    left join ${usersView('u')} on u.tenant_id = w.tenant_id and u.id = w.user_id
    left join ${deptsView('d')} on d.tenant_id = w.tenant_id and d.id = w.dept_id
    left join ${usersView('h')} on h.tenant_id = w.tenant_id and h.id = w.handled_by
    where ${where}
    order by (w.status in (1, 2)) desc, w.level, w.created_at desc, w.id desc
    offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n from assessment_warning w where ${where}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      tenantId,
      id: toNumber(r.id),
      answerId: toNumber(r.answer_id),
      planId: toNumber(r.plan_id),
      scaleId: toNumber(r.scale_id),
      userId: toNumberOrNull(r.user_id),
      deptId: toNumberOrNull(r.dept_id),
      anonymous: Boolean(r.anonymous),
      level: toNumber(r.level),
      reasons: r.reasons as unknown[],
      riskScore: toNumberOrNull(r.risk_score),
      status: toNumber(r.status),
      handedTo: (r.handed_to as string | null) ?? null,
      handoverRef: (r.handover_ref as string | null) ?? null,
      deliveredAt: r.delivered_at ? new Date(r.delivered_at as string) : null,
      handledBy: toNumberOrNull(r.handled_by),
      handledAt: r.handled_at ? new Date(r.handled_at as string) : null,
      handleNote: (r.handle_note as string | null) ?? null,
      createdAt: new Date(r.created_at as string),
      planName: String(r.plan_name),
      scaleNameZh: String(r.scale_name_zh),
      scaleNameEn: String(r.scale_name_en),
      realName: (r.real_name as string | null) ?? null,
      numberName: (r.number_name as string | null) ?? null,
      deptName: (r.dept_name as string | null) ?? null,
      handleUserName: (r.handle_user_name as string | null) ?? null,
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

export async function countOpenWarnings({ tx, tenantId }: TenantScope, deptIds: number[] | null) {
  const res = await tx.execute(sql`
    select count(*) as n, count(*) filter (where w.level = 1) as critical
    from assessment_warning w where ${warningWhere(tenantId, { open: true, deptIds })}`);
  const r = rowsOf<Record<string, unknown>>(res)[0]!;
  return { total: toNumber(r.n), critical: toNumber(r.critical) };
}

/** Warnings of every school not delivered `olderThanMs` after they were raised (the sweep; system context). */
export async function findUndeliveredWarnings(db: Db, olderThanMs: number, limit: number) {
  const res = await db.execute(sql`
    select tenant_id, id from assessment_warning
    where delivered_at is null and created_at < now() - make_interval(secs => ${olderThanMs / 1000})
    order by created_at limit ${limit}`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    tenantId: toNumber(r.tenant_id),
    id: toNumber(r.id),
  }));
}

/**
 * Users holding a permission key through a role of an enabled product, with the data scope of those
 * roles ('all' wins) and their department: the recipients of warning messages.
 */
export async function findKeyHolders({ tx, tenantId }: TenantScope, key: string) {
  const res = await tx.execute(sql`
    select u.id, u.dept_id, bool_or(r.data_scope <> 'dept_tree') as all_scope
    from ${usersView('u')}
    join ${userRolesView('ur')} on ur.tenant_id = u.tenant_id and ur.user_id = u.id
    join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and not r.del_flag
    join ${roleMenusView('rm')} on rm.tenant_id = r.tenant_id and rm.role_id = r.id
    join ${menusView('m')} on m.tenant_id = rm.tenant_id and m.id = rm.menu_id and m.permission = ${key} and not m.del_flag
    join ${tenantProductsView('tp')} on tp.tenant_id = m.tenant_id and tp.product_id = m.product_id and tp.enabled
    where u.tenant_id = ${tenantId} and not u.del_flag and u.status = 'active'
    group by u.id, u.dept_id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    userId: toNumber(r.id),
    deptId: toNumberOrNull(r.dept_id),
    allScope: Boolean(r.all_scope),
  }));
}

/** Active users holding a role (fallback recipients: the school's administrators). */
export async function findRoleHolders({ tx, tenantId }: TenantScope, roleCode: string) {
  const res = await tx.execute(sql`
    select u.id from ${usersView('u')}
    join ${userRolesView('ur')} on ur.tenant_id = u.tenant_id and ur.user_id = u.id
    join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.role_code = ${roleCode}
    where u.tenant_id = ${tenantId} and not u.del_flag and u.status = 'active'`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}
