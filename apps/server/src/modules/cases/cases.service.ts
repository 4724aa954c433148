import {
  TRANSFER_SOURCE,
  canSignField,
  caseRecordEventSign,
  type CaseAction,
  type CaseDetail,
  type CaseRecord,
  type CaseRecordKind,
  type CaseRecordSummary,
  type CaseStatus,
  type CaseSummary,
  type CaseTransferTarget,
  type Lang,
  type SignatureField,
} from '@psy/contracts';
import { GRADE_RESULT_PROP, type AnswerMap, type FormDefinition } from '@psy/forms';
import {
  CaseTransitionError,
  applyCaseAction,
  caseActions,
  caseBaseStatus,
  recordLockDueAt,
  recordLockState,
  typeGroupOf,
} from '@psy/scheduling';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { JobQueue } from '../../core/jobs/queue';
import {
  appointmentBrief,
  appointmentStartTimes,
  approvedRecordGrants,
  completeAppointmentForRecord,
  openTransferRegistration,
  type AppointmentCtx,
} from '../appointments';
import { reportSignal } from '../crisis';
import {
  boundFormOf,
  ensureBoundForm,
  formDefinitionOf,
  ownedEdition,
  ownedEditions,
  presentOwnedAnswer,
  saveOwnedAnswer,
} from '../forms';
import {
  canSeeSensitive,
  deptScopeOf,
  findAccessLog,
  findUserBriefs,
  findUserIdsByName,
  findUserIdsInDepts,
  recordPersonalDataRead,
  recordPersonalDataReads,
} from '../identity';
import { sendMessageByEvent } from '../messages';
import { getPolicy } from '../scheduling';
import { getOwnSignature, getVisitorSignature } from '../signatures';
import { freeCounsellorOptions } from '../workforce';
import type { FileStorage } from '../../core/storage/file-storage';
import { DEFAULT_RECORD_FORMS, RECORD_PURPOSE } from './cases.forms';
import { canSeeAllCases, caseAccessOf, isVisitor, roleCodesOf, type CaseAccess } from './cases.policy';
import {
  countCasesByGrade,
  countCasesOf,
  findCase,
  findCaseEvents,
  findCasePage,
  findClosingRecord,
  findAgreementsOfVisitor,
  findGroupReferralPage,
  findFeedback,
  findLiveCaseOf,
  findRecord,
  findRecordOfAppointment,
  findAnyRecordOfAppointment,
  findRecordsOfCases,
  findSuperviseeIds,
  findTransfers,
  findUnsignedRecordsOf,
  insertCase,
  insertCaseEvent,
  insertRecord,
  insertTransfer,
  updateCase,
  updateRecord,
  type CaseFilter,
  type CaseRow,
  type RecordRow,
} from './cases.repository';

/** What every case operation runs with (the appointments' context: the case module moves appointments). */
export interface CaseCtx {
  scope: TenantScope;
  p: Principal;
  lang: Lang;
  jobs: JobQueue;
  files: FileStorage;
}

const apptCtx = (ctx: CaseCtx): AppointmentCtx => ({
  scope: ctx.scope,
  p: ctx.p,
  lang: ctx.lang,
  jobs: ctx.jobs,
});
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const conflict = (message: string, data?: Record<string, unknown>) => new AppError('conflict', message, data);

// ---------------------------------------------------------------------------------------------------
// Presenting

type Names = Map<number, { name: string | null; number: string | null; deptId: number | null }>;
const personOf = (names: Names, id: number) => ({ id, name: names.get(id)?.name ?? null });

function toSummary(
  c: CaseRow & { records?: number; lockedRecords?: number },
  names: Names,
  access: CaseAccess | null,
): CaseSummary {
  const status = c.status as CaseStatus;
  const mayMove = access === 'counsellor' || access === 'admin';
  return {
    id: c.id,
    status,
    baseStatus: caseBaseStatus(status),
    source: c.source,
    repeatStatus: c.repeatStatus === 2 ? 2 : 1,
    visitor: { ...personOf(names, c.visitorId), number: names.get(c.visitorId)?.number ?? null },
    counsellor: personOf(names, c.counsellorId),
    grade: access === 'visitor' ? null : c.grade,
    gradeConsistent: access === 'visitor' ? null : c.gradeConsistent,
    records: c.records ?? 0,
    lockedRecords: c.lockedRecords ?? 0,
    openedAt: c.openedAt.toISOString(),
    closedAt: iso(c.closedAt),
    updatedAt: c.updatedAt.toISOString(),
    actions: mayMove ? caseActions(status) : [],
  };
}

interface Grants {
  extraDays: number;
  unlocked: boolean;
}
const NO_GRANTS: Grants = { extraDays: 0, unlocked: false };

async function grantsOf(ctx: CaseCtx, r: RecordRow): Promise<Grants> {
  return r.appointmentId === null ? NO_GRANTS : approvedRecordGrants(apptCtx(ctx), r.appointmentId);
}

function stateOf(r: RecordRow, g: Grants, now = new Date()) {
  const dueAt = new Date(r.lockDueAt.getTime() + g.extraDays * 86_400_000);
  const state = recordLockState({ signed: r.signedAt !== null, dueAt, unlocked: g.unlocked, now });
  return { state, dueAt };
}

function toRecordSummary(
  r: RecordRow,
  g: Grants,
  sessionTime: Date | null,
  access: CaseAccess,
): CaseRecordSummary {
  const { state, dueAt } = stateOf(r, g);
  const hide = access === 'visitor';
  return {
    id: r.id,
    caseId: r.caseId,
    kind: r.kind as CaseRecordKind,
    appointmentId: r.appointmentId,
    sessionTime: iso(sessionTime),
    formId: r.formId,
    answerId: r.answerId,
    state,
    signedAt: iso(r.signedAt),
    lockDueAt: dueAt.toISOString(),
    lockedAt: iso(r.lockedAt),
    amendmentCount: r.amendmentCount,
    grade: hide ? null : r.grade,
    gradeConsistent: hide ? null : r.gradeConsistent,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Access

async function visitorDeptOf(scope: TenantScope, visitorId: number) {
  return (await findUserBriefs(scope, [visitorId])).get(visitorId)?.deptId ?? null;
}

/** The case and the caller's relation to it; "not found" when there is none (another counsellor, school). */
async function requireCase(ctx: CaseCtx, id: number, forUpdate = false) {
  const c = await findCase(ctx.scope, id, forUpdate);
  if (!c) throw notFound('case');
  const access = await caseAccessOf(ctx.scope, ctx.p, c, () => visitorDeptOf(ctx.scope, c.visitorId));
  if (!access) throw notFound('case');
  return { c, access };
}

const logRead = (ctx: CaseCtx, subjectId: number, field: string, route: string) =>
  recordPersonalDataRead(ctx.scope, ctx.p, { subjectId, fields: [field], route });

// ---------------------------------------------------------------------------------------------------
// Cases: list, detail, moves

/** The filter of the caller's reach (docs/cases.md 8); null when they reach nothing. */
export async function reachFilter(ctx: Pick<CaseCtx, 'scope' | 'p'>): Promise<CaseFilter | null> {
  const { scope, p } = ctx;
  if (canSeeAllCases(p)) {
    const ds = await deptScopeOf(scope, p);
    if (ds === null) return {};
    return { visitorIds: await findUserIdsInDepts(scope, [...ds.deptIds]) };
  }
  if (isVisitor(p)) return { visitorId: p.userId };
  const ids = [p.userId, ...(await findSuperviseeIds(scope, p.userId))];
  return { counsellorIds: ids };
}

/** `case/page`: the cases the caller may see, newest activity first; each listed visitor's read is logged. */
export async function listCases(
  ctx: CaseCtx,
  q: {
    current: number;
    size: number;
    status?: CaseStatus;
    live?: boolean;
    visitorName?: string;
    counsellorId?: number;
    visitorId?: number;
  },
  opts: { risk?: boolean; route?: string } = {},
) {
  const reach = await reachFilter(ctx);
  if (!reach) return pageAnswer(q, [], 0);
  const f: CaseFilter = { ...reach, status: q.status, live: q.live, risk: opts.risk };
  if (q.counsellorId !== undefined)
    f.counsellorIds = (f.counsellorIds ?? [q.counsellorId]).filter((id) => id === q.counsellorId);
  if (q.visitorId !== undefined && f.visitorId === undefined) f.visitorId = q.visitorId;
  if (q.visitorName) {
    const named = await findUserIdsByName(ctx.scope, q.visitorName);
    f.visitorIds = f.visitorIds ? f.visitorIds.filter((id) => named.includes(id)) : named;
  }
  const { rows, total } = await findCasePage(ctx.scope, f, pageWindow(q), opts.risk ? 'risk' : 'updated');
  const names = await findUserBriefs(
    ctx.scope,
    rows.flatMap((r) => [r.visitorId, r.counsellorId]),
  );
  const visitorView = isVisitor(ctx.p) && !canSeeAllCases(ctx.p);
  const route = opts.route ?? 'POST /biz/consult/case/page';
  await recordPersonalDataReads(
    ctx.scope,
    ctx.p.userId,
    rows.map((r) => ({ subjectId: r.visitorId, fields: ['case'], route })),
  );
  const access = (r: CaseRow): CaseAccess =>
    visitorView
      ? 'visitor'
      : r.counsellorId === ctx.p.userId
        ? 'counsellor'
        : canSeeAllCases(ctx.p)
          ? 'admin'
          : 'supervisor';
  return pageAnswer(
    q,
    rows.map((r) => toSummary(r, names, access(r))),
    total,
  );
}

async function recordSummaries(ctx: CaseCtx, records: RecordRow[], access: CaseAccess) {
  const times = await appointmentStartTimes(
    ctx.scope,
    records.map((r) => r.appointmentId).filter((x): x is number => x !== null),
  );
  const out: CaseRecordSummary[] = [];
  for (const r of records) {
    out.push(
      toRecordSummary(
        r,
        // A signed record is amend-only whatever was granted: only unsigned ones need their approvals.
        r.signedAt === null ? await grantsOf(ctx, r) : NO_GRANTS,
        r.appointmentId === null ? null : (times.get(r.appointmentId) ?? null),
        access,
      ),
    );
  }
  return out;
}

/** `case/detail`: one case with its records, history, transfers and feedback; the read is access-logged. */
export async function caseDetail(ctx: CaseCtx, id: number): Promise<CaseDetail> {
  const { c, access } = await requireCase(ctx, id);
  const records = await findRecordsOfCases(ctx.scope, [c.id]);
  const events = access === 'visitor' ? [] : await findCaseEvents(ctx.scope, c.id);
  const transfers = access === 'visitor' ? [] : await findTransfers(ctx.scope, [c.id]);
  const appointmentIds = records.map((r) => r.appointmentId).filter((x): x is number => x !== null);
  const feedback = await findFeedback(ctx.scope, { appointmentIds });
  const names = await findUserBriefs(ctx.scope, [
    c.visitorId,
    c.counsellorId,
    ...events.map((e) => e.actorId ?? c.counsellorId),
    ...transfers.map((t) => t.toCounsellorId ?? c.counsellorId),
  ]);
  if (access !== 'visitor') await logRead(ctx, c.visitorId, 'case', 'GET /biz/consult/case/detail');
  return {
    ...toSummary(
      {
        ...c,
        records: records.length,
        lockedRecords: records.filter((r) => r.signedAt === null && r.lockDueAt <= new Date()).length,
      },
      names,
      access,
    ),
    closeReason: access === 'visitor' ? null : c.closeReason,
    recordList: await recordSummaries(ctx, records, access),
    events: events.map((e) => ({
      action: e.action,
      fromStatus: (e.fromStatus as CaseStatus | null) ?? null,
      toStatus: (e.toStatus as CaseStatus | null) ?? null,
      actor: e.actorId === null ? null : personOf(names, e.actorId),
      at: e.at.toISOString(),
      detail: e.detail ?? null,
    })),
    transfers: transfers.map((t) => toTransferOut(t, names)),
    feedback: feedback.map(toFeedbackOut),
  };
}

const toFeedbackOut = (f: {
  appointmentId: number;
  satisfaction: number;
  content: string | null;
  createdAt: Date;
}) => ({
  appointmentId: f.appointmentId,
  visitorSatisfaction: f.satisfaction,
  content: f.content,
  createTime: f.createdAt.toISOString(),
});

/** An agreement as the file lists it; `kept` tells the agreements whose text and signature are kept. */
export const toAgreementSummary = (a: {
  id: number;
  appointmentId: number;
  kind: string;
  agreedAt: Date;
  signed: boolean;
  textVersion: string | null;
}) => ({
  id: a.id,
  appointmentId: a.appointmentId,
  kind: a.kind,
  agreedAt: a.agreedAt.toISOString(),
  signed: a.signed,
  kept: a.textVersion !== null,
});

function toTransferOut(t: Awaited<ReturnType<typeof findTransfers>>[number], names: Names) {
  return {
    id: t.id,
    to: t.target as CaseTransferTarget,
    transferToType: t.transferToType,
    toCounsellor: t.toCounsellorId === null ? null : personOf(names, t.toCounsellorId),
    newCaseId: t.newCaseId,
    ref: t.ref,
    reason: t.reason,
    createTime: t.createdAt.toISOString(),
  };
}

/** Applies a move of the state machine, with its history row; 409 with the allowed moves otherwise. */
async function moveCase(
  ctx: CaseCtx,
  c: CaseRow,
  action: CaseAction,
  set: Partial<CaseRow> = {},
  detail: Record<string, unknown> | null = null,
) {
  let to: CaseStatus;
  try {
    to = applyCaseAction(c.status as CaseStatus, action);
  } catch (e) {
    if (e instanceof CaseTransitionError)
      throw conflict(`${action} is not allowed while the case is ${c.status}`, { allowed: e.allowed });
    throw e;
  }
  const ended = caseBaseStatus(to) !== null;
  const row = await updateCase(ctx.scope, c.id, {
    ...set,
    status: to,
    ...(ended ? { closedAt: new Date() } : {}),
  });
  await insertCaseEvent(ctx.scope, {
    caseId: c.id,
    action,
    fromStatus: c.status,
    toStatus: to,
    actorId: ctx.p.userId,
    detail,
  });
  return row;
}

/** `case/transition`: start, finish (a signed closing summary first), pass, break. */
export async function transitionCase(
  ctx: CaseCtx,
  b: { id: number; action: 'start' | 'finish' | 'pass' | 'break'; reason?: string },
) {
  const { c, access } = await requireCase(ctx, b.id, true);
  if (access !== 'counsellor' && access !== 'admin') throw forbidden('only the case’s counsellor moves it');
  if (b.action === 'finish') {
    const closing = await findClosingRecord(ctx.scope, c.id);
    if (!closing?.signedAt) throw badRequest('closing', 'sign the closing summary before closing the case');
  }
  const row = await moveCase(
    ctx,
    c,
    b.action,
    b.reason ? { closeReason: b.reason } : {},
    b.reason ? { reason: b.reason } : null,
  );
  const names = await findUserBriefs(ctx.scope, [row.visitorId, row.counsellorId]);
  return toSummary(row, names, access);
}

// ---------------------------------------------------------------------------------------------------
// Records

const SIGNATURE_KEYS = /^sign_[A-Za-z]+(_sign(UserName|RealName|Time))?$/;

/** The case a new record of an appointment belongs to: the visitor's live case, or a new one. */
async function caseForAppointment(
  ctx: CaseCtx,
  a: NonNullable<Awaited<ReturnType<typeof appointmentBrief>>>,
): Promise<CaseRow> {
  const live = await findLiveCaseOf(ctx.scope, a.visitorId);
  if (live) {
    if (live.counsellorId !== a.counsellorId)
      throw conflict('the visitor’s case is held by another counsellor: transfer it first', {
        reason: 'caseHeldByOther',
        caseId: live.id,
      });
    return live;
  }
  const earlier = await countCasesOf(ctx.scope, a.visitorId);
  const opened = await insertCase(ctx.scope, {
    visitorId: a.visitorId,
    counsellorId: a.counsellorId,
    status: 'wait',
    source: a.source || TRANSFER_SOURCE.visitorAppointment,
    repeatStatus: earlier > 0 ? 2 : 1,
    openedBy: ctx.p.userId,
  });
  if (!opened) throw conflict('the visitor’s case was opened at the same time: try again');
  await insertCaseEvent(ctx.scope, {
    caseId: opened.id,
    action: 'open',
    fromStatus: null,
    toStatus: 'wait',
    actorId: ctx.p.userId,
    detail: { appointmentId: a.id, source: opened.source },
  });
  return opened;
}

async function newRecord(
  ctx: CaseCtx,
  c: CaseRow,
  kind: CaseRecordKind,
  appointment: { id: number; endsAt: Date; endedAt: Date | null } | null,
): Promise<RecordRow> {
  const fallback = DEFAULT_RECORD_FORMS[kind];
  const form = await ensureBoundForm(ctx.scope, RECORD_PURPOSE[kind], {
    ...fallback,
    createdBy: ctx.p.userId,
  });
  if (!form)
    throw badRequest('kind', `no form is bound for ${kind} records: bind one in the smart-form settings`);
  const policy = await getPolicy(ctx.scope);
  const base = appointment ? (appointment.endedAt ?? appointment.endsAt) : new Date();
  return insertRecord(ctx.scope, {
    caseId: c.id,
    appointmentId: appointment?.id ?? null,
    kind,
    formId: form.id,
    lockDueAt: recordLockDueAt(base, policy.recordLockDays, 0),
    createdBy: ctx.p.userId,
  });
}

/** The record a save names, locked for the change, with its case and the caller's relation to it. */
async function recordForSave(
  ctx: CaseCtx,
  b: { recordId?: number; appointmentId?: number; caseId?: number; kind?: CaseRecordKind },
) {
  if (b.recordId !== undefined) {
    const r = await findRecord(ctx.scope, b.recordId, true);
    if (!r) throw notFound('record');
    const { c, access } = await requireCase(ctx, r.caseId, true);
    return { r, c, access };
  }
  if (b.appointmentId !== undefined) {
    const a = await appointmentBrief(ctx.scope, b.appointmentId);
    if (!a || a.counsellorId !== ctx.p.userId) throw notFound('appointment');
    if (a.status !== 'success' && a.status !== 'complete')
      throw badRequest('appointmentId', 'a record is written after the session has ended');
    const kind = b.kind ?? (a.type === 15 ? 'first_interview' : 'session');
    if (kind === 'closing') throw badRequest('kind', 'a closing summary belongs to the case: send caseId');
    const existing = await findRecordOfAppointment(ctx.scope, a.id, kind);
    if (existing) {
      const { c, access } = await requireCase(ctx, existing.caseId, true);
      return { r: existing, c, access };
    }
    let c = await caseForAppointment(ctx, a);
    if (c.status === 'wait') c = await moveCase(ctx, c, 'start', {}, { appointmentId: a.id });
    const r = await newRecord(ctx, c, kind, a);
    return { r, c, access: 'counsellor' as CaseAccess };
  }
  if (b.caseId !== undefined) {
    const { c, access } = await requireCase(ctx, b.caseId, true);
    if (access !== 'counsellor') throw forbidden('only the case’s counsellor writes its closing summary');
    const existing = await findClosingRecord(ctx.scope, c.id);
    if (existing) return { r: existing, c, access };
    if (c.status !== 'running')
      throw badRequest('caseId', 'a closing summary is written while the case runs');
    return { r: await newRecord(ctx, c, 'closing', null), c, access };
  }
  throw badRequest('recordId', 'name the record, or the appointment or case of a new one');
}

/**
 * The stored answer as the caller sees it: a submission is a whole form (a field left out is cleared), so
 * a signature alone is sent on top of it. Masked and role-hidden values sent back keep the stored ones.
 */
async function storedAnswer(ctx: CaseCtx, r: RecordRow): Promise<Record<string, unknown>> {
  if (r.answerId === null) return {};
  const shown = await presentOwnedAnswer(ctx.scope, ctx.p, r.answerId, 'POST /biz/consult/case/record/sign');
  return shown?.answer.answer ?? {};
}

/** The grade column's value and the server's verdict in a saved answer. */
function gradeIn(
  def: FormDefinition,
  answer: AnswerMap,
): { grade: number | null; consistent: boolean | null } {
  const col = def.columns.find((c) => c.type === 'grade');
  const grade = col ? Number(answer[col.prop]) : NaN;
  if (!Number.isInteger(grade) || grade < 1 || grade > 4) return { grade: null, consistent: null };
  const verdict = answer[GRADE_RESULT_PROP];
  return { grade, consistent: verdict === undefined ? null : Number(verdict) === 1 };
}

const hasTeacherSignature = (def: FormDefinition, answer: AnswerMap) =>
  def.columns.some((c) => c.prop === 'sign_teacher')
    ? typeof answer.sign_teacher === 'string' && answer.sign_teacher !== ''
    : true;

/** Stores what a saved answer means for the record, the case and the appointment (in the same transaction). */
async function afterSave(
  ctx: CaseCtx,
  r: RecordRow,
  c: CaseRow,
  saved: {
    answer: { id: number; answer: AnswerMap; signed: boolean; amendmentCount: number; formVersion: number };
  },
) {
  const def = await formDefinitionOf(ctx.scope, r.formId, saved.answer.formVersion);
  const { grade, consistent } = gradeIn(def, saved.answer.answer);
  const signedNow = r.signedAt === null && saved.answer.signed;
  const row = await updateRecord(ctx.scope, r.id, {
    answerId: saved.answer.id,
    amendmentCount: saved.answer.amendmentCount,
    grade,
    gradeConsistent: consistent,
    ...(signedNow ? { signedAt: new Date() } : {}),
  });
  if (grade !== null) await updateCase(ctx.scope, c.id, { grade, gradeConsistent: consistent });
  else await updateCase(ctx.scope, c.id, {});
  // The session is complete once the counsellor has signed its record (S1.4.1 success → complete).
  if (r.appointmentId !== null && saved.answer.signed && hasTeacherSignature(def, saved.answer.answer))
    await completeAppointmentForRecord(apptCtx(ctx), r.appointmentId);
  return { row, grade };
}

/**
 * `inner/profiles/save/forms`: saves a record through the form engine (docs/cases.md 2, 4): the first
 * record of an appointment opens the visitor's case; a signed record changes only by amendment; a record
 * past its deadline is refused until an unlock is approved. A supervisor or administrator may only sign.
 */
export async function saveRecord(
  ctx: CaseCtx,
  b: {
    recordId?: number;
    appointmentId?: number;
    caseId?: number;
    kind?: CaseRecordKind;
    answers: string | Record<string, unknown>;
    reason?: string;
  },
) {
  const { r, c, access } = await recordForSave(ctx, b);
  if (access === 'visitor') throw forbidden('a visitor signs a record with record/sign');
  let answers: Record<string, unknown>;
  if (typeof b.answers === 'string') {
    try {
      answers = JSON.parse(b.answers) as Record<string, unknown>;
    } catch {
      throw badRequest('answers', 'must be a JSON object');
    }
    if (!answers || typeof answers !== 'object' || Array.isArray(answers))
      throw badRequest('answers', 'must be a JSON object');
  } else answers = b.answers;
  // Someone who does not own the case co-signs; the content stays the counsellor's.
  if (access !== 'counsellor')
    answers = {
      ...(await storedAnswer(ctx, r)),
      ...Object.fromEntries(Object.entries(answers).filter(([k]) => SIGNATURE_KEYS.test(k))),
    };
  const { state } = stateOf(r, await grantsOf(ctx, r));
  if (state === 'locked')
    throw conflict(
      'the record passed its deadline unsigned and is locked: ask for an unlock (approval option 8)',
      {
        reason: 'recordLocked',
        recordId: r.id,
      },
    );
  const saved = await saveOwnedAnswer(ctx.scope, ctx.p, ctx.lang, {
    formId: r.formId,
    eventSign: caseRecordEventSign(r.id),
    userId: c.visitorId,
    answers,
    reason: b.reason,
  });
  const { row, grade } = await afterSave(ctx, r, c, saved);
  return {
    outcome: saved.outcome,
    record: await presentRecord(ctx, row, access, 'POST /biz/consult/inner/profiles/save/forms', false),
    caseId: c.id,
    offerCrisis: grade === 1,
  };
}

/** A record as the caller may see it: a visitor only its signature fields (docs/cases.md 8). */
async function presentRecord(
  ctx: CaseCtx,
  r: RecordRow,
  access: CaseAccess,
  route: string,
  log: boolean,
): Promise<CaseRecord> {
  const g = await grantsOf(ctx, r);
  const a = r.appointmentId === null ? null : await appointmentBrief(ctx.scope, r.appointmentId);
  const summary = toRecordSummary(r, g, a?.startsAt ?? null, access);
  const shown = r.answerId === null ? null : await presentOwnedAnswer(ctx.scope, ctx.p, r.answerId, route);
  const def = shown?.definition ?? (await formDefinitionOf(ctx.scope, r.formId, 1).catch(() => null));
  let answer = shown?.answer.answer ?? null;
  let definition = def;
  if (access === 'visitor') {
    answer = answer && Object.fromEntries(Object.entries(answer).filter(([k]) => SIGNATURE_KEYS.test(k)));
    definition = def && { ...def, columns: def.columns.filter((col) => col.prop === 'sign_student') };
  }
  const c = (await findCase(ctx.scope, r.caseId))!;
  if (log && access !== 'visitor') await logRead(ctx, c.visitorId, 'caseRecord', route);
  const open = summary.state !== 'locked';
  const signable = !definition
    ? []
    : definition.columns
        .filter((col) => col.type === 'signature')
        .map((col) => col.prop)
        .filter((prop) => open && !(answer && typeof answer[prop] === 'string' && answer[prop] !== ''))
        .filter((prop) => (access === 'visitor' ? prop === 'sign_student' : prop !== 'sign_student'))
        // Only the fields the caller's roles sign (S1.6.20): a counsellor is not offered the supervisor's.
        .filter((prop) => access === 'visitor' || canSignField(prop as SignatureField, roleCodesOf(ctx.p)));
  return {
    ...summary,
    definition: definition as CaseRecord['definition'],
    answer,
    canEdit: access === 'counsellor' && summary.state !== 'locked',
    signable,
  };
}

/** `case/record`: one record with its definition and answer for the caller (access-logged). */
export async function getRecord(ctx: CaseCtx, id: number) {
  const r = await findRecord(ctx.scope, id);
  if (!r) throw notFound('record');
  const { access } = await requireCase(ctx, r.caseId);
  return presentRecord(ctx, r, access, 'GET /biz/consult/case/record', true);
}

/** `reserve/isFirst/data`: whether the appointment opens its visitor's case, and its record kind. */
export async function isFirstRecord(ctx: CaseCtx, appointmentId: number) {
  const a = await appointmentBrief(ctx.scope, appointmentId);
  if (!a || a.counsellorId !== ctx.p.userId) throw notFound('appointment');
  const existing = await findAnyRecordOfAppointment(ctx.scope, a.id);
  const live = await findLiveCaseOf(ctx.scope, a.visitorId);
  const isFirst = !live;
  const kind: CaseRecordKind = existing
    ? (existing.kind as CaseRecordKind)
    : a.type === 15 || isFirst
      ? 'first_interview'
      : 'session';
  return {
    isFirst,
    kind,
    caseId: existing?.caseId ?? live?.id ?? null,
    recordId: existing?.id ?? null,
    definition: existing ? null : await newRecordDefinition(ctx, kind),
  };
}

/**
 * The form a new record of this kind is written on: the bound form's current version, or the default
 * that the first save creates and binds (read here without writing it).
 */
export async function newRecordDefinition(ctx: CaseCtx, kind: CaseRecordKind) {
  if (isVisitor(ctx.p) && !canSeeAllCases(ctx.p)) throw forbidden('records are written by staff');
  const bound = await boundFormOf(ctx.scope, RECORD_PURPOSE[kind]);
  if (bound) return formDefinitionOf(ctx.scope, bound.id, bound.currentVersion);
  const fallback = DEFAULT_RECORD_FORMS[kind];
  return { id: '0', version: 1, name: fallback.name, columns: fallback.columns };
}

/**
 * `record/sign` (S1.5.8, S1.6.20): signs one signature field, with a drawn image or the stored signature.
 * Who may sign which field is the engine's (`canSignField`); a visitor signs only `sign_student` of a
 * record of their own case.
 */
export async function signRecord(
  ctx: CaseCtx,
  b: { recordId: number; field: SignatureField; image?: string; quote?: boolean },
) {
  const r = await findRecord(ctx.scope, b.recordId, true);
  if (!r) throw notFound('record');
  const { c, access } = await requireCase(ctx, r.caseId, true);
  if (access === 'visitor' && b.field !== 'sign_student')
    throw forbidden('a visitor signs the visitor’s field only');
  if (r.answerId === null) throw badRequest('recordId', 'the record has not been written yet');
  let image = b.image ?? '';
  if (b.quote) {
    const stored =
      b.field === 'sign_student'
        ? await getVisitorSignature(ctx.scope, ctx.files, ctx.p, {
            uid: undefined,
            quote: true,
            lang: ctx.lang,
          })
        : await getOwnSignature(ctx.scope, ctx.files, ctx.p, { quote: true, lang: ctx.lang });
    image = stored?.sign ?? '';
  }
  if (image === '') throw badRequest(b.field, ctx.lang === 'en-US' ? 'Please sign' : '请签名');
  const { state } = stateOf(r, await grantsOf(ctx, r));
  if (state === 'locked')
    throw conflict('the record is locked: ask for an unlock (approval option 8)', { reason: 'recordLocked' });
  const saved = await saveOwnedAnswer(ctx.scope, ctx.p, ctx.lang, {
    formId: r.formId,
    eventSign: caseRecordEventSign(r.id),
    userId: c.visitorId,
    answers: { ...(await storedAnswer(ctx, r)), [b.field]: image },
  });
  const signedField = saved.answer.answer[b.field];
  if (typeof signedField !== 'string' || signedField === '') throw forbidden(`you may not sign ${b.field}`);
  const { row } = await afterSave(ctx, r, c, saved);
  return presentRecord(ctx, row, access, 'POST /biz/consult/case/record/sign', false);
}

/** `record/editions`: every saved edition of a record (staff only). */
export async function recordEditions(ctx: CaseCtx, id: number) {
  const r = await findRecord(ctx.scope, id);
  if (!r) throw notFound('record');
  const { c, access } = await requireCase(ctx, r.caseId);
  if (access === 'visitor') throw notFound('record');
  if (r.answerId === null) return [];
  await logRead(ctx, c.visitorId, 'caseRecord', 'GET /biz/consult/case/record/editions');
  return (await ownedEditions(ctx.scope, r.answerId)).map((e) => ({
    edition: e.edition,
    kind: e.kind,
    reason: e.reason,
    changedKeys: e.changedKeys,
    createBy: e.createBy,
    createByName: e.createByName,
    createTime: e.createTime,
  }));
}

/** `record/edition`: one edition; an amendment with the original untouched and its changes. */
export async function recordEdition(ctx: CaseCtx, q: { id: number; edition: number }) {
  const r = await findRecord(ctx.scope, q.id);
  if (!r) throw notFound('record');
  const { c, access } = await requireCase(ctx, r.caseId);
  if (access === 'visitor' || r.answerId === null) throw notFound('record');
  const route = 'GET /biz/consult/case/record/edition';
  const e = await ownedEdition(ctx.scope, ctx.p, r.answerId, q.edition, route);
  if (!e) throw notFound('edition');
  await logRead(ctx, c.visitorId, 'caseRecord', route);
  return {
    edition: e.edition,
    kind: e.kind,
    reason: e.reason,
    answer: e.answer,
    original: e.original,
    changes: e.changes as Record<string, unknown>[],
    createByName: e.createByName,
    createTime: e.createTime,
  };
}

// ---------------------------------------------------------------------------------------------------
// Transfers and crisis

/** `case/transfer` (docs/cases.md 6): the case moves to `transfer` with its hand-over, in one transaction. */
export async function transferCase(
  ctx: CaseCtx,
  b: {
    caseId: number;
    to: CaseTransferTarget;
    transferToType?: 2 | 10;
    transferToConsultant?: number;
    reason?: string;
  },
) {
  const { c, access } = await requireCase(ctx, b.caseId, true);
  if (access !== 'counsellor' && access !== 'admin')
    throw forbidden('only the case’s counsellor transfers it');
  let ref: string | null = null;
  let newCase: CaseRow | null = null;
  if (b.to === 'referral') {
    if (b.transferToType === undefined) throw badRequest('transferToType', 'choose the referral type');
    if (b.transferToConsultant === undefined)
      throw badRequest('transferToConsultant', 'choose the counsellor');
    if (b.transferToConsultant === c.counsellorId)
      throw badRequest('transferToConsultant', 'refer to another counsellor');
    const free = await freeCounsellorOptions(ctx.scope, {
      tenantId: ctx.scope.tenantId,
      lang: ctx.lang,
      params: { categoryId: String(b.transferToType) },
    });
    if (!free.some((f) => f.value === String(b.transferToConsultant)))
      throw badRequest('transferToConsultant', 'the counsellor does not take new visitors of this type');
  }
  const moved = await moveCase(ctx, c, 'transfer', { closeReason: b.reason ?? null }, { to: b.to });
  if (b.to === 'referral') {
    newCase = await insertCase(ctx.scope, {
      visitorId: c.visitorId,
      counsellorId: b.transferToConsultant!,
      status: 'wait',
      source: TRANSFER_SOURCE.referral,
      repeatStatus: 2,
      openedBy: ctx.p.userId,
    });
    if (!newCase) throw conflict('the visitor’s new case was opened at the same time: try again');
    await insertCaseEvent(ctx.scope, {
      caseId: newCase.id,
      action: 'open',
      fromStatus: null,
      toStatus: 'wait',
      actorId: ctx.p.userId,
      detail: { fromCaseId: c.id, source: TRANSFER_SOURCE.referral },
    });
    const names = await findUserBriefs(ctx.scope, [c.visitorId, ctx.p.userId]);
    await sendMessageByEvent(ctx.scope, {
      event: 'CASE_TRANSFERRED',
      userIds: [b.transferToConsultant!],
      lang: ctx.lang,
      params: { visitorName: names.get(c.visitorId)?.name ?? '', fromName: ctx.p.realName },
    });
  } else if (b.to !== 'group') {
    // A group referral opens no individual registration: the transfer row is the pending group referral,
    // listed by `groupReferral/page` until the group-counselling module takes it (docs/cases.md 6).
    const source = b.to === 'waitlist' ? TRANSFER_SOURCE.consultingWaiting : TRANSFER_SOURCE.referral;
    ref = String(
      await openTransferRegistration(ctx.scope, {
        userId: c.visitorId,
        source,
        urgent: false,
        note: b.reason ?? null,
        createdBy: ctx.p.userId,
      }),
    );
  }
  const t = await insertTransfer(ctx.scope, {
    caseId: c.id,
    target: b.to,
    transferToType: b.transferToType ?? null,
    toCounsellorId: b.transferToConsultant ?? null,
    newCaseId: newCase?.id ?? null,
    ref,
    reason: b.reason ?? null,
    createdBy: ctx.p.userId,
  });
  const names = await findUserBriefs(ctx.scope, [
    c.visitorId,
    c.counsellorId,
    b.transferToConsultant ?? c.counsellorId,
  ]);
  return { case: toSummary(moved, names, access), transfer: toTransferOut(t, names) };
}

/**
 * `case/groupReferral/page`: the transfers to group counselling within the administrator's data scope,
 * newest first, each pending (no group-counselling module takes them yet); the visitors listed are
 * access-logged like the case list.
 */
export async function groupReferralPage(ctx: CaseCtx, q: { current: number; size: number }) {
  if (!canSeeAllCases(ctx.p)) throw forbidden();
  const reach = await reachFilter(ctx);
  const { rows, total } = await findGroupReferralPage(
    ctx.scope,
    { visitorIds: reach?.visitorIds },
    pageWindow(q),
  );
  const names = await findUserBriefs(
    ctx.scope,
    rows.flatMap((r) => [r.visitorId, r.counsellorId, r.createdBy]),
  );
  await recordPersonalDataReads(
    ctx.scope,
    ctx.p.userId,
    rows.map((r) => ({
      subjectId: r.visitorId,
      fields: ['case'],
      route: 'POST /biz/consult/case/groupReferral/page',
    })),
  );
  return pageAnswer(
    q,
    rows.map((r) => ({
      id: r.id,
      caseId: r.caseId,
      visitor: { ...personOf(names, r.visitorId), number: names.get(r.visitorId)?.number ?? null },
      counsellor: personOf(names, r.counsellorId),
      referredBy: personOf(names, r.createdBy),
      reason: r.reason,
      status: 'pending' as const,
      createTime: r.createdAt.toISOString(),
    })),
    total,
  );
}

/**
 * `profiles/toCrisis` (and `primary/toCrisis` by appointment): hands the visitor to the crisis module's
 * one intake in this transaction; asking twice answers the same crisis record (its `sourceRef`).
 */
export async function caseToCrisis(ctx: CaseCtx, caseId: number) {
  const { c, access } = await requireCase(ctx, caseId, true);
  if (access === 'visitor') throw notFound('case');
  const signal = await reportSignal(ctx.scope, {
    source: 'case',
    studentId: c.visitorId,
    reporterId: ctx.p.userId,
    sourceRef: `case:${c.id}`,
  });
  await insertCaseEvent(ctx.scope, {
    caseId: c.id,
    action: 'toCrisis',
    fromStatus: c.status,
    toStatus: c.status,
    actorId: ctx.p.userId,
    detail: { crisisRecordId: signal.recordId, created: signal.created },
  });
  await updateCase(ctx.scope, c.id, {});
  return { crisisRecordId: signal.recordId, created: signal.created };
}

export async function appointmentToCrisis(ctx: CaseCtx, appointmentId: number) {
  const a = await appointmentBrief(ctx.scope, appointmentId);
  if (!a || typeGroupOf(a.type) !== 'primaryUnit') throw notFound('appointment');
  if (a.counsellorId !== ctx.p.userId && !canSeeAllCases(ctx.p)) throw notFound('appointment');
  const signal = await reportSignal(ctx.scope, {
    source: 'case',
    studentId: a.visitorId,
    reporterId: ctx.p.userId,
    sourceRef: `appointment:${a.id}`,
    appointmentId: a.id,
  });
  return { crisisRecordId: signal.recordId, created: signal.created };
}

// ---------------------------------------------------------------------------------------------------
// The visitor's file, statistics, pending counts

/**
 * The visitor's cases when the caller reaches the visitor's file: a counsellor or supervisor through a
 * case of theirs, an administrator through the data scope; "not found" otherwise.
 */
export async function requireFileReach(ctx: CaseCtx, visitorId: number) {
  const reach = await reachFilter(ctx);
  if (!reach || isVisitor(ctx.p)) throw notFound('visitor');
  const { rows } = await findCasePage(ctx.scope, { visitorId }, { offset: 0, limit: 500 });
  const reachable = canSeeAllCases(ctx.p)
    ? (reach.visitorIds === undefined || reach.visitorIds.includes(visitorId)) && rows.length >= 0
    : rows.some((r) => reach.counsellorIds?.includes(r.counsellorId));
  if (!reachable) throw notFound('visitor');
  if (canSeeAllCases(ctx.p) && reach.visitorIds === undefined && rows.length === 0) {
    const known = await findUserBriefs(ctx.scope, [visitorId]);
    if (!known.has(visitorId)) throw notFound('visitor');
  }
  return rows;
}

/** `profiles/file` (/aLiftTimeFilelistInfo): every case and record of a visitor the caller may reach. */
export async function visitorFile(ctx: CaseCtx, visitorId: number, route = 'GET /biz/consult/profiles/file') {
  const rows = await requireFileReach(ctx, visitorId);
  const caseIds = rows.map((r) => r.id);
  const records = await findRecordsOfCases(ctx.scope, caseIds);
  const transfers = await findTransfers(ctx.scope, caseIds);
  const feedback = await findFeedback(ctx.scope, { visitorId });
  const agreements = await findAgreementsOfVisitor(ctx.scope, visitorId);
  const names = await findUserBriefs(ctx.scope, [
    visitorId,
    ...rows.map((r) => r.counsellorId),
    ...transfers.map((t) => t.toCounsellorId ?? visitorId),
  ]);
  const summaries = await recordSummaries(ctx, records, 'counsellor');
  await logRead(ctx, visitorId, 'case', route);
  const mayReadLog = canSeeAllCases(ctx.p) && canSeeSensitive(ctx.p);
  const log = mayReadLog
    ? await findAccessLog(ctx.scope, { subjectId: visitorId }, { offset: 0, limit: 50 })
    : null;
  return {
    visitor: { ...personOf(names, visitorId), number: names.get(visitorId)?.number ?? null },
    cases: rows.map((r) => ({
      ...toSummary(
        r,
        names,
        canSeeAllCases(ctx.p) ? 'admin' : r.counsellorId === ctx.p.userId ? 'counsellor' : 'supervisor',
      ),
      recordList: summaries.filter((s) => s.caseId === r.id),
      transfers: transfers.filter((t) => t.caseId === r.id).map((t) => toTransferOut(t, names)),
    })),
    feedback: feedback.map(toFeedbackOut),
    agreements: agreements.map(toAgreementSummary),
    readers: log
      ? log.rows
          .filter((l) => l.route.includes('/consult/'))
          .map((l) => ({
            viewer: { id: l.viewerId, name: l.viewerName },
            route: l.route,
            at: l.createdAt.toISOString(),
          }))
      : null,
  };
}

/** `profiles/assessmentLevelSta`: cases by their latest grade within the caller's reach. */
export async function assessmentLevelStats(ctx: CaseCtx) {
  const reach = await reachFilter(ctx);
  if (!reach || isVisitor(ctx.p)) throw forbidden();
  const rows = await countCasesByGrade(ctx.scope, reach);
  return {
    levels: [1, 2, 3, 4].map((grade) => ({ grade, count: rows.find((r) => r.grade === grade)?.count ?? 0 })),
    inconsistent: rows.reduce((n, r) => n + r.inconsistent, 0),
    ungraded: rows.find((r) => r.grade === null)?.count ?? 0,
  };
}

/** `lockRecordPending`: the caller's records locked past their deadline, and those locking within a day. */
export async function lockRecordPending(ctx: CaseCtx) {
  const rows = await findUnsignedRecordsOf(ctx.scope, ctx.p.userId);
  let locked = 0;
  let dueSoon = 0;
  const now = new Date();
  for (const { r } of rows) {
    const { state, dueAt } = stateOf(r, await grantsOf(ctx, r), now);
    if (state === 'locked') locked++;
    else if (dueAt.getTime() - now.getTime() < 86_400_000) dueSoon++;
  }
  return { total: locked, locked, dueSoon };
}
