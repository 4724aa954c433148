import {
  ASSESSMENT_APPOINTMENT_TYPES,
  FOCUS_SETTING_TYPE,
  type AssessmentKind,
  type Lang,
} from '@psy/contracts';
import {
  addDays,
  allowsReturn,
  ASSESSMENT_DEFINITIONS,
  ASSESSMENT_EDIT_WINDOW_MS,
  assessmentOutcome,
  availableActions,
  calendarDay,
  checkAssessment,
  checkTrackDate,
  GREENWAY_MACHINE,
  INTERVENTION_MACHINE,
  nextState,
  SUSPENSION_MACHINE,
} from '@psy/crisis-rules';
import { applyEdit, changedKeys, formatFormError, type AnswerMap, type FormError } from '@psy/forms';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { Principal } from '../../core/http/context';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import { findUsableFocusSettingIds } from '../focus-settings';
import {
  findAssessment,
  findAssessmentEditions,
  findAssessmentPage,
  findAssessmentsOfSuspension,
  findFollowUpPage,
  findGreenway,
  findGreenwayPage,
  findIntervention,
  findInterventionPage,
  findSuspension,
  findSuspensionPage,
  insertAssessment,
  insertAssessmentEdition,
  insertFollowUp,
  insertGreenway,
  insertIntervention,
  insertReceipt,
  insertSuspension,
  setInterventionStatus,
  updateAssessment,
  updateGreenway,
  updateSuspension,
  type AssessmentRow,
  type GreenwayRow,
  type SuspensionRow,
} from './care.repository';
import {
  covers,
  getCrisisSetting,
  getNoticeSetting,
  loadNames,
  loadViewer,
  logRead,
  notify,
  peopleRefs,
  personRef,
  studentRef,
  type CrisisViewer,
} from './crisis.context';
import { findRecord, insertEvent, updateRecord } from './crisis.repository';
import { findLiveUserIds, findStudent } from './network.repository';
import { toFollowUps, toInterventions } from './care.mapping';
import { requireRecord, startIfNew } from './records.service';
import { refreshWarning } from './warning.service';
import { requireFocus, touchFocusPlan } from './focus.service';
import { requestApprovalIfNeeded } from './approval.request';

/** A form error of the engine as the API's 400: the field and its message in the caller's language. */
function formErrorAsBadRequest(kind: AssessmentKind, error: FormError, lang: Lang) {
  const column = ASSESSMENT_DEFINITIONS[kind].columns.find(
    (c) => c.prop === (error.params.column ?? error.field),
  );
  return badRequest(error.field, formatFormError(error, lang, column?.label[lang] ?? error.field));
}

// ---------------------------------------------------------------- assessments

function toAssessment(v: CrisisViewer, a: AssessmentRow, loaded: Awaited<ReturnType<typeof loadNames>>) {
  return {
    id: a.id,
    recordId: a.recordId,
    suspensionId: a.suspensionId,
    student: studentRef(v, loaded.students.get(a.studentId), a.studentId),
    kind: a.kind,
    appointmentId: a.appointmentId,
    appointmentType: a.appointmentType,
    assessor: personRef(loaded.names, a.assessorId)!,
    answer: a.answer as Record<string, unknown>,
    edition: a.edition,
    collegeLevel: a.collegeLevel,
    isCrisisStatus: a.isCrisisStatus,
    returnConclusion: a.returnConclusion,
    createTime: a.createdAt.toISOString(),
    updateTime: a.updatedAt.toISOString(),
  };
}

async function toAssessments(scope: TenantScope, v: CrisisViewer, rows: AssessmentRow[]) {
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.map((r) => r.assessorId),
  );
  return rows.map((r) => toAssessment(v, r, loaded));
}

/** The department reach of an assessment: its student's department when it was made. */
async function requireAssessment(
  scope: TenantScope,
  v: CrisisViewer,
  id: number,
  work: boolean,
  lock = false,
) {
  const a = await findAssessment(scope, id, lock);
  if (!a || !covers(v.read, a.studentDeptId)) throw notFound('assessment');
  if (work && !covers(v.work, a.studentDeptId))
    throw forbidden('you may read this assessment but not change it');
  return a;
}

/**
 * Records an assessment (new, or a new edition of one) checked by the form engine: S1.3.10 fields,
 * S1.4.16 and the trackDate rule. A crisis assessment sets the record's level and crisis status,
 * acknowledges it and starts it; after 24 hours a change is an amendment with a reason.
 */
export async function saveAssessment(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    id?: number | undefined;
    recordId?: number | undefined;
    suspensionId?: number | undefined;
    kind: AssessmentKind;
    appointmentId?: number | undefined;
    appointmentType: number;
    answer: Record<string, unknown>;
    reason?: string | undefined;
  },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'crisis');
  if (!ASSESSMENT_APPOINTMENT_TYPES[body.kind].includes(body.appointmentType))
    throw badRequest(
      'appointmentType',
      `must be ${ASSESSMENT_APPOINTMENT_TYPES[body.kind].join(' or ')} for ${body.kind}`,
    );

  if (body.id !== undefined) {
    const stored = await requireAssessment(scope, v, body.id, true, true);
    if (stored.kind !== body.kind) throw badRequest('kind', 'an assessment keeps its kind');
    const previous = stored.answer as AnswerMap;
    const check = checkAssessment(body.kind, body.answer, { now, previous });
    if (!check.valid) throw formErrorAsBadRequest(body.kind, check.errors[0]!, lang);
    const definition = ASSESSMENT_DEFINITIONS[body.kind];
    const changed = changedKeys(definition, previous, check.answer);
    if (changed.length === 0) return (await toAssessments(scope, v, [stored]))[0]!;
    const amendment = now.getTime() - stored.createdAt.getTime() > ASSESSMENT_EDIT_WINDOW_MS;
    if (amendment && !body.reason?.trim())
      throw badRequest('reason', 'an assessment older than a day is amended: give the reason');
    const { answer } = applyEdit(definition, previous, check.answer);
    const outcome = assessmentOutcome(body.kind, answer);
    const updated = await updateAssessment(scope, stored.id, {
      answer,
      edition: stored.edition + 1,
      appointmentId: body.appointmentId ?? stored.appointmentId,
      appointmentType: body.appointmentType,
      ...outcome,
    });
    await insertAssessmentEdition(scope, {
      assessmentId: stored.id,
      edition: updated.edition,
      kind: amendment ? 'amendment' : 'edit',
      answer,
      changes: changed.map((key) => ({ key, from: previous[key] ?? null, to: answer[key] ?? null })),
      reason: body.reason?.trim() || null,
      authorId: v.userId,
    });
    if (stored.kind === 'crisis' && stored.recordId !== null) {
      await updateRecord(scope, stored.recordId, {
        collegeLevel: outcome.collegeLevel,
        isCrisisStatus: outcome.isCrisisStatus,
      });
      await insertEvent(scope, {
        recordId: stored.recordId,
        kind: 'assessment',
        actorId: v.userId,
        data: { assessmentId: stored.id, edition: updated.edition, amendment, ...outcome },
      });
      await refreshWarning(scope, stored.studentId, v.userId);
    }
    return (await toAssessments(scope, v, [updated]))[0]!;
  }

  const check = checkAssessment(body.kind, body.answer, { now });
  if (body.kind === 'crisis') {
    if (body.recordId === undefined) throw badRequest('recordId', 'required for a crisis assessment');
    const { record } = await requireRecord(scope, v, body.recordId, 'work', true);
    if (record.status === 3) throw badRequest('recordId', 'the record is closed');
    if (!check.valid) throw formErrorAsBadRequest(body.kind, check.errors[0]!, lang);
    const outcome = assessmentOutcome('crisis', check.answer);
    const row = await insertAssessment(scope, {
      recordId: record.id,
      studentId: record.studentId,
      studentDeptId: record.studentDeptId,
      kind: 'crisis',
      appointmentId: body.appointmentId ?? record.appointmentId,
      appointmentType: body.appointmentType,
      assessorId: v.userId,
      answer: check.answer,
      ...outcome,
    });
    await insertAssessmentEdition(scope, {
      assessmentId: row.id,
      edition: 1,
      kind: 'create',
      answer: check.answer,
      authorId: v.userId,
    });
    const current = await startIfNew(scope, record, v.userId, now);
    await updateRecord(scope, current.id, {
      collegeLevel: outcome.collegeLevel,
      isCrisisStatus: outcome.isCrisisStatus,
    });
    await insertEvent(scope, {
      recordId: record.id,
      kind: 'assessment',
      actorId: v.userId,
      data: { assessmentId: row.id, appointmentType: body.appointmentType, ...outcome },
    });
    await refreshWarning(scope, record.studentId, v.userId);
    return (await toAssessments(scope, v, [row]))[0]!;
  }

  if (body.suspensionId === undefined) throw badRequest('suspensionId', 'required for a return assessment');
  const suspension = await requireSuspension(scope, v, body.suspensionId, true);
  if (suspension.status === 3) throw badRequest('suspensionId', 'the student has returned already');
  if (!check.valid) throw formErrorAsBadRequest(body.kind, check.errors[0]!, lang);
  const row = await insertAssessment(scope, {
    suspensionId: suspension.id,
    recordId: suspension.recordId,
    studentId: suspension.studentId,
    studentDeptId: suspension.studentDeptId,
    kind: 'return',
    appointmentId: body.appointmentId ?? null,
    appointmentType: body.appointmentType,
    assessorId: v.userId,
    answer: check.answer,
    ...assessmentOutcome('return', check.answer),
  });
  await insertAssessmentEdition(scope, {
    assessmentId: row.id,
    edition: 1,
    kind: 'create',
    answer: check.answer,
    authorId: v.userId,
  });
  return (await toAssessments(scope, v, [row]))[0]!;
}

export async function pageAssessments(
  scope: TenantScope,
  p: Principal,
  q: {
    current: number;
    size: number;
    recordId?: number | undefined;
    suspensionId?: number | undefined;
    studentId?: number | undefined;
    kind?: string | undefined;
  },
) {
  const v = await loadViewer(scope, p, 'crisis');
  const { rows, total } = await findAssessmentPage(scope, v.read, q, pageWindow(q));
  return pageAnswer(q, await toAssessments(scope, v, rows), total);
}

/** An assessment; the read is logged. */
export async function assessmentDetail(scope: TenantScope, p: Principal, id: number, route: string) {
  const v = await loadViewer(scope, p, 'crisis');
  const a = await requireAssessment(scope, v, id, false);
  const [answer] = await toAssessments(scope, v, [a]);
  await logRead(scope, v, {
    subjectKind: 'assessment',
    subjectId: id,
    studentId: a.studentId,
    route,
    phoneShown: answer!.student.phone !== null,
  });
  return answer!;
}

/** Every edition of an assessment, oldest first. */
export async function assessmentEditions(scope: TenantScope, p: Principal, id: number, route: string) {
  const v = await loadViewer(scope, p, 'crisis');
  const a = await requireAssessment(scope, v, id, false);
  const rows = await findAssessmentEditions(scope, id);
  const { names } = await loadNames(
    scope,
    [],
    rows.map((r) => r.authorId),
  );
  await logRead(scope, v, { subjectKind: 'assessment', subjectId: id, studentId: a.studentId, route });
  return rows.map((r) => ({
    edition: r.edition,
    kind: r.kind,
    answer: r.answer as Record<string, unknown>,
    changes: r.changes as Record<string, unknown>[],
    reason: r.reason,
    author: personRef(names, r.authorId)!,
    time: r.createdAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- the subject of an order or follow-up

interface Subject {
  recordId: number | null;
  focusId: number | null;
  studentId: number;
  studentDeptId: number | null;
  viewer: CrisisViewer;
}

/** The record or key person an order or follow-up is on (exactly one), with the caller's rights on it. */
async function resolveSubject(
  scope: TenantScope,
  p: Principal,
  ids: { recordId?: number | undefined; focusId?: number | undefined },
  need: 'care' | 'work',
): Promise<Subject> {
  if ((ids.recordId === undefined) === (ids.focusId === undefined))
    throw badRequest('recordId', 'give either recordId or focusId');
  if (ids.recordId !== undefined) {
    const viewer = await loadViewer(scope, p, 'crisis');
    const { record } = await requireRecord(scope, viewer, ids.recordId, need);
    if (record.status === 3) throw badRequest('recordId', 'the record is closed');
    return {
      recordId: record.id,
      focusId: null,
      studentId: record.studentId,
      studentDeptId: record.studentDeptId,
      viewer,
    };
  }
  const viewer = await loadViewer(scope, p, 'focus');
  const focus = await requireFocus(scope, viewer, ids.focusId!, need);
  if (focus.status !== 1) throw badRequest('focusId', 'the key person was released');
  return {
    recordId: null,
    focusId: focus.id,
    studentId: focus.studentId,
    studentDeptId: focus.studentDeptId,
    viewer,
  };
}

// ---------------------------------------------------------------- intervention orders

const MEASURE_NAMES: Record<number, string> = { 1: '观察', 2: '干预', 3: '回访' };

/** Issues an intervention order; the assignees are told. On a new record it starts the work. */
export async function saveIntervention(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    recordId?: number | undefined;
    focusId?: number | undefined;
    measure: number;
    measureItemIds: number[];
    content: string;
    assigneeIds: number[];
    dueDate?: string | undefined;
  },
  now = new Date(),
) {
  const s = await resolveSubject(scope, p, body, 'work');
  const usable = await findUsableFocusSettingIds(
    scope,
    FOCUS_SETTING_TYPE.interventionMeasure,
    body.measureItemIds,
  );
  if (body.measureItemIds.some((id) => !usable.has(id)))
    throw badRequest('measureItemIds', 'not an enabled intervention measure of the school');
  const live = await findLiveUserIds(scope, body.assigneeIds);
  if (body.assigneeIds.some((id) => !live.has(id)))
    throw badRequest('assigneeIds', 'not an active user of the school');
  const today = calendarDay(now);
  if (body.dueDate !== undefined && body.dueDate < today)
    throw badRequest('dueDate', 'must not be in the past');
  const setting = await getCrisisSetting(scope, 'intervention');
  const row = await insertIntervention(scope, {
    recordId: s.recordId,
    focusId: s.focusId,
    studentId: s.studentId,
    studentDeptId: s.studentDeptId,
    measure: body.measure,
    measureItemIds: body.measureItemIds,
    content: body.content,
    assigneeIds: body.assigneeIds,
    dueDate: body.dueDate ?? addDays(today, setting.defaultDueDays),
    issuedBy: s.viewer.userId,
  });
  if (s.recordId !== null) {
    const { record } = await requireRecord(scope, s.viewer, s.recordId, 'work', true);
    await startIfNew(scope, record, s.viewer.userId, now);
    await insertEvent(scope, {
      recordId: s.recordId,
      kind: 'intervention',
      actorId: s.viewer.userId,
      data: {
        interventionId: row.id,
        measure: body.measure,
        assigneeIds: body.assigneeIds,
        dueDate: row.dueDate,
      },
    });
    await refreshWarning(scope, s.studentId, s.viewer.userId);
  }
  const notice = await getNoticeSetting(scope, 'interventionAssigned');
  if (notice.enabled && notice.parties.includes('assignees')) {
    const student = await findStudent(scope, s.studentId);
    await notify(
      scope,
      'CRISIS_INTERVENTION_ASSIGNED',
      body.assigneeIds.filter((id) => id !== s.viewer.userId),
      {
        studentName: student?.realName ?? '',
        measure: MEASURE_NAMES[body.measure] ?? '',
        dueDate: row.dueDate ?? '',
      },
    );
  }
  return (await toInterventions(scope, s.viewer, [row], lang))[0]!;
}

/** Orders in reach, or naming the caller. */
export async function pageInterventions(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: {
    current: number;
    size: number;
    recordId?: number | undefined;
    focusId?: number | undefined;
    mine?: boolean | undefined;
    status?: number | undefined;
    area?: 'crisis' | 'focus' | undefined;
  },
) {
  const v = await loadViewer(scope, p, q.area === 'focus' || q.focusId !== undefined ? 'focus' : 'crisis');
  const { rows, total } = await findInterventionPage(
    scope,
    q.mine ? { all: true } : v.read,
    { ...q, assigneeId: q.mine ? v.userId : undefined, orAssignedTo: q.mine ? null : v.userId },
    pageWindow(q),
  );
  return pageAnswer(q, await toInterventions(scope, v, rows, lang), total);
}

async function requireIntervention(scope: TenantScope, v: CrisisViewer, id: number, lock = false) {
  const row = await findIntervention(scope, id, lock);
  if (!row) throw notFound('intervention order');
  const assigned = row.assigneeIds.includes(v.userId);
  if (!assigned && !covers(v.read, row.studentDeptId)) throw notFound('intervention order');
  return { row, assigned };
}

export async function interventionDetail(scope: TenantScope, p: Principal, lang: Lang, id: number) {
  const crisis = await loadViewer(scope, p, 'crisis');
  const order = await findIntervention(scope, id);
  const v = order?.focusId != null ? await loadViewer(scope, p, 'focus') : crisis;
  const { row } = await requireIntervention(scope, v, id);
  return (await toInterventions(scope, v, [row], lang))[0]!;
}

/** A receipt by an assignee: the order is done (more receipts may follow). */
export async function addReceipt(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { interventionId: number; content: string },
) {
  const v = await loadViewer(scope, p, 'crisis');
  const { row, assigned } = await requireIntervention(scope, v, body.interventionId, true);
  if (!assigned) throw forbidden('only an assignee of the order files its receipt');
  await insertReceipt(scope, { interventionId: row.id, authorId: v.userId, content: body.content });
  const next = nextState(INTERVENTION_MACHINE, row.status as 1 | 2, 'receipt');
  if (next !== row.status) await setInterventionStatus(scope, row.id, next!);
  if (row.recordId !== null) {
    await insertEvent(scope, {
      recordId: row.recordId,
      kind: 'receipt',
      actorId: v.userId,
      data: { interventionId: row.id },
    });
  }
  const updated = (await findIntervention(scope, row.id))!;
  return (await toInterventions(scope, v, [updated], lang))[0]!;
}

// ---------------------------------------------------------------- follow-ups

/** A follow-up (trackDate: not in the future, at most 7 days back, S1.5.10); a key person's plan moves on. */
export async function saveFollowUp(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    recordId?: number | undefined;
    focusId?: number | undefined;
    trackDate: string;
    methodId?: number | undefined;
    content: string;
  },
  now = new Date(),
) {
  const s = await resolveSubject(scope, p, body, 'care');
  const issue = checkTrackDate(body.trackDate, now);
  if (issue) {
    const label = lang === 'en-US' ? 'Tracking date' : '跟踪日期';
    throw badRequest(
      'trackDate',
      formatFormError(
        { field: 'trackDate', key: issue, params: { field: 'trackDate', days: 7 } },
        lang,
        label,
      ),
    );
  }
  if (body.methodId !== undefined) {
    const usable = await findUsableFocusSettingIds(scope, FOCUS_SETTING_TYPE.followUpMethod, [body.methodId]);
    if (!usable.has(body.methodId))
      throw badRequest('methodId', 'not an enabled follow-up method of the school');
  }
  const row = await insertFollowUp(scope, {
    recordId: s.recordId,
    focusId: s.focusId,
    studentId: s.studentId,
    studentDeptId: s.studentDeptId,
    trackDate: body.trackDate,
    methodId: body.methodId ?? null,
    content: body.content,
    authorId: s.viewer.userId,
  });
  if (s.recordId !== null) {
    await insertEvent(scope, {
      recordId: s.recordId,
      kind: 'followup',
      actorId: s.viewer.userId,
      data: { followUpId: row.id, trackDate: body.trackDate },
    });
  }
  if (s.focusId !== null) await touchFocusPlan(scope, s.focusId, body.trackDate);
  return (await toFollowUps(scope, s.viewer, [row], lang))[0]!;
}

export async function pageFollowUps(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: {
    current: number;
    size: number;
    recordId?: number | undefined;
    focusId?: number | undefined;
    studentId?: number | undefined;
  },
) {
  const v = await loadViewer(scope, p, q.focusId !== undefined ? 'focus' : 'crisis');
  const { rows, total } = await findFollowUpPage(scope, v.read, q, pageWindow(q));
  return pageAnswer(q, await toFollowUps(scope, v, rows, lang), total);
}

// ---------------------------------------------------------------- suspension and return

async function toSuspensions(scope: TenantScope, v: CrisisViewer, rows: SuspensionRow[]) {
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => ({
    id: r.id,
    student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
    recordId: r.recordId,
    status: r.status,
    suspendedOn: r.suspendedOn,
    reason: r.reason,
    expectedReturn: r.expectedReturn,
    returnAssessmentId: r.returnAssessmentId,
    returnedOn: r.returnedOn,
    createdBy: personRef(loaded.names, r.createdBy)!,
    actions: covers(v.work, r.studentDeptId)
      ? availableActions(SUSPENSION_MACHINE, r.status as 1 | 2 | 3)
      : [],
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  }));
}

async function requireSuspension(
  scope: TenantScope,
  v: CrisisViewer,
  id: number,
  work: boolean,
  lock = false,
) {
  const row = await findSuspension(scope, id, lock);
  if (!row || !covers(v.read, row.studentDeptId)) throw notFound('suspension');
  if (work && !covers(v.work, row.studentDeptId))
    throw forbidden('you may read this suspension but not change it');
  return row;
}

interface SuspensionRequest {
  studentId: number;
  recordId?: number | undefined;
  suspendedOn: string;
  reason: string;
  expectedReturn?: string | undefined;
}

/** Writes a suspension (the request as checked, or as approved). */
export async function applySuspension(scope: TenantScope, body: SuspensionRequest, actorId: number) {
  const student = await findStudent(scope, body.studentId);
  const row = await insertSuspension(scope, {
    studentId: body.studentId,
    studentDeptId: student?.deptId ?? null,
    recordId: body.recordId ?? null,
    suspendedOn: body.suspendedOn,
    reason: body.reason,
    expectedReturn: body.expectedReturn ?? null,
    createdBy: actorId,
  });
  if (row.recordId !== null)
    await insertEvent(scope, {
      recordId: row.recordId,
      kind: 'suspension',
      actorId,
      data: { suspensionId: row.id },
    });
  return row;
}

export async function saveSuspension(scope: TenantScope, p: Principal, body: SuspensionRequest) {
  const v = await loadViewer(scope, p, 'crisis');
  const student = await findStudent(scope, body.studentId);
  if (!student || !covers(v.work, student.deptId))
    throw badRequest('studentId', 'not a student in your reach');
  if (body.recordId !== undefined) {
    const { record } = await requireRecord(scope, v, body.recordId, 'work');
    if (record.studentId !== body.studentId)
      throw badRequest('recordId', 'the record is about another student');
  }
  if (body.expectedReturn !== undefined && body.expectedReturn < body.suspendedOn)
    throw badRequest('expectedReturn', 'must not be before the suspension');
  const approvalId = await requestApprovalIfNeeded(scope, v, {
    kind: 'suspension',
    targetId: null,
    studentId: body.studentId,
    request: { ...body },
  });
  if (approvalId !== null) return { suspension: null, approvalId };
  const row = await applySuspension(scope, body, v.userId);
  return { suspension: (await toSuspensions(scope, v, [row]))[0]!, approvalId: null };
}

export async function pageSuspensions(
  scope: TenantScope,
  p: Principal,
  q: { current: number; size: number; status?: number | undefined; studentId?: number | undefined },
) {
  const v = await loadViewer(scope, p, 'crisis');
  const { rows, total } = await findSuspensionPage(scope, v.read, q, pageWindow(q));
  return pageAnswer(q, await toSuspensions(scope, v, rows), total);
}

export async function suspensionDetail(scope: TenantScope, p: Principal, id: number, route: string) {
  const v = await loadViewer(scope, p, 'crisis');
  const row = await requireSuspension(scope, v, id, false);
  const assessments = await findAssessmentsOfSuspension(scope, id);
  await logRead(scope, v, { subjectKind: 'suspension', subjectId: id, studentId: row.studentId, route });
  return {
    ...(await toSuspensions(scope, v, [row]))[0]!,
    assessments: await toAssessments(scope, v, assessments),
  };
}

type SuspensionAction = 'applyReturn' | 'return' | 'keep';

/** Moves a suspension through its table; `return` needs a return assessment that allows it. */
export async function applySuspensionTransition(
  scope: TenantScope,
  id: number,
  body: { action: SuspensionAction; assessmentId?: number | undefined; returnedOn?: string | undefined },
  _actorId: number,
  now = new Date(),
) {
  const row = (await findSuspension(scope, id, true))!;
  const to = nextState(SUSPENSION_MACHINE, row.status as 1 | 2 | 3, body.action);
  if (to === null) throw badRequest('action', `a suspension in status ${row.status} cannot ${body.action}`);
  if (body.action === 'return') {
    const assessment =
      body.assessmentId !== undefined ? await findAssessment(scope, body.assessmentId) : null;
    if (!assessment || assessment.suspensionId !== id || assessment.kind !== 'return')
      throw badRequest('assessmentId', 'a return assessment of this suspension is required');
    if (!allowsReturn(assessment.returnConclusion))
      throw badRequest('action', 'the return assessment says the student is not yet fit to return');
    return updateSuspension(scope, id, {
      status: to,
      returnAssessmentId: assessment.id,
      returnedOn: body.returnedOn ?? calendarDay(now),
    });
  }
  return updateSuspension(scope, id, { status: to });
}

export async function transitionSuspension(
  scope: TenantScope,
  p: Principal,
  body: {
    id: number;
    action: SuspensionAction;
    assessmentId?: number | undefined;
    returnedOn?: string | undefined;
  },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'crisis');
  const row = await requireSuspension(scope, v, body.id, true, true);
  if (nextState(SUSPENSION_MACHINE, row.status as 1 | 2 | 3, body.action) === null)
    throw badRequest('action', `a suspension in status ${row.status} cannot ${body.action}`);
  if (body.action === 'return') {
    // Checked now, so an approval is asked only for a return the assessment allows.
    const assessment =
      body.assessmentId !== undefined ? await findAssessment(scope, body.assessmentId) : null;
    if (!assessment || assessment.suspensionId !== row.id || assessment.kind !== 'return')
      throw badRequest('assessmentId', 'a return assessment of this suspension is required');
    if (!allowsReturn(assessment.returnConclusion))
      throw badRequest('action', 'the return assessment says the student is not yet fit to return');
    const approvalId = await requestApprovalIfNeeded(scope, v, {
      kind: 'return',
      targetId: row.id,
      studentId: row.studentId,
      request: { action: body.action, assessmentId: body.assessmentId, returnedOn: body.returnedOn },
    });
    if (approvalId !== null) return { suspension: (await toSuspensions(scope, v, [row]))[0]!, approvalId };
  }
  const updated = await applySuspensionTransition(scope, row.id, body, v.userId, now);
  return { suspension: (await toSuspensions(scope, v, [updated]))[0]!, approvalId: null };
}

// ---------------------------------------------------------------- green channel

async function toGreenways(scope: TenantScope, v: CrisisViewer, rows: GreenwayRow[]) {
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.flatMap((r) => [...r.escortIds, r.createdBy]),
  );
  return rows.map((r) => ({
    id: r.id,
    recordId: r.recordId,
    student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
    hospital: r.hospital,
    referredAt: r.referredAt.toISOString(),
    escorts: peopleRefs(loaded.names, r.escortIds),
    guardianNotified: r.guardianNotified,
    note: r.note,
    status: r.status,
    result: r.result,
    createdBy: personRef(loaded.names, r.createdBy)!,
    actions: covers(v.work, r.studentDeptId) ? availableActions(GREENWAY_MACHINE, r.status as 1 | 2 | 3) : [],
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  }));
}

interface GreenwayRequest {
  recordId: number;
  hospital: string;
  referredAt: string;
  escortIds: number[];
  guardianNotified: boolean;
  note?: string | undefined;
}

export async function applyGreenway(scope: TenantScope, body: GreenwayRequest, actorId: number) {
  const record = (await findRecord(scope, body.recordId))!;
  const row = await insertGreenway(scope, {
    recordId: record.id,
    studentId: record.studentId,
    studentDeptId: record.studentDeptId,
    hospital: body.hospital,
    referredAt: new Date(body.referredAt),
    escortIds: body.escortIds,
    guardianNotified: body.guardianNotified,
    note: body.note ?? null,
    createdBy: actorId,
  });
  await insertEvent(scope, {
    recordId: record.id,
    kind: 'greenway',
    actorId,
    data: { greenwayId: row.id, hospital: body.hospital },
  });
  return row;
}

export async function saveGreenway(scope: TenantScope, p: Principal, body: GreenwayRequest) {
  const v = await loadViewer(scope, p, 'crisis');
  const { record } = await requireRecord(scope, v, body.recordId, 'work');
  if (record.status === 3) throw badRequest('recordId', 'the record is closed');
  const live = await findLiveUserIds(scope, body.escortIds);
  if (body.escortIds.some((id) => !live.has(id)))
    throw badRequest('escortIds', 'not an active user of the school');
  const approvalId = await requestApprovalIfNeeded(scope, v, {
    kind: 'greenway',
    targetId: record.id,
    studentId: record.studentId,
    request: { ...body },
  });
  if (approvalId !== null) return { greenway: null, approvalId };
  const row = await applyGreenway(scope, body, v.userId);
  return { greenway: (await toGreenways(scope, v, [row]))[0]!, approvalId: null };
}

async function requireGreenway(scope: TenantScope, v: CrisisViewer, id: number, work: boolean, lock = false) {
  const row = await findGreenway(scope, id, lock);
  if (!row || !covers(v.read, row.studentDeptId)) throw notFound('green-channel referral');
  if (work && !covers(v.work, row.studentDeptId))
    throw forbidden('you may read this referral but not change it');
  return row;
}

export async function pageGreenways(
  scope: TenantScope,
  p: Principal,
  q: { current: number; size: number; status?: number | undefined; recordId?: number | undefined },
) {
  const v = await loadViewer(scope, p, 'crisis');
  const { rows, total } = await findGreenwayPage(scope, v.read, q, pageWindow(q));
  return pageAnswer(q, await toGreenways(scope, v, rows), total);
}

export async function greenwayDetail(scope: TenantScope, p: Principal, id: number, route: string) {
  const v = await loadViewer(scope, p, 'crisis');
  const row = await requireGreenway(scope, v, id, false);
  await logRead(scope, v, { subjectKind: 'greenway', subjectId: id, studentId: row.studentId, route });
  return (await toGreenways(scope, v, [row]))[0]!;
}

export async function transitionGreenway(
  scope: TenantScope,
  p: Principal,
  body: { id: number; action: 'admit' | 'finish'; result?: string | undefined },
) {
  const v = await loadViewer(scope, p, 'crisis');
  const row = await requireGreenway(scope, v, body.id, true, true);
  const to = nextState(GREENWAY_MACHINE, row.status as 1 | 2 | 3, body.action);
  if (to === null) throw badRequest('action', `a referral in status ${row.status} cannot ${body.action}`);
  const updated = await updateGreenway(scope, row.id, { status: to, result: body.result ?? row.result });
  await insertEvent(scope, {
    recordId: row.recordId,
    kind: 'greenway',
    actorId: v.userId,
    data: { greenwayId: row.id, action: body.action },
  });
  return (await toGreenways(scope, v, [updated]))[0]!;
}
