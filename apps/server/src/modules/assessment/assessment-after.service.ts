import {
  ASSESSMENT_PERMISSIONS,
  INTERVIEW_STATUS,
  HTP_DRAWING_MAX_BYTES,
  TRANSFER_SOURCE_ASSESSMENT_INTERVIEW,
  TRANSFER_STATUS,
  maskPhone,
  type FollowUp,
  type Interview,
  type Lang,
  type Transfer,
  type InterviewStatus,
  NO_DEPARTMENT,
} from '@psy/contracts';
import { ASSESSMENT_INTERVIEW_TRANSITIONS, canMoveAssessmentInterview } from '@psy/scheduling';
import { RAINBOW_RULES, riskGradeOf } from '@psy/scoring';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { FileStorage } from '../../core/storage/file-storage';
import { definePort } from '../../core/module';
import { canSeeSensitive } from '../identity';
import { sendMessageByEvent } from '../messages';
import { focusSettingOptions } from '../focus-settings';
import { interviewResultOptions } from '../settings';
import {
  findFollowUpPage,
  findFollowUpRow,
  findHtpPage,
  findHtpRow,
  findInterviewers,
  findInterviewPage,
  findInterviewRow,
  findRainbow,
  findRainbowPage,
  findTransferPage,
  holdsKey,
  insertFollowUp,
  insertHtp,
  insertInterviews,
  insertTransfer,
  isHtpFileUsed,
  updateInterview,
  updateTransfer,
  type ListedFollowUp,
  type ListedInterview,
  type ListedTransfer,
} from './assessment-after.repository';
import { findFlagged, findKeyHolders } from './assessment-results.repository';
import { findUserProfile } from './assessment.repository';
import { requirePlan } from './assessment-plans.service';
import { logResultReads } from './assessment-results.service';
import { refreshRainbow } from './assessment-warnings.service';

/** After the screen (docs/assessment.md): interviews, transfers, follow-ups, the rainbow code, HTP. */

const K = ASSESSMENT_PERMISSIONS;

// --- interviews ----------------------------------------------------------------------------------------

async function resultLabels(scope: TenantScope, lang: Lang) {
  const options = await interviewResultOptions(scope, { tenantId: scope.tenantId, lang, params: {} });
  return new Map(options.map((o) => [o.value, o.label]));
}

function toInterview(r: ListedInterview, labels: Map<string, string>): Interview {
  return {
    id: r.id,
    planId: r.planId,
    planName: r.planName,
    userId: r.userId,
    realName: r.realName,
    numberName: r.numberName,
    deptName: r.deptName,
    interviewerId: r.interviewerId,
    interviewerName: r.interviewerName,
    time: r.time.toISOString(),
    address: r.address,
    status: r.status,
    nextStatuses: [...ASSESSMENT_INTERVIEW_TRANSITIONS[r.status as InterviewStatus]],
    result: r.result,
    resultLabel: r.result ? (labels.get(r.result) ?? r.result) : null,
    riskScore: r.riskScore,
    riskGrade: r.riskGrade,
    level: r.level,
    star: r.star,
    content: r.content,
    nextStep: r.nextStep,
    recordTime: r.recordTime?.toISOString() ?? null,
    transferred: r.transferred,
    createTime: r.createdAt.toISOString(),
  };
}

/** An interviewer sees their own interviews; those who assign see all in their data scope. */
async function interviewFilter(p: Principal, deptScope: number[] | null) {
  return { deptIds: deptScope, mine: !p.permissions.has(K.interviewAssign) };
}

async function requireInterview(scope: TenantScope, p: Principal, deptScope: number[] | null, id: number) {
  const f = await interviewFilter(p, deptScope);
  const [row] = (
    await findInterviewPage(
      scope,
      { id, deptIds: f.deptIds, ...(f.mine ? { interviewerId: p.userId } : {}) },
      { offset: 0, limit: 1 },
    )
  ).rows;
  if (!row) throw notFound('interview');
  return row;
}

export async function interviewers(scope: TenantScope, q: { current: number; size: number; name?: string }) {
  const { rows, total } = await findInterviewers(
    scope,
    K.interview,
    { name: q.name || undefined },
    pageWindow(q),
  );
  return pageAnswer(q, rows, total);
}

export async function flaggedPage(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  q: { planId: number; current: number; size: number },
) {
  const plan = await requirePlan(scope, q.planId);
  const { rows, total } = await findFlagged(scope, plan, deptScope, pageWindow(q));
  await logResultReads(scope, p, rows, 'POST /biz/plantest/interview/flaggedPage');
  return pageAnswer(
    q,
    rows.map((r) => ({
      userId: r.userId,
      realName: r.realName,
      numberName: r.numberName,
      deptName: r.deptName,
      answerId: r.answerId,
      scaleName: lang === 'en-US' ? r.scaleNameEn : r.scaleNameZh,
      riskGrade: r.riskGrade,
      screenPositive: r.screenPositive,
      warning: r.warning,
      critical: r.critical,
      submitTime: r.submitTime.toISOString(),
    })),
    total,
  );
}

/** Assigns students of a plan to an interviewer; one open interview per student and plan. */
export async function assignInterviews(
  scope: TenantScope,
  p: Principal,
  b: { planId: number; userIds: number[]; interviewerId: number; time: string; address?: string },
) {
  const plan = await requirePlan(scope, b.planId);
  if (plan.anonymous) throw new AppError('business', 'an anonymous plan names no one to interview');
  if (!(await holdsKey(scope, b.interviewerId, K.interview)))
    throw badRequest('interviewerId', 'not an interviewer');
  const rows = await insertInterviews(
    scope,
    [...new Set(b.userIds)].map((userId) => ({
      planId: plan.id,
      userId,
      interviewerId: b.interviewerId,
      time: new Date(b.time),
      address: b.address || null,
      status: INTERVIEW_STATUS.pending,
      createdBy: p.userId,
    })),
  ).catch((err: unknown) => {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === '23503' || e?.cause?.code === '23503') throw badRequest('userIds', 'no such user');
    throw err;
  });
  if (rows.length) {
    // One statement at a time: a transaction has one connection.
    const names = [];
    for (const r of rows) names.push(await findUserProfile(scope, r.userId));
    await sendMessageByEvent(scope, {
      event: 'ASSESSMENT_INTERVIEW_ASSIGNED',
      userIds: [b.interviewerId],
      params: {
        person: names.map((n) => n?.realName ?? '').join('、'),
        time: new Date(new Date(b.time).getTime() + 8 * 3600 * 1000)
          .toISOString()
          .slice(0, 16)
          .replace('T', ' '),
        address: b.address ?? '',
        plan: plan.name,
      },
    });
  }
  return { ids: rows.map((r) => r.id) };
}

export async function pageInterviews(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  q: {
    current: number;
    size: number;
    status?: number;
    planId?: number;
    interviewerId?: number;
    name?: string;
  },
) {
  const f = await interviewFilter(p, deptScope);
  const { rows, total } = await findInterviewPage(
    scope,
    {
      status: q.status,
      planId: q.planId,
      interviewerId: f.mine ? p.userId : q.interviewerId,
      name: q.name || undefined,
      deptIds: f.deptIds,
    },
    pageWindow(q),
  );
  await logResultReads(scope, p, rows, 'POST /biz/plantest/interview/page');
  const labels = await resultLabels(scope, lang);
  return pageAnswer(
    q,
    rows.map((r) => toInterview(r, labels)),
    total,
  );
}

export async function interviewDetail(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  id: number,
) {
  const row = await requireInterview(scope, p, deptScope, id);
  await logResultReads(scope, p, [row], 'GET /biz/plantest/interview/detail');
  return toInterview(row, await resultLabels(scope, lang));
}

/** Moves an interview by the transition table (S1.4.2); going back to pending needs a new time. */
export async function moveInterview(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  b: { id: number; status: number; time?: string },
) {
  const row = await requireInterview(scope, p, deptScope, b.id);
  await findInterviewRow(scope, row.id, { forUpdate: true });
  const to = b.status as InterviewStatus;
  if (!canMoveAssessmentInterview(row.status as InterviewStatus, to))
    throw badRequest('status', `an interview cannot go from ${row.status} to ${to}`);
  if (to === INTERVIEW_STATUS.interviewed)
    throw badRequest('status', 'record the interview to mark it held (7)');
  if (to === INTERVIEW_STATUS.pending && !b.time)
    throw badRequest('time', 'a rescheduled interview needs a new time');
  await updateInterview(scope, row.id, { status: to, ...(b.time ? { time: new Date(b.time) } : {}) });
  return interviewDetail(scope, p, lang, deptScope, row.id);
}

/** Records a held interview (status 7): the result from the interview results list is required. */
export async function recordInterview(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  b: {
    id: number;
    result: string;
    riskScore?: number;
    level?: number;
    star?: number;
    content?: string;
    nextStep: number;
  },
) {
  const row = await requireInterview(scope, p, deptScope, b.id);
  await findInterviewRow(scope, row.id, { forUpdate: true });
  if (!canMoveAssessmentInterview(row.status as InterviewStatus, INTERVIEW_STATUS.interviewed))
    throw badRequest('status', `an interview in status ${row.status} cannot be recorded as held`);
  const labels = await resultLabels(scope, lang);
  if (!labels.has(b.result)) throw badRequest('result', 'choose interview assessment result');
  await updateInterview(scope, row.id, {
    status: INTERVIEW_STATUS.interviewed,
    result: b.result,
    riskScore: b.riskScore ?? null,
    riskGrade: b.riskScore === undefined ? null : riskGradeOf(b.riskScore),
    level: b.level ?? null,
    star: b.star ?? null,
    content: b.content || null,
    nextStep: b.nextStep,
    recordTime: new Date(),
  });
  await refreshRainbow(scope, row.userId);
  return interviewDetail(scope, p, lang, deptScope, row.id);
}

// --- transfers -----------------------------------------------------------------------------------------

/** What a counselling module receives for a transfer from assessment. */
export interface ConsultTransferInput {
  tenantId: number;
  transferId: number;
  source: number;
  userId: number;
  urgent: boolean;
  note: string | null;
  createdBy: number;
}
export type ConsultTransferHandover = (
  scope: TenantScope,
  t: ConsultTransferInput,
) => Promise<{ ref?: string | null }>;

/**
 * The appointments module provides it, to open the visitor's registration; the clerks are told by
 * `messageConsultHandover` in any case.
 */
export const consultTransferPort = definePort<ConsultTransferHandover>('assessment.consultTransfer');

/** The default: the ASSESSMENT_TRANSFER message to appointment clerks (holders of `appointment_queue`). */
const messageConsultHandover: ConsultTransferHandover = async (scope, t) => {
  const clerks = await findKeyHolders(scope, 'appointment_queue');
  const person = await findUserProfile(scope, t.userId);
  await sendMessageByEvent(scope, {
    event: 'ASSESSMENT_TRANSFER',
    userIds: clerks.map((c) => c.userId),
    params: {
      person: person?.realName ?? '',
      // The clerk registers the student by name and department; a student without one says so rather than
      // leaving the template's brackets empty.
      dept: person?.deptName || NO_DEPARTMENT,
      urgent: t.urgent ? { 'zh-CN': '（紧急）', 'en-US': ' (urgent)' } : '',
    },
  });
  return { ref: null };
};

function toTransfer(r: ListedTransfer, sensitive: boolean): Transfer {
  return {
    id: r.id,
    source: r.source,
    interviewId: r.interviewId,
    planName: r.planName,
    userId: r.userId,
    realName: r.realName,
    numberName: r.numberName,
    deptName: r.deptName,
    phone: sensitive ? r.phone : maskPhone(r.phone),
    riskGrade: r.riskGrade,
    urgent: r.urgent,
    note: r.note,
    status: r.status,
    createUserName: r.createUserName,
    createTime: r.createdAt.toISOString(),
    handleNote: r.handleNote,
    handleTime: r.handledAt?.toISOString() ?? null,
  };
}

async function transferById(scope: TenantScope, p: Principal, id: number) {
  const [row] = (await findTransferPage(scope, { id }, { offset: 0, limit: 1 })).rows;
  if (!row) throw notFound('transfer');
  return toTransfer(row, canSeeSensitive(p));
}

/**
 * `POST /plantest/interview/record/toConsult`: a transfer with source 1 and its hand-over, in the
 * interview's transaction. One live transfer per interview.
 */
export async function transferToConsult(
  scope: TenantScope,
  p: Principal,
  deptScope: number[] | null,
  b: { interviewId: number; note?: string; urgent: boolean },
) {
  const interview = await requireInterview(scope, p, deptScope, b.interviewId);
  if (interview.status !== INTERVIEW_STATUS.interviewed)
    throw new AppError('business', 'record the interview before transferring');
  const row = await insertTransfer(scope, {
    source: TRANSFER_SOURCE_ASSESSMENT_INTERVIEW,
    interviewId: interview.id,
    userId: interview.userId,
    urgent: b.urgent,
    note: b.note || null,
    status: TRANSFER_STATUS.waiting,
    createdBy: p.userId,
  });
  if (!row) throw new AppError('business', 'the student has already been transferred from this interview');
  const input = {
    tenantId: scope.tenantId,
    transferId: row.id,
    source: row.source,
    userId: row.userId,
    urgent: row.urgent,
    note: row.note,
    createdBy: p.userId,
  };
  // The clerks are told in any case; the appointments module (when wired) opens the registration.
  await messageConsultHandover(scope, input);
  const consultHandover = consultTransferPort.find();
  const out = consultHandover ? await consultHandover(scope, input) : { ref: null };
  // The counselling side holds a registration now: the transfer is registered, no longer waiting for one.
  if (out.ref)
    await updateTransfer(scope, row.id, { handoverRef: out.ref, status: TRANSFER_STATUS.registered });
  return transferById(scope, p, row.id);
}

export async function pageTransfers(
  scope: TenantScope,
  p: Principal,
  q: { current: number; size: number; status?: number },
) {
  const { rows, total } = await findTransferPage(scope, { status: q.status }, pageWindow(q));
  await logResultReads(scope, p, rows, 'GET /biz/plantest/interview/transfers');
  const sensitive = canSeeSensitive(p);
  return pageAnswer(
    q,
    rows.map((r) => toTransfer(r, sensitive)),
    total,
  );
}

/** Sends a waiting or registered transfer to a first interview (status 3). */
export async function transferToFirstInterview(
  scope: TenantScope,
  p: Principal,
  b: { id: number; note?: string },
) {
  const current = await transferById(scope, p, b.id);
  if (current.status !== TRANSFER_STATUS.waiting && current.status !== TRANSFER_STATUS.registered)
    throw new AppError('business', 'only a waiting or registered transfer can be sent on');
  await updateTransfer(scope, b.id, {
    status: TRANSFER_STATUS.firstInterview,
    handledBy: p.userId,
    handledAt: new Date(),
    handleNote: b.note || null,
  });
  return transferById(scope, p, b.id);
}

// --- follow-up records ---------------------------------------------------------------------------------

function toFollowUp(r: ListedFollowUp): FollowUp {
  return {
    id: r.id,
    type: r.type,
    userId: r.userId,
    realName: r.realName,
    deptName: r.deptName,
    warningId: r.warningId,
    answerId: r.answerId,
    interviewId: r.interviewId,
    interventionId: r.interventionId,
    amendsId: r.amendsId,
    date: r.date,
    method: r.method,
    measures: r.measures,
    hours: r.hours,
    content: r.content,
    receiver: r.receiver,
    feedback: r.feedback,
    riskScore: r.riskScore,
    riskGrade: r.riskGrade,
    level: r.level,
    nextDate: r.nextDate,
    createUserName: r.createUserName,
    createTime: r.createdAt.toISOString(),
  };
}

export async function pageFollowUps(
  scope: TenantScope,
  p: Principal,
  deptScope: number[] | null,
  q: { current: number; size: number; type?: number; userId?: number; warningId?: number },
) {
  const { rows, total } = await findFollowUpPage(scope, { ...q, deptIds: deptScope }, pageWindow(q));
  await logResultReads(scope, p, rows, 'POST /biz/plantest/followUp/page');
  return pageAnswer(q, rows.map(toFollowUp), total);
}

export async function followUpDetail(
  scope: TenantScope,
  p: Principal,
  deptScope: number[] | null,
  id: number,
) {
  const [row] = (await findFollowUpPage(scope, { id, deptIds: deptScope }, { offset: 0, limit: 1 })).rows;
  if (!row) throw notFound('follow-up record');
  await logResultReads(scope, p, [row], 'GET /biz/plantest/followUp/detail');
  return toFollowUp(row);
}

/** Adds a follow-up record; methods and measures must be entries of the key-person settings. */
export async function saveFollowUp(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  b: {
    type: number;
    userId: number;
    warningId?: number;
    answerId?: number;
    interviewId?: number;
    interventionId?: number;
    amendsId?: number;
    date: string;
    method?: number;
    measures: number[];
    hours?: number;
    content?: string;
    receiver?: string;
    feedback?: string;
    riskScore?: number;
    level?: number;
    nextDate?: string;
  },
) {
  const person = await findUserProfile(scope, b.userId);
  if (!person) throw badRequest('userId', 'no such user');
  if (deptScope && !(person.deptId !== null && deptScope.includes(person.deptId)))
    throw forbidden('the person is outside your data scope');
  if (b.type === 3) {
    if (b.interventionId === undefined)
      throw badRequest('interventionId', 'a receipt names the intervention it receives');
    const intervention = await findFollowUpRow(scope, b.interventionId);
    if (!intervention || intervention.type !== 2 || intervention.userId !== b.userId)
      throw badRequest('interventionId', 'no such intervention of this person');
  }
  if (b.amendsId !== undefined) {
    const amended = await findFollowUpRow(scope, b.amendsId);
    if (!amended || amended.type !== b.type || amended.userId !== b.userId)
      throw badRequest('amendsId', 'no such record of this person and type');
  }
  if (b.method !== undefined) {
    const methods = await focusSettingOptions(scope, {
      tenantId: scope.tenantId,
      lang,
      params: { type: '3' },
    });
    if (!methods.some((m) => m.value === String(b.method)))
      throw badRequest('method', 'not a follow-up method of the school');
  }
  if (b.measures.length) {
    const measures = await focusSettingOptions(scope, {
      tenantId: scope.tenantId,
      lang,
      params: { type: '2' },
    });
    const bad = b.measures.findIndex((m) => !measures.some((x) => x.value === String(m)));
    if (bad >= 0) throw badRequest(`measures[${bad}]`, 'not an intervention measure of the school');
  }
  const row = await insertFollowUp(scope, {
    type: b.type,
    userId: b.userId,
    warningId: b.warningId ?? null,
    answerId: b.answerId ?? null,
    interviewId: b.interviewId ?? null,
    interventionId: b.interventionId ?? null,
    amendsId: b.amendsId ?? null,
    date: b.date,
    method: b.method ?? null,
    measures: b.measures,
    hours: b.hours ?? null,
    content: b.content || null,
    receiver: b.receiver || null,
    feedback: b.feedback || null,
    riskScore: b.riskScore ?? null,
    riskGrade: b.riskScore === undefined ? null : riskGradeOf(b.riskScore),
    level: b.level ?? null,
    nextDate: b.nextDate ?? null,
    createdBy: p.userId,
  });
  return followUpDetail(scope, p, null, row.id);
}

// --- rainbow code --------------------------------------------------------------------------------------

export async function rainbowInfo(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  deptScope: number[] | null,
  userId: number,
) {
  const person = await findUserProfile(scope, userId);
  if (!person || (deptScope && !(person.deptId !== null && deptScope.includes(person.deptId))))
    throw notFound('user');
  const stored = await findRainbow(scope, userId);
  const code = stored
    ? {
        colour: stored.colour,
        rule: stored.rule,
        inputs: stored.inputs as Record<string, unknown>,
        at: stored.updatedAt,
      }
    : { ...(await refreshRainbow(scope, userId)), at: new Date() };
  await logResultReads(scope, p, [{ userId }], 'GET /biz/plantest/rainbow/info');
  const inputs = code.inputs as {
    latestScreening: { at: string | Date; riskGrade: number | null; screenPositive: boolean } | null;
    openWarnings: { critical: number; other: number };
    latestInterview: { at: string | Date; riskGrade: number | null; nextStep: number | null } | null;
    crisisLevel: number | null;
  };
  const iso = (v: string | Date) => new Date(v).toISOString();
  return {
    userId,
    realName: person.realName,
    numberName: person.numberName,
    deptName: person.deptName,
    colour: code.colour as 'red',
    rule: code.rule,
    updateTime: code.at.toISOString(),
    inputs: {
      latestScreening: inputs.latestScreening
        ? { ...inputs.latestScreening, at: iso(inputs.latestScreening.at) }
        : null,
      openWarnings: inputs.openWarnings,
      latestInterview: inputs.latestInterview
        ? { ...inputs.latestInterview, at: iso(inputs.latestInterview.at) }
        : null,
      crisisLevel: inputs.crisisLevel ?? null,
    },
    rules: RAINBOW_RULES.map((r) => ({
      rule: r.rule,
      colour: r.colour,
      text: lang === 'en-US' ? r.en : r.zh,
    })),
  };
}

export async function rainbowPage(
  scope: TenantScope,
  p: Principal,
  deptScope: number[] | null,
  q: { current: number; size: number; colour?: string; deptId?: number; name?: string },
  subtreeOf: (deptId: number) => Promise<number[]>,
) {
  let deptIds = deptScope;
  if (q.deptId !== undefined) {
    const sub = await subtreeOf(q.deptId);
    deptIds = deptIds ? sub.filter((d) => deptIds!.includes(d)) : sub;
  }
  const { rows, total } = await findRainbowPage(
    scope,
    { colour: q.colour, deptIds, name: q.name || undefined },
    pageWindow(q),
  );
  await logResultReads(scope, p, rows, 'POST /biz/plantest/rainbow/page');
  return pageAnswer(
    q,
    rows.map((r) => ({
      userId: r.userId,
      realName: r.realName,
      numberName: r.numberName,
      deptName: r.deptName,
      colour: r.colour as 'red',
      rule: r.rule,
      updateTime: r.updatedAt.toISOString(),
    })),
    total,
  );
}

// --- House-Tree-Person ---------------------------------------------------------------------------------

const imageKind = (b: Buffer) =>
  b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47
    ? 'png'
    : b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff
      ? 'jpeg'
      : null;

/** Stores an HTP drawing (PNG or JPEG by content) and answers its key. */
export async function uploadDrawing(scope: TenantScope, files: FileStorage, file: { data: Buffer } | null) {
  if (!file || file.data.length === 0) throw badRequest('file', 'please upload a file');
  if (file.data.length > HTP_DRAWING_MAX_BYTES) throw badRequest('file', 'the drawing is larger than 10 MB');
  if (!imageKind(file.data)) throw badRequest('file', 'must be a PNG or JPEG image');
  const fileKey = await files.put(`tenant-${scope.tenantId}/htp`, file.data);
  return { fileKey };
}

function toHtp(r: Awaited<ReturnType<typeof findHtpPage>>['rows'][number]) {
  return {
    id: r.id,
    userId: r.userId,
    realName: r.realName,
    deptName: r.deptName,
    fileKey: r.fileKey,
    drawDate: r.drawDate,
    observations: r.observations as never,
    impression: r.impression,
    followUp: r.followUp,
    amendsId: r.amendsId,
    createUserName: r.createUserName,
    createTime: r.createdAt.toISOString(),
  };
}

export async function saveHtp(
  scope: TenantScope,
  p: Principal,
  deptScope: number[] | null,
  b: {
    userId: number;
    fileKey: string;
    drawDate: string;
    observations: unknown;
    impression?: string;
    followUp: boolean;
    amendsId?: number;
  },
) {
  const person = await findUserProfile(scope, b.userId);
  if (!person) throw badRequest('userId', 'no such user');
  if (deptScope && !(person.deptId !== null && deptScope.includes(person.deptId)))
    throw forbidden('the person is outside your data scope');
  if (!b.fileKey.startsWith(`tenant-${scope.tenantId}/htp/`))
    throw badRequest('fileKey', 'upload the drawing first');
  if (b.amendsId !== undefined) {
    const amended = await findHtpRow(scope, b.amendsId);
    if (!amended || amended.userId !== b.userId)
      throw badRequest('amendsId', 'no such record of this person');
  } else if (await isHtpFileUsed(scope, b.fileKey))
    throw badRequest('fileKey', 'the drawing belongs to another record');
  const row = await insertHtp(scope, {
    userId: b.userId,
    fileKey: b.fileKey,
    drawDate: b.drawDate,
    observations: b.observations,
    impression: b.impression || null,
    followUp: b.followUp,
    amendsId: b.amendsId ?? null,
    createdBy: p.userId,
  });
  return htpDetail(scope, p, null, row.id);
}

export async function htpPage(
  scope: TenantScope,
  p: Principal,
  deptScope: number[] | null,
  q: { current: number; size: number; userId?: number },
) {
  const { rows, total } = await findHtpPage(scope, { userId: q.userId, deptIds: deptScope }, pageWindow(q));
  await logResultReads(scope, p, rows, 'POST /biz/plantest/htp/page');
  return pageAnswer(q, rows.map(toHtp), total);
}

export async function htpDetail(scope: TenantScope, p: Principal, deptScope: number[] | null, id: number) {
  const [row] = (await findHtpPage(scope, { id, deptIds: deptScope }, { offset: 0, limit: 1 })).rows;
  if (!row) throw notFound('HTP record');
  await logResultReads(scope, p, [row], 'GET /biz/plantest/htp/detail');
  return toHtp(row);
}

export async function htpDrawing(
  scope: TenantScope,
  p: Principal,
  files: FileStorage,
  deptScope: number[] | null,
  id: number,
) {
  const rec = await htpDetail(scope, p, deptScope, id);
  const bytes = await files.get(rec.fileKey);
  if (!bytes) throw notFound('drawing');
  return { bytes, type: imageKind(Buffer.from(bytes)) === 'png' ? 'image/png' : 'image/jpeg' };
}
