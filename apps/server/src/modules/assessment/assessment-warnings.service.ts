import { ASSESSMENT_PERMISSIONS, WARNING_STATUS, type AssessmentWarning, type Lang } from '@psy/contracts';
import {
  RAINBOW_COLOURS,
  rainbowCodeOf,
  type CrisisLevel,
  type RainbowInputs,
  type ScaleResult,
  type WarningReason,
} from '@psy/scoring';
import type { Database, SystemScope, TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { EnqueueOptions, JobHandler } from '../../core/jobs/queue';
import { definePort } from '../../core/module';
import { recordPersonalDataReads } from '../identity';
import { sendMessageByEvent } from '../messages';
import { findRainbowInputs, upsertRainbow } from './assessment-after.repository';
import {
  countOpenWarnings,
  findKeyHolders,
  findRoleHolders,
  findUndeliveredWarnings,
  findWarning,
  findWarningPage,
  insertWarning,
  updateWarning,
  type ListedWarning,
} from './assessment-results.repository';
import { findAncestorIds } from './assessment.repository';
import { staffDeptScope } from './assessment.policy';

/**
 * Warnings and their hand-over (docs/assessment.md "Warnings"): written with the answer, delivered by
 * the job queue until the hand-over takes them, listed until handled.
 */

export const WARNING_DELIVER_QUEUE = 'assessment.warning-deliver';
export const WARNING_SWEEP_QUEUE = 'assessment.warning-sweep';
/** Delivery attempts before the sweep takes over (back-off grows to 10 minutes between them). */
const DELIVER_ATTEMPTS = 25;
/** A warning undelivered this long after it was raised is queued again by the sweep. */
export const SWEEP_AFTER_MS = 10 * 60 * 1000;

/** What enqueues a job (the app's JobQueue). */
export interface Jobs {
  enqueue(
    scope: TenantScope | SystemScope,
    queue: string,
    payload: unknown,
    opts?: EnqueueOptions,
  ): Promise<number | null>;
}

export interface WarningReasonRecord {
  kind: WarningReason;
  item: number | null;
  itemText: { zh: string; en: string } | null;
  optionLabel: { zh: string; en: string } | null;
  text: { zh: string; en: string };
}

/** What a hand-over receives: enough to act without reading the assessment tables. */
export interface WarningHandoverInput {
  tenantId: number;
  warningId: number;
  answerId: number;
  userId: number | null;
  deptId: number | null;
  anonymous: boolean;
  level: number;
  reasons: WarningReasonRecord[];
  riskScore: number | null;
  planName: string;
  scaleName: { zh: string; en: string };
  person: string | null;
  deptName: string | null;
}

/**
 * Takes a warning over, in the delivery's transaction: answers where it went (`message`, `crisis`, or
 * `list` when nothing could be sent) and the receiver's reference. Throwing leaves the warning to be
 * delivered again.
 */
export type WarningHandover = (
  scope: TenantScope,
  w: WarningHandoverInput,
) => Promise<{ handedTo: 'message' | 'crisis' | 'list'; ref?: string | null }>;

/**
 * Where warnings go (the crisis module provides it, to receive them in its intake); without a provider,
 * `messageHandover`.
 */
export const warningHandoverPort = definePort<WarningHandover>('assessment.warningHandover');

/** The current crisis level of a person, for the rainbow code (the crisis module provides it). */
export const crisisLevelPort =
  definePort<(scope: TenantScope, userId: number) => Promise<CrisisLevel | null>>('assessment.crisisLevel');

/** Reasons of a result as stored with the warning (the item, its text and the value picked). */
export function warningReasonsRecord(result: ScaleResult, reasons: WarningReason[]): WarningReasonRecord[] {
  const out: WarningReasonRecord[] = [];
  for (const kind of reasons) {
    if (kind === 'critical') {
      for (const c of result.critical)
        out.push({ kind, item: c.item, itemText: c.itemText, optionLabel: c.optionLabel, text: c.reason });
    } else if (kind === 'highRisk') {
      out.push({
        kind,
        item: null,
        itemText: null,
        optionLabel: null,
        text: {
          zh: `风险分 ${result.riskScore}，高风险（≥80）`,
          en: `Risk score ${result.riskScore}: high (80 and up)`,
        },
      });
    } else {
      const hits = result.screens.filter((s) => s.positive);
      out.push({
        kind,
        item: null,
        itemText: null,
        optionLabel: null,
        text: {
          zh: `筛查阳性：${hits.map((h) => h.label.zh).join('；')}`,
          en: `Screen positive: ${hits.map((h) => h.label.en).join('; ')}`,
        },
      });
    }
  }
  return out;
}

/** Writes a warning and its delivery job in the caller's (the answer's) transaction. */
export async function raiseWarning(
  scope: TenantScope,
  jobs: Jobs,
  w: {
    answerId: number;
    planId: number;
    scaleId: number;
    userId: number | null;
    deptId: number | null;
    anonymous: boolean;
    level: number;
    reasons: WarningReasonRecord[];
    riskScore: number | null;
  },
) {
  const row = await insertWarning(scope, { ...w, status: WARNING_STATUS.new });
  await jobs.enqueue(
    scope,
    WARNING_DELIVER_QUEUE,
    { tenantId: scope.tenantId, warningId: row.id },
    { singletonKey: `warning:${scope.tenantId}:${row.id}`, maxAttempts: DELIVER_ATTEMPTS },
  );
  return row;
}

const LEVEL_TEXT = {
  1: { zh: '关键条目', en: 'critical item' },
  2: { zh: '高风险', en: 'high risk' },
} as const;

/**
 * The default hand-over until a crisis module takes warnings: the ASSESSMENT_WARNING message to the
 * holders of plantest_warning_notify (department-scoped holders only for their subtree), or to the
 * school's administrators when nobody holds the key.
 */
export const messageHandover: WarningHandover = async (scope, w) => {
  const holders = await findKeyHolders(scope, ASSESSMENT_PERMISSIONS.warningNotify);
  const ancestors = w.deptId === null ? [] : await findAncestorIds(scope, w.deptId);
  let recipients = holders
    .filter((h) => h.allScope || (h.deptId !== null && ancestors.includes(h.deptId)))
    .map((h) => h.userId);
  if (recipients.length === 0) recipients = await findRoleHolders(scope, 'ROLE_ADMIN');
  const level = LEVEL_TEXT[w.level as 1 | 2] ?? LEVEL_TEXT[2];
  const sent = await sendMessageByEvent(scope, {
    event: 'ASSESSMENT_WARNING',
    userIds: recipients,
    params: {
      // Product texts in both languages: each reader gets theirs (docs/messages-and-notices.md).
      level: { 'zh-CN': level.zh, 'en-US': level.en },
      person: w.person ?? { 'zh-CN': '匿名', 'en-US': 'Anonymous' },
      dept: w.deptName ?? '',
      scale: { 'zh-CN': w.scaleName.zh, 'en-US': w.scaleName.en },
      plan: w.planName,
      reason: {
        'zh-CN': w.reasons.map((r) => r.text.zh).join('；'),
        'en-US': w.reasons.map((r) => r.text.en).join('; '),
      },
    },
  });
  return { handedTo: sent.ids.length > 0 ? 'message' : 'list', ref: null };
};

/** Delivers one warning through the hand-over; a warning already delivered is left alone. */
export async function deliverWarning(scope: TenantScope, warningId: number): Promise<boolean> {
  const w = await findWarning(scope, warningId, { forUpdate: true });
  if (!w || w.deliveredAt) return false;
  const [listed] = (await findWarningPage(scope, { id: warningId, deptIds: null }, { offset: 0, limit: 1 }))
    .rows;
  const out = await (warningHandoverPort.find() ?? messageHandover)(scope, {
    tenantId: scope.tenantId,
    warningId: w.id,
    answerId: w.answerId,
    userId: w.userId,
    deptId: w.deptId,
    anonymous: w.anonymous,
    level: w.level,
    reasons: w.reasons as WarningReasonRecord[],
    riskScore: w.riskScore,
    planName: listed!.planName,
    scaleName: { zh: listed!.scaleNameZh, en: listed!.scaleNameEn },
    person: listed!.realName,
    deptName: listed!.deptName,
  });
  await updateWarning(scope, w.id, {
    deliveredAt: new Date(),
    handedTo: out.handedTo,
    handoverRef: out.ref ?? null,
    ...(out.handedTo === 'crisis' && w.status === WARNING_STATUS.new
      ? { status: WARNING_STATUS.handedOver }
      : {}),
  });
  return true;
}

/** The delivery job: one warning per job, in its school's transaction. */
export function createWarningDeliveryJob(deps: {
  database: Database;
}): JobHandler<{ tenantId?: number; warningId: number }> {
  return async (job) => {
    const tenantId = job.payload.tenantId ?? job.tenantId;
    if (!tenantId) return { skipped: 'no tenant' };
    const delivered = await deps.database.withTenant(tenantId, (scope) =>
      deliverWarning(scope, job.payload.warningId),
    );
    return { delivered };
  };
}

/** The sweep: queues delivery again for warnings still undelivered after SWEEP_AFTER_MS (all schools). */
export function createWarningSweepJob(deps: { database: Database; jobs: Jobs }): JobHandler {
  return async () => {
    const due = await findUndeliveredWarnings(deps.database.system.db, SWEEP_AFTER_MS, 500);
    for (const w of due)
      await deps.jobs.enqueue(
        deps.database.system,
        WARNING_DELIVER_QUEUE,
        { tenantId: w.tenantId, warningId: w.id },
        { singletonKey: `warning:${w.tenantId}:${w.id}`, maxAttempts: DELIVER_ATTEMPTS },
      );
    return { requeued: due.length };
  };
}

// --- the warning list ----------------------------------------------------------------------------------

function toWarning(r: ListedWarning, lang: Lang): AssessmentWarning {
  return {
    id: r.id,
    level: r.level,
    status: r.status,
    reasons: (r.reasons as WarningReasonRecord[]).map((x) => ({ ...x })),
    answerId: r.answerId,
    planId: r.planId,
    planName: r.planName,
    scaleName: lang === 'en-US' ? r.scaleNameEn : r.scaleNameZh,
    anonymous: r.anonymous,
    userId: r.userId,
    realName: r.realName,
    numberName: r.numberName,
    deptName: r.deptName,
    riskScore: r.riskScore,
    createTime: r.createdAt.toISOString(),
    deliveredTime: r.deliveredAt?.toISOString() ?? null,
    handedTo: r.handedTo,
    handleUserName: r.handleUserName,
    handleTime: r.handledAt?.toISOString() ?? null,
    handleNote: r.handleNote,
  };
}

async function logReads(scope: TenantScope, p: Principal, rows: { userId: number | null }[], route: string) {
  await recordPersonalDataReads(
    scope,
    p.userId,
    rows.flatMap((r) =>
      r.userId === null ? [] : [{ subjectId: r.userId, fields: ['assessmentResult'], route }],
    ),
  );
}

export async function pageWarnings(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: { current: number; size: number; status?: number; open?: boolean; level?: number; planId?: number },
) {
  const deptIds = await staffDeptScope(scope, p);
  const { rows, total } = await findWarningPage(scope, { ...q, deptIds }, pageWindow(q));
  await logReads(scope, p, rows, `POST /biz/plantest/warning/page`);
  return pageAnswer(
    q,
    rows.map((r) => toWarning(r, lang)),
    total,
  );
}

async function requireWarning(scope: TenantScope, p: Principal, id: number) {
  const deptIds = await staffDeptScope(scope, p);
  const [row] = (await findWarningPage(scope, { id, deptIds }, { offset: 0, limit: 1 })).rows;
  if (!row) throw notFound('warning');
  return row;
}

export async function warningDetail(scope: TenantScope, p: Principal, lang: Lang, id: number) {
  const row = await requireWarning(scope, p, id);
  await logReads(scope, p, [row], `GET /biz/plantest/warning/detail`);
  return toWarning(row, lang);
}

/** Takes a warning in hand (2) or closes it (3, with a note); a closed warning stays closed. */
export async function handleWarning(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { id: number; status: 2 | 3; note?: string },
) {
  const row = await requireWarning(scope, p, body.id);
  if (row.status === WARNING_STATUS.closed) throw new AppError('business', 'the warning is closed');
  if (body.status === 3 && !body.note)
    throw badRequest('note', 'say what was done before closing the warning');
  await updateWarning(scope, row.id, {
    status: body.status,
    handledBy: p.userId,
    handledAt: new Date(),
    handleNote: body.note ?? row.handleNote,
  });
  if (row.userId !== null) await refreshRainbow(scope, row.userId);
  return toWarning(
    (await findWarningPage(scope, { id: row.id, deptIds: null }, { offset: 0, limit: 1 })).rows[0]!,
    lang,
  );
}

export async function pendingWarningCount(scope: TenantScope, p: Principal) {
  return countOpenWarnings(scope, await staffDeptScope(scope, p));
}

// --- rainbow code --------------------------------------------------------------------------------------

/** Recomputes a person's rainbow code from its inputs, in the caller's transaction. */
export async function refreshRainbow(scope: TenantScope, userId: number) {
  const inputs = await findRainbowInputs(scope, userId);
  const crisisLevelSource = crisisLevelPort.find();
  const crisisLevel = crisisLevelSource ? await crisisLevelSource(scope, userId) : null;
  const all: RainbowInputs = { ...inputs, crisisLevel, now: new Date() } as RainbowInputs;
  const code = rainbowCodeOf(all);
  await upsertRainbow(scope, {
    userId,
    colour: code.colour,
    rank: RAINBOW_COLOURS.indexOf(code.colour) + 1,
    rule: code.rule,
    inputs: { ...inputs, crisisLevel },
  });
  return { ...code, inputs: { ...inputs, crisisLevel } };
}
