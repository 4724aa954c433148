import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { deptsView, usersView, usersWithPhoneView } from '../identity';
import {
  assessmentAnswer,
  assessmentAnswerFactor,
  assessmentPlan,
  assessmentPlanScale,
  assessmentScale,
  assessmentScaleCategory,
  assessmentSignature,
  assessmentTask,
  formScaleResult,
} from './assessment.table';

// Identity's read views under the table names, so the statements read as they did on the tables.
const sysUser = usersView('sys_user');
const dept = deptsView('dept');

/** Scales, plans, tasks, answers and signatures (docs/assessment.md). The only place with their queries. */

export type ScaleRow = typeof assessmentScale.$inferSelect;
export type NewScale = Omit<typeof assessmentScale.$inferInsert, 'tenantId' | 'id'>;
export type CategoryRow = typeof assessmentScaleCategory.$inferSelect;
export type PlanRow = typeof assessmentPlan.$inferSelect;
export type NewPlan = Omit<typeof assessmentPlan.$inferInsert, 'tenantId' | 'id'>;
export type TaskRow = typeof assessmentTask.$inferSelect;
export type AnswerRowDb = typeof assessmentAnswer.$inferSelect;
export type NewAnswer = Omit<typeof assessmentAnswer.$inferInsert, 'tenantId' | 'id'>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

// --- categories and scales -----------------------------------------------------------------------------

export async function insertMissingCategories(
  { tx, tenantId }: TenantScope,
  rows: { code: string; nameZh: string; nameEn: string; kind: string; sort: number }[],
) {
  if (rows.length === 0) return;
  await tx
    .insert(assessmentScaleCategory)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing();
}

export function findCategories({ tx, tenantId }: TenantScope, kind?: string) {
  return tx
    .select()
    .from(assessmentScaleCategory)
    .where(
      and(
        eq(assessmentScaleCategory.tenantId, tenantId),
        kind ? eq(assessmentScaleCategory.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(assessmentScaleCategory.sort), asc(assessmentScaleCategory.id));
}

export async function findCategory({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(assessmentScaleCategory)
    .where(and(eq(assessmentScaleCategory.tenantId, tenantId), eq(assessmentScaleCategory.id, id)));
  return row ?? null;
}

/** Inserts scales a school does not have yet (same code and version): the built-in seed. */
export async function insertMissingScales({ tx, tenantId }: TenantScope, rows: NewScale[]) {
  if (rows.length === 0) return;
  await tx
    .insert(assessmentScale)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing();
}

export async function insertScale({ tx, tenantId }: TenantScope, row: NewScale) {
  const [created] = await tx
    .insert(assessmentScale)
    .values({ ...row, tenantId })
    .returning();
  return created!;
}

const liveScale = (tenantId: number) =>
  and(eq(assessmentScale.tenantId, tenantId), isNull(assessmentScale.deletedAt));

export async function findScale({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(assessmentScale)
    .where(and(liveScale(tenantId), eq(assessmentScale.id, id)));
  return row ?? null;
}

export async function findScalesByIds({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(assessmentScale)
    .where(and(eq(assessmentScale.tenantId, tenantId), inArray(assessmentScale.id, ids)));
}

export async function findScaleByCode({ tx, tenantId }: TenantScope, code: string, version: number) {
  const [row] = await tx
    .select()
    .from(assessmentScale)
    .where(and(liveScale(tenantId), eq(assessmentScale.code, code), eq(assessmentScale.version, version)));
  return row ?? null;
}

export async function findScalePage(
  { tx, tenantId }: TenantScope,
  f: { categoryId?: number; name?: string; kind?: string; status?: number; source?: string },
  page: { offset: number; limit: number },
) {
  const where = and(
    liveScale(tenantId),
    f.categoryId !== undefined ? eq(assessmentScale.categoryId, f.categoryId) : undefined,
    f.kind ? eq(assessmentScale.kind, f.kind) : undefined,
    f.status !== undefined ? eq(assessmentScale.status, f.status) : undefined,
    f.source ? eq(assessmentScale.source, f.source) : undefined,
    f.name
      ? or(
          ilike(assessmentScale.nameZh, like(f.name)),
          ilike(assessmentScale.nameEn, like(f.name)),
          ilike(assessmentScale.shortName, like(f.name)),
          ilike(assessmentScale.code, like(f.name)),
        )
      : undefined,
  );
  const rows = await tx
    .select({
      scale: assessmentScale,
      categoryZh: assessmentScaleCategory.nameZh,
      categoryEn: assessmentScaleCategory.nameEn,
    })
    .from(assessmentScale)
    .leftJoin(
      assessmentScaleCategory,
      and(
        eq(assessmentScaleCategory.tenantId, assessmentScale.tenantId),
        eq(assessmentScaleCategory.id, assessmentScale.categoryId),
      ),
    )
    .where(where)
    .orderBy(asc(assessmentScale.sort), asc(assessmentScale.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(assessmentScale).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Enabled scales with their category, for the tree and the questionnaire lists. */
export function findEnabledScales({ tx, tenantId }: TenantScope, kind?: string) {
  return tx
    .select()
    .from(assessmentScale)
    .where(
      and(
        liveScale(tenantId),
        eq(assessmentScale.status, 1),
        kind ? eq(assessmentScale.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(assessmentScale.sort), asc(assessmentScale.id));
}

export async function updateScale(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Pick<ScaleRow, 'status' | 'deletedAt'>>,
) {
  const [row] = await tx
    .update(assessmentScale)
    .set({ ...set, updatedAt: new Date() })
    .where(and(liveScale(tenantId), eq(assessmentScale.id, id)))
    .returning();
  return row ?? null;
}

/**
 * The live plans that name a scale (any status: a closed plan's answers were scored with it), newest
 * first, at most `limit` of them, with how many there are. A deleted plan does not count: it had no
 * answers, and its scale rows would otherwise hold the scale for ever.
 */
export async function findPlansUsingScale({ tx, tenantId }: TenantScope, scaleId: number, limit = 3) {
  const rows = await tx
    .select({ id: assessmentPlan.id, name: assessmentPlan.name, total: sql<number>`count(*) over ()` })
    .from(assessmentPlanScale)
    .innerJoin(
      assessmentPlan,
      and(
        eq(assessmentPlan.tenantId, assessmentPlanScale.tenantId),
        eq(assessmentPlan.id, assessmentPlanScale.planId),
      ),
    )
    .where(
      and(
        eq(assessmentPlanScale.tenantId, tenantId),
        eq(assessmentPlanScale.scaleId, scaleId),
        isNull(assessmentPlan.deletedAt),
      ),
    )
    .orderBy(desc(assessmentPlan.id))
    .limit(limit);
  return { plans: rows.map(({ id, name }) => ({ id, name })), total: toNumber(rows[0]?.total ?? 0) };
}

// --- plans ---------------------------------------------------------------------------------------------

const livePlan = (tenantId: number) =>
  and(eq(assessmentPlan.tenantId, tenantId), isNull(assessmentPlan.deletedAt));

export async function insertPlan({ tx, tenantId }: TenantScope, row: NewPlan) {
  const [created] = await tx
    .insert(assessmentPlan)
    .values({ ...row, tenantId })
    .returning();
  return created!;
}

export async function updatePlan({ tx, tenantId }: TenantScope, id: number, set: Partial<NewPlan>) {
  const [row] = await tx
    .update(assessmentPlan)
    .set({ ...set, updatedAt: new Date() })
    .where(and(livePlan(tenantId), eq(assessmentPlan.id, id)))
    .returning();
  return row ?? null;
}

export async function findPlan(
  { tx, tenantId }: TenantScope,
  id: number,
  opts: { forUpdate?: boolean } = {},
) {
  const q = tx
    .select()
    .from(assessmentPlan)
    .where(and(livePlan(tenantId), eq(assessmentPlan.id, id)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findPlanPage(
  { tx, tenantId }: TenantScope,
  f: { name?: string; status?: number; kind?: number },
  page: { offset: number; limit: number },
) {
  const where = and(
    livePlan(tenantId),
    f.name ? ilike(assessmentPlan.name, like(f.name)) : undefined,
    f.status !== undefined ? eq(assessmentPlan.status, f.status) : undefined,
    f.kind !== undefined ? eq(assessmentPlan.kind, f.kind) : undefined,
  );
  const rows = await tx
    .select()
    .from(assessmentPlan)
    .where(where)
    .orderBy(desc(assessmentPlan.createdAt), desc(assessmentPlan.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(assessmentPlan).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function replacePlanScales(
  { tx, tenantId }: TenantScope,
  planId: number,
  scales: { scaleId: number; normId: string | null }[],
) {
  await tx
    .delete(assessmentPlanScale)
    .where(and(eq(assessmentPlanScale.tenantId, tenantId), eq(assessmentPlanScale.planId, planId)));
  if (scales.length === 0) return;
  await tx
    .insert(assessmentPlanScale)
    .values(scales.map((s, i) => ({ tenantId, planId, scaleId: s.scaleId, normId: s.normId, sort: i + 1 })));
}

/** Scales of plans with the scale rows, in plan order. */
export async function findPlanScales({ tx, tenantId }: TenantScope, planIds: number[]) {
  if (planIds.length === 0) return [];
  return tx
    .select({
      planId: assessmentPlanScale.planId,
      normId: assessmentPlanScale.normId,
      scale: assessmentScale,
    })
    .from(assessmentPlanScale)
    .innerJoin(
      assessmentScale,
      and(
        eq(assessmentScale.tenantId, assessmentPlanScale.tenantId),
        eq(assessmentScale.id, assessmentPlanScale.scaleId),
      ),
    )
    .where(and(eq(assessmentPlanScale.tenantId, tenantId), inArray(assessmentPlanScale.planId, planIds)))
    .orderBy(asc(assessmentPlanScale.planId), asc(assessmentPlanScale.sort));
}

export async function countAnswersByPlan({ tx, tenantId }: TenantScope, planIds: number[]) {
  if (planIds.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ planId: assessmentAnswer.planId, n: count() })
    .from(assessmentAnswer)
    .where(and(eq(assessmentAnswer.tenantId, tenantId), inArray(assessmentAnswer.planId, planIds)))
    .groupBy(assessmentAnswer.planId);
  return new Map(rows.map((r) => [r.planId, r.n]));
}

export async function findUserNames({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: sysUser.id, realName: sysUser.realName })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.realName]));
}

/** Which of the ids are live users of the school. */
export async function findExistingUserIds({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(
      and(eq(sysUser.tenantId, tenantId), inArray(sysUser.id, [...new Set(ids)]), eq(sysUser.delFlag, false)),
    );
  return new Set(rows.map((r) => r.id));
}

export async function findExistingDeptIds({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), inArray(dept.id, [...new Set(ids)]), eq(dept.delFlag, false)));
  return new Set(rows.map((r) => r.id));
}

// --- audience ------------------------------------------------------------------------------------------

/** Departments and all their descendants (several roots). */
export async function findSubtrees({ tx, tenantId }: TenantScope, rootIds: number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const res = await tx.execute(sql`
    with recursive sub as (
      select id, 0 as depth from ${deptsView('dept')}
      where tenant_id = ${tenantId} and id = any(${sql.param(rootIds)}::bigint[]) and not del_flag
      union
      select d.id, sub.depth + 1 from ${deptsView('d')} join sub on d.tenant_id = ${tenantId} and d.parent_id = sub.id
      where not d.del_flag and sub.depth < 64
    )
    select distinct id from sub`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

/** A department and every department above it. */
export async function findAncestorIds({ tx, tenantId }: TenantScope, deptId: number): Promise<number[]> {
  const res = await tx.execute(sql`
    with recursive up as (
      select id, parent_id, 0 as depth from ${deptsView('dept')} where tenant_id = ${tenantId} and id = ${deptId}
      union all
      select d.id, d.parent_id, up.depth + 1 from ${deptsView('d')} join up on d.tenant_id = ${tenantId} and d.id = up.parent_id
      where up.depth < 64
    )
    select id from up`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

/**
 * The audience of a plan as a condition on `sys_user u` (docs/assessment.md "Plans"): named users, plus
 * the users matching every non-empty filter; live accounts only. `subtree` is the plan's departments with
 * their descendants.
 */
export function audienceCondition(plan: PlanRow, subtree: number[]): SQL {
  const hasFilter =
    plan.audienceDeptIds.length + plan.audienceGrades.length + plan.audienceUserTypeIds.length > 0;
  const parts: SQL[] = [];
  if (plan.audienceUserIds.length) parts.push(sql`u.id = any(${sql.param(plan.audienceUserIds)}::bigint[])`);
  if (hasFilter) {
    const filters: SQL[] = [];
    if (plan.audienceDeptIds.length) filters.push(sql`u.dept_id = any(${sql.param(subtree)}::bigint[])`);
    if (plan.audienceGrades.length)
      filters.push(sql`u.year_info = any(${sql.param(plan.audienceGrades)}::text[])`);
    if (plan.audienceUserTypeIds.length)
      filters.push(sql`u.user_type_id = any(${sql.param(plan.audienceUserTypeIds)}::bigint[])`);
    parts.push(sql`(${sql.join(filters, sql` and `)})`);
  }
  if (parts.length === 0) return sql`false`;
  return sql`(u.del_flag = false and u.status = 'active' and (${sql.join(parts, sql` or `)}))`;
}

/** Open published plans whose audience holds the user (ancestors: the user's department and those above). */
export async function findOpenPlansForUser(
  { tx, tenantId }: TenantScope,
  userId: number,
  questionnaires?: boolean,
) {
  const res = await tx.execute(sql`
    with recursive me as (
      select id, dept_id, year_info, user_type_id from ${usersView('sys_user')}
      where tenant_id = ${tenantId} and id = ${userId} and not del_flag
    ), up as (
      select d.id, d.parent_id, 0 as depth from ${deptsView('d')} join me on d.tenant_id = ${tenantId} and d.id = me.dept_id
      union all
      select d.id, d.parent_id, up.depth + 1 from ${deptsView('d')} join up on d.tenant_id = ${tenantId} and d.id = up.parent_id
      where up.depth < 64
    )
    select p.id from assessment_plan p, me
    where p.tenant_id = ${tenantId} and p.deleted_at is null and p.status = 2
      and (p.start_time is null or p.start_time <= now()) and (p.end_time is null or p.end_time > now())
      and (
        me.id = any(p.audience_user_ids)
        or (
          cardinality(p.audience_dept_ids) + cardinality(p.audience_grades) + cardinality(p.audience_user_type_ids) > 0
          and (cardinality(p.audience_dept_ids) = 0 or p.audience_dept_ids && array(select id from up))
          and (cardinality(p.audience_grades) = 0 or me.year_info = any(p.audience_grades))
          and (cardinality(p.audience_user_type_ids) = 0 or me.user_type_id = any(p.audience_user_type_ids))
        )
      )
      ${
        questionnaires === undefined
          ? sql``
          : sql`and ${questionnaires ? sql`` : sql`not`} exists (
              select 1 from assessment_plan_scale ps join assessment_scale s on s.tenant_id = ps.tenant_id and s.id = ps.scale_id
              where ps.tenant_id = p.tenant_id and ps.plan_id = p.id and s.kind = 'questionnaire')`
      }
    order by p.end_time nulls last, p.id`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

/** Whether a user is in a plan's audience. */
export async function isInAudience(
  { tx, tenantId }: TenantScope,
  plan: PlanRow,
  subtree: number[],
  userId: number,
) {
  const res = await tx.execute(sql`
    select 1 from ${usersView('u')} where u.tenant_id = ${tenantId} and u.id = ${userId} and ${audienceCondition(plan, subtree)}`);
  return rowsOf(res).length > 0;
}

// --- tasks ---------------------------------------------------------------------------------------------

/** A user's tasks of plans (every attempt), for pending lists. */
export function findUserTasks({ tx, tenantId }: TenantScope, userId: number, planIds: number[]) {
  if (planIds.length === 0) return Promise.resolve([] as TaskRow[]);
  return tx
    .select()
    .from(assessmentTask)
    .where(
      and(
        eq(assessmentTask.tenantId, tenantId),
        eq(assessmentTask.userId, userId),
        inArray(assessmentTask.planId, planIds),
      ),
    );
}

export async function findTask(
  { tx, tenantId }: TenantScope,
  id: number,
  opts: { forUpdate?: boolean } = {},
) {
  const q = tx
    .select()
    .from(assessmentTask)
    .where(and(eq(assessmentTask.tenantId, tenantId), eq(assessmentTask.id, id)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Creates the task of an attempt, or answers the one a concurrent start created. */
export async function insertTask(
  { tx, tenantId }: TenantScope,
  t: { planId: number; scaleId: number; userId: number; attempt: number },
) {
  const [created] = await tx
    .insert(assessmentTask)
    .values({ ...t, tenantId })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [existing] = await tx
    .select()
    .from(assessmentTask)
    .where(
      and(
        eq(assessmentTask.tenantId, tenantId),
        eq(assessmentTask.planId, t.planId),
        eq(assessmentTask.scaleId, t.scaleId),
        eq(assessmentTask.userId, t.userId),
        eq(assessmentTask.attempt, t.attempt),
      ),
    );
  return existing!;
}

export async function updateTask(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Pick<TaskRow, 'responses' | 'position' | 'state' | 'submittedAt' | 'answerId' | 'updatedAt'>>,
) {
  const [row] = await tx
    .update(assessmentTask)
    .set({ updatedAt: new Date(), ...set })
    .where(and(eq(assessmentTask.tenantId, tenantId), eq(assessmentTask.id, id)))
    .returning();
  return row!;
}

// --- answers -------------------------------------------------------------------------------------------

export async function insertAnswer(
  { tx, tenantId }: TenantScope,
  a: NewAnswer,
  factors: { code: string; score: number; tScore: number | null }[],
) {
  const [row] = await tx
    .insert(assessmentAnswer)
    .values({ ...a, tenantId })
    .returning();
  if (factors.length)
    await tx.insert(assessmentAnswerFactor).values(
      factors.map((f) => ({
        ...f,
        tenantId,
        answerId: row!.id,
        planId: a.planId,
        scaleId: a.scaleId,
        deptId: a.deptId ?? null,
        grade: a.grade ?? null,
        sex: a.sex ?? null,
      })),
    );
  return row!;
}

export async function findAnswer({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(assessmentAnswer)
    .where(and(eq(assessmentAnswer.tenantId, tenantId), eq(assessmentAnswer.id, id)));
  return row ?? null;
}

/** Demographics copied into an answer: department, grade (yearInfo) and sex. */
export async function findUserProfile({ tx, tenantId }: TenantScope, userId: number) {
  const person = usersWithPhoneView('sys_user');
  const [row] = await tx
    .select({
      id: person.id,
      realName: person.realName,
      numberName: person.numberName,
      deptId: person.deptId,
      grade: person.yearInfo,
      sex: person.sex,
      phone: person.phone,
      deptName: dept.name,
    })
    .from(person)
    .leftJoin(dept, and(eq(dept.tenantId, person.tenantId), eq(dept.id, person.deptId)))
    .where(and(eq(person.tenantId, tenantId), eq(person.id, userId), eq(person.delFlag, false)));
  return row ?? null;
}

/** The caller's own answers (named plans only), newest first. */
export async function findMyAnswers(
  { tx, tenantId }: TenantScope,
  userId: number,
  page: { offset: number; limit: number },
) {
  const where = and(eq(assessmentAnswer.tenantId, tenantId), eq(assessmentAnswer.userId, userId));
  const rows = await tx
    .select({ answer: assessmentAnswer, plan: assessmentPlan, scale: assessmentScale })
    .from(assessmentAnswer)
    .innerJoin(
      assessmentPlan,
      and(
        eq(assessmentPlan.tenantId, assessmentAnswer.tenantId),
        eq(assessmentPlan.id, assessmentAnswer.planId),
      ),
    )
    .innerJoin(
      assessmentScale,
      and(
        eq(assessmentScale.tenantId, assessmentAnswer.tenantId),
        eq(assessmentScale.id, assessmentAnswer.scaleId),
      ),
    )
    .where(where)
    .orderBy(desc(assessmentAnswer.submittedAt), desc(assessmentAnswer.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(assessmentAnswer).where(where);
  return { rows, total: total?.n ?? 0 };
}

// --- signatures ----------------------------------------------------------------------------------------

export async function insertSignature(
  { tx, tenantId }: TenantScope,
  s: { planId: number; userId: number; signature: string },
) {
  const [row] = await tx
    .insert(assessmentSignature)
    .values({ ...s, tenantId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findSignature({ tx, tenantId }: TenantScope, planId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(assessmentSignature)
    .where(
      and(
        eq(assessmentSignature.tenantId, tenantId),
        eq(assessmentSignature.planId, planId),
        eq(assessmentSignature.userId, userId),
      ),
    );
  return row ?? null;
}

export async function findSignedPlanIds({ tx, tenantId }: TenantScope, userId: number, planIds: number[]) {
  if (planIds.length === 0) return new Set<number>();
  const rows = await tx
    .select({ planId: assessmentSignature.planId })
    .from(assessmentSignature)
    .where(
      and(
        eq(assessmentSignature.tenantId, tenantId),
        eq(assessmentSignature.userId, userId),
        inArray(assessmentSignature.planId, planIds),
      ),
    );
  return new Set(rows.map((r) => r.planId));
}

export async function findSignaturePage(
  { tx, tenantId }: TenantScope,
  planId: number,
  page: { offset: number; limit: number },
) {
  const where = and(eq(assessmentSignature.tenantId, tenantId), eq(assessmentSignature.planId, planId));
  const rows = await tx
    .select({
      userId: assessmentSignature.userId,
      signature: assessmentSignature.signature,
      signedAt: assessmentSignature.signedAt,
      realName: sysUser.realName,
      numberName: sysUser.numberName,
      deptId: sysUser.deptId,
      deptName: dept.name,
      grade: sysUser.yearInfo,
      sex: sysUser.sex,
    })
    .from(assessmentSignature)
    .innerJoin(
      sysUser,
      and(eq(sysUser.tenantId, assessmentSignature.tenantId), eq(sysUser.id, assessmentSignature.userId)),
    )
    .leftJoin(dept, and(eq(dept.tenantId, sysUser.tenantId), eq(dept.id, sysUser.deptId)))
    .where(where)
    .orderBy(desc(assessmentSignature.signedAt))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(assessmentSignature).where(where);
  return { rows, total: total?.n ?? 0 };
}

// --- scale results (gradeResultCalc) -------------------------------------------------------------------

export async function insertScaleResult(
  { tx, tenantId }: TenantScope,
  r: { userId: number; scaleName: string; score: number; eventSign: string | null; createdBy: number },
) {
  const [row] = await tx
    .insert(formScaleResult)
    .values({ tenantId, ...r })
    .returning();
  return row!;
}

/**
 * The latest scale result of a person: a score entered by staff, or the risk score of an answer of a
 * named plan that uses the risk bands, whichever is newer.
 */
export async function findLatestScaleResult({ tx, tenantId }: TenantScope, userId: number) {
  const res = await tx.execute(sql`
    select * from (
      select r.score, r.scale_name, r.created_at as at, r.id, 0 as src from form_scale_result r
      where r.tenant_id = ${tenantId} and r.user_id = ${userId}
      union all
      select a.risk_score, s.short_name, a.submitted_at, a.id, 1 from assessment_answer a
      join assessment_plan p on p.tenant_id = a.tenant_id and p.id = a.plan_id and p.use_risk_bands
      join assessment_scale s on s.tenant_id = a.tenant_id and s.id = a.scale_id
      where a.tenant_id = ${tenantId} and a.user_id = ${userId} and a.risk_score is not null
    ) x order by at desc, src desc, id desc limit 1`);
  const [row] = rowsOf<Record<string, unknown>>(res);
  if (!row) return null;
  return { score: Number(row.score), scaleName: String(row.scale_name), at: new Date(row.at as string) };
}
