import {
  CALENDAR_UTC_OFFSET,
  PLAN_STATUS,
  TASK_STATE,
  type Lang,
  type Plan,
  type planInputSchema,
  NO_DEPARTMENT,
} from '@psy/contracts';
import type { z } from 'zod';
import {
  ResponseError,
  checkResponses,
  scoreScale,
  warningLevelOf,
  warningReasonsOf,
  type BandHit,
  type ScaleDefinition,
  type ScaleResult,
} from '@psy/scoring';
import type { Database, TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { JobHandler } from '../../core/jobs/queue';
import { sendMessageByEvent } from '../messages';
import {
  findAudiencePage,
  findTaskStates,
  findUnfinishedUserIds,
  planProgress,
} from './assessment-results.repository';
import {
  countAnswersByPlan,
  findAnswer,
  findExistingDeptIds,
  findExistingUserIds,
  findOpenPlansForUser,
  findPlan,
  findPlanPage,
  findPlanScales,
  findScalesByIds,
  findSignature,
  findSignaturePage,
  findSignedPlanIds,
  findSubtrees,
  findTask,
  findUserNames,
  findUserProfile,
  findUserTasks,
  insertAnswer,
  insertPlan,
  insertSignature,
  insertTask,
  isInAudience,
  replacePlanScales,
  updatePlan,
  updateTask,
  type NewPlan,
  type PlanRow,
  type ScaleRow,
  type TaskRow,
} from './assessment.repository';
import { definitionOf } from './assessment-scales.service';
import { raiseWarning, refreshRainbow, warningReasonsRecord, type Jobs } from './assessment-warnings.service';
import { inTurn } from '../../core/db/in-turn';

/** Plans and answering them (docs/assessment.md "Plans", "Answering"). */

export const PLAN_REMIND_QUEUE = 'assessment.plan-remind';

/** Help contacts shown after a critical answer when the plan has none of its own. */
export const DEFAULT_HELP_TEXT =
  '如果你现在感到痛苦或有伤害自己的想法，请立即联系学校心理中心或拨打心理援助热线 12356；情况紧急请拨打 120 或 110。';

/** A test started in the window may be submitted until this long after the plan's end. */
const SUBMIT_GRACE_MS = 24 * 3600 * 1000;

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en-US' ? en : zh);

/** The start of the China calendar day of an instant: the only time an anonymous answer keeps. */
export function dayStartOf(at: Date): Date {
  const day = new Date(at.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);
  return new Date(`${day}T00:00:00${CALENDAR_UTC_OFFSET}`);
}

function toPlan(
  row: PlanRow,
  scales: { normId: string | null; scale: ScaleRow }[],
  answerCount: number,
  createUserName: string,
  lang: Lang,
): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: row.kind,
    status: row.status,
    scales: scales.map(({ normId, scale }) => ({
      scaleId: scale.id,
      code: scale.code,
      version: scale.version,
      name: pick(lang, scale.nameZh, scale.nameEn),
      kind: scale.kind,
      itemCount: scale.itemCount,
      normId,
    })),
    audience: {
      deptIds: row.audienceDeptIds,
      grades: row.audienceGrades,
      userTypeIds: row.audienceUserTypeIds,
      userIds: row.audienceUserIds,
    },
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    anonymous: row.anonymous,
    resultVisibility: row.resultVisibility,
    maxAttempts: row.maxAttempts,
    minDaysBetween: row.minDaysBetween,
    remindOnPublish: row.remindOnPublish,
    remindBeforeEndHours: row.remindBeforeEndHours,
    agreementText: row.agreementText,
    helpText: row.helpText,
    useRiskBands: row.useRiskBands,
    warnOnScreenPositive: row.warnOnScreenPositive,
    flagRule: row.flagRule,
    answerCount,
    createUserName,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
    publishTime: row.publishedAt?.toISOString() ?? null,
  };
}

async function presentPlans(scope: TenantScope, rows: PlanRow[], lang: Lang) {
  const ids = rows.map((r) => r.id);
  const [scales, counts, names] = await inTurn([
    () => findPlanScales(scope, ids),
    () => countAnswersByPlan(scope, ids),
    () =>
      findUserNames(
        scope,
        rows.map((r) => r.createdBy),
      ),
  ]);
  return rows.map((r) =>
    toPlan(
      r,
      scales.filter((s) => s.planId === r.id),
      counts.get(r.id) ?? 0,
      names.get(r.createdBy) ?? '',
      lang,
    ),
  );
}

export async function requirePlan(scope: TenantScope, id: number, opts: { forUpdate?: boolean } = {}) {
  const row = await findPlan(scope, id, opts);
  if (!row) throw notFound('plan');
  return row;
}

export async function pagePlans(
  scope: TenantScope,
  lang: Lang,
  q: { current: number; size: number; name?: string; status?: number; kind?: number },
) {
  const { rows, total } = await findPlanPage(scope, { ...q, name: q.name || undefined }, pageWindow(q));
  return pageAnswer(q, await presentPlans(scope, rows, lang), total);
}

/** One plan, with the names of its named users (the list leaves them out: a plan may name thousands). */
export async function planDetail(scope: TenantScope, lang: Lang, id: number): Promise<Plan> {
  const row = await requirePlan(scope, id);
  const [plan] = await presentPlans(scope, [row], lang);
  const names = await findUserNames(scope, row.audienceUserIds);
  return {
    ...plan!,
    namedUsers: row.audienceUserIds.map((userId) => ({
      id: userId,
      realName: names.get(userId) ?? `#${userId}`,
    })),
  };
}

type ParsedPlanInput = z.output<typeof planInputSchema>;

/** Checks a plan's input against the school (scales, norms, people, departments) and answers its columns. */
async function planColumns(scope: TenantScope, b: ParsedPlanInput) {
  const start = b.startTime ? new Date(b.startTime) : null;
  const end = b.endTime ? new Date(b.endTime) : null;
  if (b.kind === 1 && !start) throw badRequest('startTime', 'a screening needs a start time');
  if (b.kind === 1 && !end) throw badRequest('endTime', 'a screening needs an end time');
  if (start && end && !(end > start)) throw badRequest('endTime', 'must be after the start time');
  const a = b.audience;
  if (a.deptIds.length + a.grades.length + a.userTypeIds.length + a.userIds.length === 0)
    throw badRequest('audience', 'choose departments, grades, user types or named users');
  const scaleIds = b.scales.map((s) => s.scaleId);
  const dup = scaleIds.findIndex((id, i) => scaleIds.indexOf(id) !== i);
  if (dup >= 0) throw badRequest(`scales[${dup}].scaleId`, 'the scale is in the plan twice');
  const rows = new Map((await findScalesByIds(scope, scaleIds)).map((r) => [r.id, r]));
  const scales: { scaleId: number; normId: string | null }[] = [];
  for (const [i, s] of b.scales.entries()) {
    const row = rows.get(s.scaleId);
    if (!row || row.deletedAt) throw badRequest(`scales[${i}].scaleId`, 'no such scale');
    if (row.status !== 1) throw badRequest(`scales[${i}].scaleId`, 'the scale is disabled');
    const def = definitionOf(row);
    if (s.normId && !def.norms.some((n) => n.id === s.normId))
      throw badRequest(`scales[${i}].normId`, `the scale has no norm "${s.normId}"`);
    scales.push({ scaleId: s.scaleId, normId: s.normId || null });
  }
  const depts = await findExistingDeptIds(scope, a.deptIds);
  const badDept = a.deptIds.findIndex((id) => !depts.has(id));
  if (badDept >= 0) throw badRequest(`audience.deptIds[${badDept}]`, 'no such department');
  const users = await findExistingUserIds(scope, a.userIds);
  const badUser = a.userIds.findIndex((id) => !users.has(id));
  if (badUser >= 0) throw badRequest(`audience.userIds[${badUser}]`, 'no such user');
  const columns: Omit<NewPlan, 'createdBy'> = {
    name: b.name,
    description: b.description || null,
    kind: b.kind,
    audienceDeptIds: [...new Set(a.deptIds)],
    audienceGrades: [...new Set(a.grades)],
    audienceUserTypeIds: [...new Set(a.userTypeIds)],
    audienceUserIds: [...new Set(a.userIds)],
    startTime: start,
    endTime: end,
    anonymous: b.anonymous ?? false,
    resultVisibility: b.resultVisibility ?? 1,
    maxAttempts: b.maxAttempts ?? 1,
    minDaysBetween: b.minDaysBetween ?? 0,
    remindOnPublish: b.remindOnPublish ?? true,
    remindBeforeEndHours: [...new Set(b.remindBeforeEndHours ?? [])].sort((x, y) => y - x),
    agreementText: b.agreementText || null,
    helpText: b.helpText || null,
    useRiskBands: b.useRiskBands ?? true,
    warnOnScreenPositive: b.warnOnScreenPositive ?? false,
    flagRule: b.flagRule ?? 2,
  };
  return { columns, scales };
}

/** `POST /plantest/plan/save`: a new draft. */
export async function createPlan(scope: TenantScope, p: Principal, lang: Lang, b: ParsedPlanInput) {
  const { columns, scales } = await planColumns(scope, b);
  const row = await insertPlan(scope, { ...columns, createdBy: p.userId });
  await replacePlanScales(scope, row.id, scales);
  return planDetail(scope, lang, row.id);
}

/** `POST /plantest/plan/update` (docs/assessment.md "Editing"). */
export async function editPlan(scope: TenantScope, lang: Lang, b: ParsedPlanInput & { id: number }) {
  const row = await requirePlan(scope, b.id, { forUpdate: true });
  if (row.status === PLAN_STATUS.closed) throw new AppError('business', 'a closed plan cannot be changed');
  const { columns, scales } = await planColumns(scope, b);
  if (row.status === PLAN_STATUS.published) {
    const current = (await findPlanScales(scope, [row.id])).map((s) => `${s.scale.id}:${s.normId ?? ''}`);
    if (current.join(',') !== scales.map((s) => `${s.scaleId}:${s.normId ?? ''}`).join(','))
      throw badRequest('scales', 'a published plan keeps its scales');
    if (columns.anonymous !== row.anonymous)
      throw badRequest('anonymous', 'a published plan keeps its anonymity');
    if (columns.kind !== row.kind) throw badRequest('kind', 'a published plan keeps its kind');
    if (
      columns.endTime &&
      columns.endTime.getTime() < Date.now() &&
      columns.endTime.getTime() !== row.endTime?.getTime()
    )
      throw badRequest('endTime', 'must not be in the past');
    if (
      columns.startTime?.getTime() !== row.startTime?.getTime() &&
      (row.startTime?.getTime() ?? 0) <= Date.now()
    )
      throw badRequest('startTime', 'the plan has started; its start time stays');
  }
  await updatePlan(scope, row.id, columns);
  if (row.status === PLAN_STATUS.draft) await replacePlanScales(scope, row.id, scales);
  return planDetail(scope, lang, row.id);
}

/** Publishes a draft and queues its reminders (at publish, and before the end). */
export async function publishPlan(scope: TenantScope, jobs: Jobs, lang: Lang, id: number) {
  const row = await requirePlan(scope, id, { forUpdate: true });
  if (row.status !== PLAN_STATUS.draft) throw new AppError('business', 'only a draft can be published');
  if (row.endTime && row.endTime.getTime() <= Date.now())
    throw badRequest('endTime', 'the plan would already be over');
  const now = new Date();
  await updatePlan(scope, id, { status: PLAN_STATUS.published, publishedAt: now });
  if (row.remindOnPublish)
    await jobs.enqueue(
      scope,
      PLAN_REMIND_QUEUE,
      { planId: id, event: 'ASSESSMENT_PUBLISHED' },
      {
        runAt: row.startTime && row.startTime > now ? row.startTime : now,
        maxAttempts: 3,
      },
    );
  for (const hours of row.remindBeforeEndHours) {
    if (!row.endTime) break;
    const runAt = new Date(row.endTime.getTime() - hours * 3600 * 1000);
    if (runAt > now)
      await jobs.enqueue(
        scope,
        PLAN_REMIND_QUEUE,
        { planId: id, event: 'ASSESSMENT_REMINDER' },
        { runAt, maxAttempts: 3 },
      );
  }
  return planDetail(scope, lang, id);
}

export async function closePlan(scope: TenantScope, lang: Lang, id: number) {
  const row = await requirePlan(scope, id, { forUpdate: true });
  if (row.status !== PLAN_STATUS.published)
    throw new AppError('business', 'only a published plan can be closed');
  await updatePlan(scope, id, { status: PLAN_STATUS.closed });
  return planDetail(scope, lang, id);
}

export async function deletePlan(scope: TenantScope, id: number) {
  const row = await requirePlan(scope, id, { forUpdate: true });
  if (((await countAnswersByPlan(scope, [id])).get(id) ?? 0) > 0)
    throw new AppError('business', 'a plan with answers cannot be deleted; close it instead');
  await updatePlan(scope, row.id, { deletedAt: new Date() });
  return { id };
}

async function audienceOf(scope: TenantScope, plan: PlanRow) {
  const subtree = await findSubtrees(scope, plan.audienceDeptIds);
  const scaleCount = (await findPlanScales(scope, [plan.id])).length;
  return { subtree, scaleCount };
}

/** `GET /plantest/plan/progress`: audience, started and finished, in all and by department. */
export async function progressOf(scope: TenantScope, lang: Lang, id: number, deptScope: number[] | null) {
  const plan = await requirePlan(scope, id);
  const subtree = await findSubtrees(scope, plan.audienceDeptIds);
  const scales = await findPlanScales(scope, [plan.id]);
  const { rows, byScale } = await planProgress(scope, plan, subtree, scales.length, deptScope);
  const all = rows.find((r) => r.isAll);
  const byDept = rows.filter((r) => !r.isAll);
  return {
    planId: plan.id,
    audience: all?.audience ?? 0,
    started: all?.started ?? 0,
    finished: all?.finished ?? 0,
    byScale: scales.map((s) => ({
      scaleId: s.scale.id,
      name: pick(lang, s.scale.nameZh, s.scale.nameEn),
      submitted: byScale.get(s.scale.id) ?? 0,
    })),
    byDept: byDept.map((d) => ({
      deptId: d.deptId,
      deptName: d.deptName ?? NO_DEPARTMENT[lang],
      audience: d.audience,
      finished: d.finished,
    })),
  };
}

/** Those who have not finished (`/noAnswerPage`) or everyone with their states (`/responsePage`). */
export async function audiencePage(
  scope: TenantScope,
  q: { planId: number; current: number; size: number; deptId?: number; name?: string; state?: number },
  opts: { unfinished: boolean; deptScope: number[] | null },
) {
  const plan = await requirePlan(scope, q.planId);
  const { subtree, scaleCount } = await audienceOf(scope, plan);
  let deptIds = opts.deptScope;
  if (q.deptId !== undefined) {
    const sub = await findSubtrees(scope, [q.deptId]);
    deptIds = deptIds ? sub.filter((d) => deptIds!.includes(d)) : sub;
  }
  const { rows, total } = await findAudiencePage(
    scope,
    plan,
    subtree,
    scaleCount,
    { unfinished: opts.unfinished, state: q.state, deptIds, name: q.name || undefined },
    pageWindow(q),
  );
  return { plan, rows, total };
}

export async function responsePage(
  scope: TenantScope,
  q: { planId: number; current: number; size: number; deptId?: number; name?: string; state?: number },
  deptScope: number[] | null,
) {
  const { plan, rows, total } = await audiencePage(scope, q, { unfinished: false, deptScope });
  const scales = await findPlanScales(scope, [plan.id]);
  const states = await findTaskStates(
    scope,
    plan.id,
    rows.map((r) => r.userId),
  );
  return pageAnswer(
    q,
    rows.map((r) => ({
      ...r,
      scales: scales.map((s) => {
        const st = states.find((x) => x.userId === r.userId && x.scaleId === s.scale.id);
        return {
          scaleId: s.scale.id,
          state: st?.state ?? TASK_STATE.notStarted,
          submitTime: st?.state === 2 && !plan.anonymous ? (st.submittedAt?.toISOString() ?? null) : null,
        };
      }),
    })),
    total,
  );
}

/** Sends a reminder event to those of a plan who have not finished (all, or those named). */
export async function remindUnfinished(
  scope: TenantScope,
  planId: number,
  event: 'ASSESSMENT_REMINDER' | 'ASSESSMENT_PUBLISHED',
  only?: number[],
) {
  const plan = await requirePlan(scope, planId);
  if (plan.status !== PLAN_STATUS.published) return { sent: 0 };
  const { subtree, scaleCount } = await audienceOf(scope, plan);
  const ids = await findUnfinishedUserIds(scope, plan, subtree, scaleCount, only);
  const endTime = plan.endTime
    ? new Date(plan.endTime.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 16).replace('T', ' ')
    : '—';
  let sent = 0;
  for (let i = 0; i < ids.length; i += 2000) {
    const r = await sendMessageByEvent(scope, {
      event,
      userIds: ids.slice(i, i + 2000),
      params: { plan: plan.name, endTime },
    });
    sent += r.ids.length;
  }
  return { sent };
}

/** The reminder job (queued at publish with its time). */
export function createPlanRemindJob(deps: { database: Database }): JobHandler<{
  planId: number;
  event: 'ASSESSMENT_REMINDER' | 'ASSESSMENT_PUBLISHED';
}> {
  return async (job) =>
    deps.database.withTenant(job.tenantId!, (scope) =>
      remindUnfinished(scope, job.payload.planId, job.payload.event),
    );
}

export async function signaturePage(
  scope: TenantScope,
  q: { planId: number; current: number; size: number },
) {
  await requirePlan(scope, q.planId);
  const { rows, total } = await findSignaturePage(scope, q.planId, pageWindow(q));
  return pageAnswer(
    q,
    rows.map((r) => ({
      userId: r.userId,
      realName: r.realName,
      numberName: r.numberName,
      deptId: r.deptId,
      deptName: r.deptName,
      grade: r.grade,
      sex: r.sex,
      signTime: r.signedAt.toISOString(),
      signature: r.signature,
    })),
    total,
  );
}

// --- the student's side --------------------------------------------------------------------------------

const isOpen = (plan: PlanRow, now = new Date()) =>
  plan.status === PLAN_STATUS.published &&
  (!plan.startTime || plan.startTime <= now) &&
  (!plan.endTime || plan.endTime > now);

/** What a person may still take of a plan's scale: the open task, a new attempt, or nothing. */
function nextAttempt(plan: PlanRow, tasks: TaskRow[], now = new Date()) {
  const open = tasks.find((t) => t.state === TASK_STATE.inProgress);
  if (open) return { open, attempt: null as number | null, reason: null as string | null };
  const submitted = tasks.filter((t) => t.state === TASK_STATE.submitted);
  const max = Math.max(0, ...tasks.map((t) => t.attempt));
  if (plan.kind === 1 && submitted.length >= plan.maxAttempts)
    return { open: null, attempt: null, reason: 'submitted' };
  if (plan.kind === 2 && plan.minDaysBetween > 0) {
    const last = Math.max(0, ...submitted.map((t) => t.submittedAt?.getTime() ?? 0));
    if (last && now.getTime() - last < plan.minDaysBetween * 86_400_000)
      return { open: null, attempt: null, reason: 'tooSoon' };
  }
  return { open: null, attempt: max + 1, reason: null };
}

/** `getMyUpscomingScaleByPage` (and the questionnaire count): the caller's pending tests. */
export async function myPendingTests(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: { current: number; size: number },
  questionnaires?: boolean,
) {
  const planIds = await findOpenPlansForUser(scope, p.userId, questionnaires);
  if (planIds.length === 0) return pageAnswer(q, [], 0);
  const plans = [];
  for (const id of planIds) plans.push(await findPlan(scope, id));
  const scales = await findPlanScales(scope, planIds);
  const tasks = await findUserTasks(scope, p.userId, planIds);
  const signed = await findSignedPlanIds(scope, p.userId, planIds);
  const pending = [];
  for (const plan of plans) {
    if (!plan) continue;
    for (const s of scales.filter((x) => x.planId === plan.id)) {
      if (questionnaires !== undefined && (s.scale.kind === 'questionnaire') !== questionnaires) continue;
      const mine = tasks.filter((t) => t.planId === plan.id && t.scaleId === s.scale.id);
      const next = nextAttempt(plan, mine);
      if (!next.open && next.attempt === null) continue;
      // A daily plan once answered is not "pending": it stays available on its page.
      if (plan.kind === 2 && !next.open && mine.some((t) => t.state === TASK_STATE.submitted)) continue;
      pending.push({
        planId: plan.id,
        planName: plan.name,
        kind: plan.kind,
        scaleId: s.scale.id,
        scaleName: pick(lang, s.scale.nameZh, s.scale.nameEn),
        itemCount: s.scale.itemCount,
        endTime: plan.endTime?.toISOString() ?? null,
        state: next.open ? TASK_STATE.inProgress : TASK_STATE.notStarted,
        answered: next.open ? Object.keys(next.open.responses).length : 0,
        needsAgreement: Boolean(plan.agreementText) && !signed.has(plan.id),
        // The student reads what they sign: the text comes with the test it gates.
        agreementText: plan.agreementText && !signed.has(plan.id) ? plan.agreementText : null,
      });
    }
  }
  const { offset, limit } = pageWindow(q);
  return pageAnswer(q, pending.slice(offset, offset + limit), pending.length);
}

function paperOf(def: ScaleDefinition) {
  return {
    name: def.name,
    instructions: def.instructions,
    items: def.items.map((i) => ({
      no: i.no,
      text: i.text,
      options: def.optionSets[i.optionSet]!.map((o) => ({ value: o.value, label: o.label })),
    })),
  };
}

async function requireOpenPlanFor(scope: TenantScope, p: Principal, planId: number) {
  const plan = await findPlan(scope, planId);
  if (!plan || plan.status === PLAN_STATUS.draft) throw notFound('plan');
  const subtree = await findSubtrees(scope, plan.audienceDeptIds);
  if (!(await isInAudience(scope, plan, subtree, p.userId))) throw forbidden('the plan is not for you');
  return plan;
}

function toTask(task: TaskRow, plan: PlanRow, def: ScaleDefinition) {
  return {
    taskId: task.id,
    planId: task.planId,
    scaleId: task.scaleId,
    attempt: task.attempt,
    state: task.state,
    position: task.position,
    responses: task.responses,
    anonymous: plan.anonymous,
    paper: paperOf(def),
  };
}

/** `POST /plantest/userPlan/start`: the open task of the scale, or a new attempt. */
export async function startTest(scope: TenantScope, p: Principal, b: { planId: number; scaleId: number }) {
  const plan = await requireOpenPlanFor(scope, p, b.planId);
  if (!isOpen(plan)) throw new AppError('business', 'the plan is not open');
  const scale = (await findPlanScales(scope, [plan.id])).find((s) => s.scale.id === b.scaleId);
  if (!scale) throw badRequest('scaleId', 'the scale is not in the plan');
  if (plan.agreementText && !(await findSignature(scope, plan.id, p.userId)))
    throw new AppError('business', "sign the plan's agreement first");
  const tasks = (await findUserTasks(scope, p.userId, [plan.id])).filter((t) => t.scaleId === b.scaleId);
  const next = nextAttempt(plan, tasks);
  if (next.reason === 'submitted') throw new AppError('business', 'you have already submitted this test');
  if (next.reason === 'tooSoon')
    throw new AppError(
      'business',
      `you may take it again ${plan.minDaysBetween} days after your last answer`,
    );
  const task =
    next.open ??
    (await insertTask(scope, {
      planId: plan.id,
      scaleId: b.scaleId,
      userId: p.userId,
      attempt: next.attempt!,
    }));
  return toTask(task, plan, definitionOf(scale.scale));
}

async function requireMyTask(scope: TenantScope, p: Principal, taskId: number, forUpdate = false) {
  const task = await findTask(scope, taskId, { forUpdate });
  if (!task || task.userId !== p.userId) throw notFound('test');
  return task;
}

function badResponses(items: number[], message: string): AppError {
  const fields = items.slice(0, 20).map((no) => ({ field: `responses.${no}`, message }));
  return new AppError('badRequest', `responses: ${message}: item(s) ${items.join(', ')}`, { fields });
}

/** `POST /plantest/userPlan/saveProgress`: merges answers into the draft. */
export async function saveProgress(
  scope: TenantScope,
  p: Principal,
  b: { taskId: number; responses: Record<string, number>; position?: number },
) {
  const task = await requireMyTask(scope, p, b.taskId, true);
  if (task.state !== TASK_STATE.inProgress) throw new AppError('business', 'the test has been submitted');
  const plan = await requirePlan(scope, task.planId);
  if (plan.status !== PLAN_STATUS.published) throw new AppError('business', 'the plan is closed');
  const scale = (await findScalesByIds(scope, [task.scaleId]))[0]!;
  const def = definitionOf(scale);
  const { invalid } = checkResponses(def, b.responses, { complete: false });
  if (invalid.length) throw badResponses(invalid, 'not an option of the item');
  const responses = { ...task.responses, ...b.responses };
  const position = Math.min(b.position ?? task.position, def.items.length);
  const row = await updateTask(scope, task.id, { responses, position });
  return {
    taskId: row.id,
    answered: Object.keys(responses).length,
    position: row.position,
    saveTime: row.updatedAt.toISOString(),
  };
}

/** The band that names an answer's level: the index's, else the total's, else the most severe factor's. */
export function primaryBand(result: ScaleResult): BandHit | null {
  const byTarget = (t: string) => result.bands.find((b) => b.target === t) ?? null;
  const factorBands = result.factors.flatMap((f) => (f.band ? [f.band] : []));
  return (
    byTarget('index') ??
    byTarget('total') ??
    byTarget('totalMean') ??
    [...factorBands].sort((a, b) => b.level - a.level)[0] ??
    null
  );
}

export function summaryOf(result: ScaleResult) {
  const band = primaryBand(result);
  return {
    level: result.level,
    label: band?.label ?? null,
    interpretation: band?.interpretation ?? null,
    profileCode: result.profileCode,
  };
}

/**
 * `POST /plantest/userPlan/submit`: scores and stores the answer once. The task row is locked, so a
 * second submit waits for the first and finds it submitted; warnings and their delivery jobs are written
 * in the same transaction as the answer.
 */
export async function submitTest(
  scope: TenantScope,
  p: Principal,
  jobs: Jobs,
  b: { taskId: number; responses?: Record<string, number> },
) {
  const task = await requireMyTask(scope, p, b.taskId, true);
  const plan = await requirePlan(scope, task.planId);
  if (task.state === TASK_STATE.submitted) {
    const answer = !plan.anonymous && task.answerId ? await findAnswer(scope, task.answerId) : null;
    const result = answer ? (answer.result as ScaleResult) : null;
    return {
      answerId: answer?.id ?? null,
      alreadySubmitted: true,
      resultVisibility: plan.resultVisibility,
      summary: result && plan.resultVisibility >= 1 ? summaryOf(result) : null,
      critical: answer?.critical ?? false,
      helpText: answer?.critical ? (plan.helpText ?? DEFAULT_HELP_TEXT) : null,
    };
  }
  const now = new Date();
  const closed =
    plan.status !== PLAN_STATUS.published ||
    (plan.endTime && now.getTime() > plan.endTime.getTime() + SUBMIT_GRACE_MS) ||
    (plan.endTime && task.startedAt > plan.endTime);
  if (closed) throw new AppError('business', 'the plan is closed');
  const scaleRow = (await findScalesByIds(scope, [task.scaleId]))[0]!;
  const def = definitionOf(scaleRow);
  const normId =
    (await findPlanScales(scope, [plan.id])).find((s) => s.scale.id === task.scaleId)?.normId ?? null;
  const responses = { ...task.responses, ...(b.responses ?? {}) };
  let result: ScaleResult;
  try {
    result = scoreScale(def, responses, { normId });
  } catch (e) {
    if (e instanceof ResponseError)
      throw badResponses(
        e.items,
        e.kind === 'missing' ? 'please answer every item' : 'not an option of the item',
      );
    throw e;
  }
  const profile = await findUserProfile(scope, p.userId);
  const reasons = warningReasonsOf(result, { onHighRisk: true, onScreenPositive: plan.warnOnScreenPositive });
  const level = warningLevelOf(reasons);
  const band = primaryBand(result);
  const submittedAt = plan.anonymous ? dayStartOf(now) : now;
  const answer = await insertAnswer(
    scope,
    {
      planId: plan.id,
      scaleId: task.scaleId,
      taskId: plan.anonymous ? null : task.id,
      userId: plan.anonymous ? null : p.userId,
      anonymous: plan.anonymous,
      deptId: profile?.deptId ?? null,
      grade: profile?.grade ?? null,
      sex: profile?.sex ?? null,
      attempt: task.attempt,
      responses,
      result,
      total: result.total,
      scoreIndex: result.index,
      riskScore: result.riskScore,
      riskGrade: result.riskGrade,
      level: result.level,
      levelLabelZh: band?.label.zh ?? null,
      levelLabelEn: band?.label.en ?? null,
      screenPositive: result.screenPositive,
      critical: result.critical.length > 0,
      warning: level !== null,
      submittedAt,
    },
    result.factors.map((f) => ({ code: f.code, score: f.score, tScore: f.t })),
  );
  if (level !== null)
    await raiseWarning(scope, jobs, {
      answerId: answer.id,
      planId: plan.id,
      scaleId: task.scaleId,
      userId: plan.anonymous ? null : p.userId,
      deptId: plan.anonymous ? null : (profile?.deptId ?? null),
      anonymous: plan.anonymous,
      level,
      reasons: warningReasonsRecord(result, reasons),
      riskScore: result.riskScore,
    });
  await updateTask(scope, task.id, {
    state: TASK_STATE.submitted,
    submittedAt,
    answerId: plan.anonymous ? null : answer.id,
    responses: {},
    // An anonymous task keeps no time finer than the answer's day, so the two cannot be matched by time.
    ...(plan.anonymous ? { updatedAt: submittedAt } : {}),
  });
  if (!plan.anonymous && plan.kind === 1 && scaleRow.kind === 'scale') await refreshRainbow(scope, p.userId);
  return {
    answerId: plan.anonymous ? null : answer.id,
    alreadySubmitted: false,
    resultVisibility: plan.resultVisibility,
    summary: plan.resultVisibility >= 1 ? summaryOf(result) : null,
    critical: result.critical.length > 0,
    helpText: result.critical.length > 0 ? (plan.helpText ?? DEFAULT_HELP_TEXT) : null,
  };
}

/** `POST /plantest/userPlan/sign`: the plan's agreement, signed once. */
export async function signAgreement(
  scope: TenantScope,
  p: Principal,
  b: { planId: number; signature: string },
) {
  const plan = await requireOpenPlanFor(scope, p, b.planId);
  if (!plan.agreementText) throw new AppError('business', 'the plan has no agreement');
  const row =
    (await insertSignature(scope, { planId: plan.id, userId: p.userId, signature: b.signature })) ??
    (await findSignature(scope, plan.id, p.userId))!;
  return { planId: plan.id, signTime: row.signedAt.toISOString() };
}
