import { FOCUS_SETTING_TYPE, type FocusLevel, type Lang } from '@psy/contracts';
import {
  addDays,
  AUDIT_MACHINE,
  calendarDay,
  checkTrackDate,
  nextFollowUpDue,
  nextState,
} from '@psy/crisis-rules';
import { formatFormError } from '@psy/forms';
import type { Database, TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { Principal } from '../../core/http/context';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { JobRecord } from '../../core/jobs/queue';
import { findTenantIds } from '../tenants';
import { findFocusSettingNames, findUsableFocusSettingIds } from '../focus-settings';
import {
  findFollowUpPage,
  findInterventionPage,
  isAssignedOnFocus,
  findLatestAssessment,
} from './care.repository';
import { toFollowUps, toInterventions } from './care.mapping';
import {
  covers,
  getCrisisSetting,
  getNoticeSetting,
  loadNames,
  loadViewer,
  logRead,
  notify,
  personRef,
  studentRef,
  type CrisisViewer,
} from './crisis.context';
import { findRecordsOfStudent, type RecordRow } from './crisis.repository';
import { computeLadder } from './escalation.service';
import {
  findDormReport,
  findDormReportPage,
  findFocus,
  findFocusPage,
  findFocusReport,
  findFocusReportPage,
  findFocusToRemind,
  findLiveFocusOfStudent,
  findTalk,
  findTalkPage,
  insertDormReport,
  insertFocus,
  insertFocusReport,
  insertTalk,
  setDormReportItems,
  setTalkRecord,
  updateFocus,
  updateFocusReport,
  type DormReportRow,
  type FocusReportRow,
  type FocusRow,
  type TalkRow,
} from './focus.repository';
import { findDormitory, findDormitoryMembers, findPeople, findStudent } from './network.repository';
import { reportSignal } from './intake.service';
import { toRecordSummaries } from './records.mapping';
import { currentFlag, refreshWarning } from './warning.service';
import { requestApprovalIfNeeded } from './approval.request';

const TRACK_LABEL: Record<Lang, string> = { 'zh-CN': '日期', 'en-US': 'Date' };

function trackDateOrThrow(field: string, value: string, lang: Lang, now: Date) {
  const issue = checkTrackDate(value, now);
  if (issue)
    throw badRequest(
      field,
      formatFormError({ field, key: issue, params: { field, days: 7 } }, lang, TRACK_LABEL[lang]),
    );
}

async function checkSettingIds(scope: TenantScope, type: number, ids: number[], field: string) {
  const usable = await findUsableFocusSettingIds(scope, type, ids);
  if (ids.some((id) => !usable.has(id)))
    throw badRequest(field, 'not an enabled entry of the school’s key-person settings');
}

// ---------------------------------------------------------------- key persons

/** The key person if the caller reaches its student (`care`: works it or is assigned an order on it). */
export async function requireFocus(
  scope: TenantScope,
  v: CrisisViewer,
  id: number,
  need: 'read' | 'care' | 'work',
  lock = false,
) {
  const row = await findFocus(scope, id, lock);
  if (!row) throw notFound('key person');
  if (covers(v.work, row.studentDeptId)) return row;
  const assigned = need !== 'work' && (await isAssignedOnFocus(scope, id, v.userId));
  if (need === 'read' && covers(v.read, row.studentDeptId)) return row;
  if (assigned) return row;
  if (covers(v.read, row.studentDeptId)) throw forbidden('you may read this key person but not change it');
  throw notFound('key person');
}

async function planOf(scope: TenantScope, level: FocusLevel, since: string, lastTrackDate: string | null) {
  const setting = await getCrisisSetting(scope, 'followUp');
  return nextFollowUpDue(level, since, lastTrackDate, setting.followUpDays);
}

/** A follow-up of a key person was recorded: the plan moves on from its trackDate. */
export async function touchFocusPlan(scope: TenantScope, focusId: number, trackDate: string) {
  const row = (await findFocus(scope, focusId, true))!;
  const last = row.lastTrackDate && row.lastTrackDate > trackDate ? row.lastTrackDate : trackDate;
  await updateFocus(scope, focusId, {
    lastTrackDate: last,
    nextDue: await planOf(scope, row.level as FocusLevel, row.since, last),
  });
}

/**
 * After a record closes: its latest assessment's attention level (1-3) makes the student a key person
 * with a follow-up plan, or sets the level of the one they are.
 */
export async function ensureFocusFromRecord(
  scope: TenantScope,
  record: RecordRow,
  actorId: number,
  now = new Date(),
) {
  const level = record.collegeLevel ?? (await findLatestAssessment(scope, record.id))?.collegeLevel ?? null;
  if (level === null || level < 1 || level > 3) return null;
  const live = await findLiveFocusOfStudent(scope, record.studentId);
  if (live) {
    if (live.level === level) return live;
    return updateFocus(scope, live.id, {
      level,
      nextDue: await planOf(scope, level as FocusLevel, live.since, live.lastTrackDate),
    });
  }
  const since = calendarDay(now);
  return insertFocus(scope, {
    studentId: record.studentId,
    studentDeptId: record.studentDeptId,
    level,
    sourceRecordId: record.id,
    since,
    nextDue: await planOf(scope, level as FocusLevel, since, null),
    createdBy: actorId,
  });
}

async function toFocusRows(scope: TenantScope, v: CrisisViewer, rows: FocusRow[], lang: Lang, today: string) {
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.map((r) => r.createdBy).filter((id): id is number => id !== null),
  );
  const settings = await findFocusSettingNames(
    scope,
    rows.flatMap((r) => [...r.categoryIds, ...(r.reportSourceId !== null ? [r.reportSourceId] : [])]),
    lang,
  );
  const opt = (id: number) => ({ id, name: settings.get(id)?.name ?? `#${id}` });
  return rows.map((r) => ({
    id: r.id,
    student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
    status: r.status,
    categories: r.categoryIds.map(opt),
    level: r.level,
    reportSource: r.reportSourceId !== null ? opt(r.reportSourceId) : null,
    since: r.since,
    nextDue: r.nextDue,
    lastTrackDate: r.lastTrackDate,
    overdue: r.status === 1 && r.nextDue !== null && r.nextDue < today,
    sourceRecordId: r.sourceRecordId,
    note: r.note,
    createdBy: personRef(loaded.names, r.createdBy),
    createTime: r.createdAt.toISOString(),
    releasedAt: r.releasedAt?.toISOString() ?? null,
    releaseReason: r.releaseReason,
  }));
}

export async function pageFocus(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: {
    current: number;
    size: number;
    status: number;
    level?: number | undefined;
    categoryId?: number | undefined;
    studentName?: string | undefined;
    dueBy?: string | undefined;
  },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'focus');
  const { rows, total } = await findFocusPage(
    scope,
    v.read,
    { ...q, studentName: q.studentName || undefined },
    pageWindow(q),
  );
  return pageAnswer(q, await toFocusRows(scope, v, rows, lang, calendarDay(now)), total);
}

/** Key persons due by a day (default today). */
export function dueFollowUps(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: { current: number; size: number; dueBy?: string | undefined; level?: number | undefined },
  now = new Date(),
) {
  return pageFocus(scope, p, lang, { ...q, status: 1, dueBy: q.dueBy ?? calendarDay(now) }, now);
}

/** The key person's page (`/focusCase_info`); the read is logged. */
export async function focusDetail(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  id: number,
  route: string,
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await requireFocus(scope, v, id, 'read');
  const [base] = await toFocusRows(scope, v, [row], lang, calendarDay(now));
  const window = { offset: 0, limit: 100 };
  const followUps = await findFollowUpPage(scope, { all: true }, { focusId: id }, window);
  const orders = await findInterventionPage(scope, { all: true }, { focusId: id }, window);
  const talks = await findTalkPage(scope, { all: true }, { studentId: row.studentId }, window);
  const crisisViewer = await loadViewer(scope, p, 'crisis');
  const records = covers(crisisViewer.read, row.studentDeptId)
    ? await findRecordsOfStudent(scope, row.studentId)
    : [];
  await logRead(scope, v, {
    subjectKind: 'focus',
    subjectId: id,
    studentId: row.studentId,
    route,
    phoneShown: base!.student.phone !== null,
  });
  return {
    ...base!,
    followUps: await toFollowUps(scope, v, followUps.rows, lang),
    interventions: await toInterventions(scope, v, orders.rows, lang),
    talks: await toTalks(scope, v, talks.rows, lang),
    records: await toRecordSummaries(scope, crisisViewer, records),
    warningFlag: await currentFlag(scope, row.studentId),
  };
}

/** Makes a student a key person, or changes categories, level or note (the plan follows the level). */
export async function saveFocus(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    id?: number | undefined;
    studentId?: number | undefined;
    categoryIds: number[];
    level: number;
    reportSourceId?: number | undefined;
    note?: string | undefined;
  },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'focus');
  await checkSettingIds(scope, FOCUS_SETTING_TYPE.focusCategory, body.categoryIds, 'categoryIds');
  if (body.reportSourceId !== undefined)
    await checkSettingIds(scope, FOCUS_SETTING_TYPE.reportSource, [body.reportSourceId], 'reportSourceId');
  let row: FocusRow;
  if (body.id !== undefined) {
    const stored = await requireFocus(scope, v, body.id, 'work', true);
    if (stored.status !== 1) throw badRequest('id', 'the key person was released');
    row = await updateFocus(scope, stored.id, {
      categoryIds: body.categoryIds,
      level: body.level,
      reportSourceId: body.reportSourceId ?? stored.reportSourceId,
      note: body.note ?? stored.note,
      nextDue: await planOf(scope, body.level as FocusLevel, stored.since, stored.lastTrackDate),
    });
  } else {
    if (body.studentId === undefined) throw badRequest('studentId', 'required for a new key person');
    const student = await findStudent(scope, body.studentId);
    if (!student || !covers(v.work, student.deptId))
      throw badRequest('studentId', 'not a student in your reach');
    if (await findLiveFocusOfStudent(scope, student.id))
      throw badRequest('studentId', 'already a key person');
    const since = calendarDay(now);
    row = await insertFocus(scope, {
      studentId: student.id,
      studentDeptId: student.deptId,
      categoryIds: body.categoryIds,
      level: body.level,
      reportSourceId: body.reportSourceId ?? null,
      since,
      nextDue: await planOf(scope, body.level as FocusLevel, since, null),
      note: body.note ?? null,
      createdBy: v.userId,
    });
  }
  await refreshWarning(scope, row.studentId, v.userId);
  return (await toFocusRows(scope, v, [row], lang, calendarDay(now)))[0]!;
}

export async function applyFocusRelease(
  scope: TenantScope,
  id: number,
  reason: string,
  actorId: number,
  now = new Date(),
) {
  const row = (await findFocus(scope, id, true))!;
  if (row.status !== 1) throw badRequest('id', 'the key person was released already');
  const updated = await updateFocus(scope, id, {
    status: 2,
    releasedAt: now,
    releasedBy: actorId,
    releaseReason: reason,
  });
  await refreshWarning(scope, row.studentId, actorId);
  return updated;
}

/** Ends the attention (or asks its approval). */
export async function releaseFocus(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { id: number; reason: string },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await requireFocus(scope, v, body.id, 'work', true);
  if (row.status !== 1) throw badRequest('id', 'the key person was released already');
  const approvalId = await requestApprovalIfNeeded(scope, v, {
    kind: 'focusRelease',
    targetId: row.id,
    studentId: row.studentId,
    request: { reason: body.reason },
  });
  if (approvalId !== null) return { focus: null, approvalId };
  const updated = await applyFocusRelease(scope, row.id, body.reason, v.userId, now);
  return { focus: (await toFocusRows(scope, v, [updated], lang, calendarDay(now)))[0]!, approvalId: null };
}

// ---------------------------------------------------------------- information updates and their audit

async function toFocusReports(scope: TenantScope, v: CrisisViewer, rows: FocusReportRow[], lang: Lang) {
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.flatMap((r) => [r.reporterId, ...(r.auditorId !== null ? [r.auditorId] : [])]),
  );
  const settings = await findFocusSettingNames(
    scope,
    rows.flatMap((r) => r.categoryIds),
    lang,
  );
  return rows.map((r) => ({
    id: r.id,
    student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
    reporter: personRef(loaded.names, r.reporterId)!,
    kind: r.kind,
    categories: r.categoryIds.map((id) => ({ id, name: settings.get(id)?.name ?? `#${id}` })),
    proposedLevel: r.proposedLevel,
    content: r.content,
    status: r.status,
    auditor: personRef(loaded.names, r.auditorId),
    auditComment: r.auditComment,
    auditedAt: r.auditedAt?.toISOString() ?? null,
    focusId: r.focusId,
    createTime: r.createdAt.toISOString(),
  }));
}

/** An information update; the auditors (faculty and centre heads of the student) are told. */
export async function saveFocusReport(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    studentId: number;
    kind: number;
    categoryIds: number[];
    proposedLevel?: number | undefined;
    content: string;
  },
) {
  const v = await loadViewer(scope, p, 'focus');
  const student = await findStudent(scope, body.studentId);
  if (!student || !covers(v.work, student.deptId))
    throw badRequest('studentId', 'not a student in your reach');
  await checkSettingIds(scope, FOCUS_SETTING_TYPE.focusCategory, body.categoryIds, 'categoryIds');
  const live = await findLiveFocusOfStudent(scope, student.id);
  if (body.kind === 2 && !live)
    throw badRequest('kind', 'the student is not a key person: propose them (kind 1)');
  const row = await insertFocusReport(scope, {
    studentId: student.id,
    studentDeptId: student.deptId,
    reporterId: v.userId,
    kind: body.kind,
    categoryIds: body.categoryIds,
    proposedLevel: body.proposedLevel ?? null,
    content: body.content,
    focusId: live?.id ?? null,
  });
  const ladder = await computeLadder(scope, student.deptId);
  const auditors = ladder.filter((r) => r.level === 2 || r.level === 3).flatMap((r) => r.userIds);
  await notify(
    scope,
    'FOCUS_REPORT_SUBMITTED',
    auditors.filter((id) => id !== v.userId),
    { studentName: student.realName, reporter: p.realName },
  );
  return (await toFocusReports(scope, v, [row], lang))[0]!;
}

export async function pageFocusReports(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: {
    current: number;
    size: number;
    box: 'mine' | 'all';
    status?: number | undefined;
    studentId?: number | undefined;
  },
) {
  const v = await loadViewer(scope, p, 'focus');
  const { rows, total } = await findFocusReportPage(
    scope,
    q.box === 'mine'
      ? { reach: null, reporterId: v.userId, status: q.status, studentId: q.studentId }
      : { reach: v.read, status: q.status, studentId: q.studentId },
    pageWindow(q),
  );
  return pageAnswer(q, await toFocusReports(scope, v, rows, lang), total);
}

async function requireFocusReport(scope: TenantScope, v: CrisisViewer, id: number, lock = false) {
  const row = await findFocusReport(scope, id, lock);
  if (!row || !(row.reporterId === v.userId || covers(v.read, row.studentDeptId)))
    throw notFound('information update');
  return row;
}

export async function focusReportDetail(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  id: number,
  route: string,
) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await requireFocusReport(scope, v, id);
  await logRead(scope, v, { subjectKind: 'focusReport', subjectId: id, studentId: row.studentId, route });
  return (await toFocusReports(scope, v, [row], lang))[0]!;
}

/** Case audit: approving makes or updates the key person; rejecting keeps the report with the comment. */
export async function auditFocusReport(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    id: number;
    approve: boolean;
    comment?: string | undefined;
    level?: number | undefined;
    categoryIds?: number[] | undefined;
  },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await requireFocusReport(scope, v, body.id, true);
  if (!covers(v.work, row.studentDeptId)) throw forbidden('you may read this update but not audit it');
  if (row.reporterId === v.userId && !v.school) throw forbidden('nobody audits their own report');
  const to = nextState(AUDIT_MACHINE, row.status as 1 | 2 | 3, body.approve ? 'approve' : 'reject');
  if (to === null) throw badRequest('id', 'the update was audited already');
  let focusId = row.focusId;
  if (body.approve) {
    const categories = body.categoryIds ?? row.categoryIds;
    await checkSettingIds(scope, FOCUS_SETTING_TYPE.focusCategory, categories, 'categoryIds');
    const level = (body.level ?? row.proposedLevel ?? 3) as FocusLevel;
    const live = await findLiveFocusOfStudent(scope, row.studentId);
    if (live) {
      await updateFocus(scope, live.id, {
        level,
        categoryIds: categories.length ? categories : live.categoryIds,
        nextDue: await planOf(scope, level, live.since, live.lastTrackDate),
      });
      focusId = live.id;
    } else {
      const since = calendarDay(now);
      const created = await insertFocus(scope, {
        studentId: row.studentId,
        studentDeptId: row.studentDeptId,
        categoryIds: categories,
        level,
        since,
        nextDue: await planOf(scope, level, since, null),
        createdBy: v.userId,
      });
      focusId = created.id;
    }
    await refreshWarning(scope, row.studentId, v.userId);
  }
  const updated = await updateFocusReport(scope, row.id, {
    status: to,
    auditorId: v.userId,
    auditComment: body.comment ?? null,
    auditedAt: now,
    focusId,
  });
  return (await toFocusReports(scope, v, [updated], lang))[0]!;
}

// ---------------------------------------------------------------- heart-to-heart talks

async function toTalks(scope: TenantScope, v: CrisisViewer, rows: TalkRow[], lang: Lang) {
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.map((r) => r.authorId),
  );
  const topics = await findFocusSettingNames(
    scope,
    rows.flatMap((r) => r.topicIds),
    lang,
  );
  return rows.map((r) => ({
    id: r.id,
    student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
    author: personRef(loaded.names, r.authorId)!,
    talkDate: r.talkDate,
    topics: r.topicIds.map((id) => ({ id, name: topics.get(id)?.name ?? `#${id}` })),
    content: r.content,
    finding: r.finding,
    recordId: r.recordId,
    createTime: r.createdAt.toISOString(),
  }));
}

/** A talk report; a risk finding raises a signal (source `talk`). */
export async function saveTalk(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { studentId: number; talkDate: string; topicIds: number[]; content: string; finding: number },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'focus');
  const student = await findStudent(scope, body.studentId);
  if (!student || !covers(v.work, student.deptId))
    throw badRequest('studentId', 'not a student in your reach');
  trackDateOrThrow('talkDate', body.talkDate, lang, now);
  await checkSettingIds(scope, FOCUS_SETTING_TYPE.talkTopic, body.topicIds, 'topicIds');
  let row = await insertTalk(scope, {
    studentId: student.id,
    studentDeptId: student.deptId,
    authorId: v.userId,
    talkDate: body.talkDate,
    topicIds: body.topicIds,
    content: body.content,
    finding: body.finding,
  });
  if (body.finding === 3) {
    const { recordId } = await reportSignal(
      scope,
      {
        source: 'talk',
        studentId: student.id,
        reporterId: v.userId,
        sourceRef: `talk:${row.id}`,
        summary: body.content.slice(0, 200),
      },
      now,
    );
    row = { ...row, recordId };
    await setTalkRecord(scope, row.id, recordId);
  }
  return (await toTalks(scope, v, [row], lang))[0]!;
}

export async function pageTalks(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: {
    current: number;
    size: number;
    studentId?: number | undefined;
    authorId?: number | undefined;
    finding?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const v = await loadViewer(scope, p, 'focus');
  const { rows, total } = await findTalkPage(scope, v.read, { ...q, orAuthor: v.userId }, pageWindow(q));
  return pageAnswer(q, await toTalks(scope, v, rows, lang), total);
}

export async function talkDetail(scope: TenantScope, p: Principal, lang: Lang, id: number, route: string) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await findTalk(scope, id);
  if (!row || !(row.authorId === v.userId || covers(v.read, row.studentDeptId)))
    throw notFound('talk report');
  await logRead(scope, v, { subjectKind: 'talk', subjectId: id, studentId: row.studentId, route });
  return (await toTalks(scope, v, [row], lang))[0]!;
}

// ---------------------------------------------------------------- dormitory leader reports

interface DormItem {
  studentId: number;
  note: string;
  risk: boolean;
  recordId: number | null;
}

async function toDormReports(scope: TenantScope, rows: DormReportRow[]) {
  const items = (r: DormReportRow) => r.items as DormItem[];
  const names = await findPeople(
    scope,
    rows.flatMap((r) => [r.leaderId, ...items(r).map((i) => i.studentId)]),
  );
  const dorms = new Map<number, string>();
  for (const r of rows) {
    if (!dorms.has(r.dormitoryId))
      dorms.set(r.dormitoryId, (await findDormitory(scope, r.dormitoryId))?.name ?? `#${r.dormitoryId}`);
  }
  return rows.map((r) => ({
    id: r.id,
    dormitory: { id: r.dormitoryId, name: dorms.get(r.dormitoryId)! },
    leader: personRef(names, r.leaderId)!,
    reportDate: r.reportDate,
    nothingAbnormal: r.nothingAbnormal,
    items: items(r).map((i) => ({
      student: personRef(names, i.studentId)!,
      note: i.note,
      risk: i.risk,
      recordId: i.recordId,
    })),
    createTime: r.createdAt.toISOString(),
  }));
}

/** A dormitory leader's report; each item at risk raises a signal (source `dormitory`). */
export async function saveDormReport(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    dormitoryId: number;
    reportDate: string;
    nothingAbnormal: boolean;
    items: { studentId: number; note: string; risk: boolean }[];
  },
  now = new Date(),
) {
  const dorm = await findDormitory(scope, body.dormitoryId);
  if (!dorm) throw notFound('dormitory');
  if (dorm.leaderId !== p.userId) throw forbidden('only the dormitory leader files its reports');
  trackDateOrThrow('reportDate', body.reportDate, lang, now);
  const members = new Set((await findDormitoryMembers(scope, [dorm.id])).map((m) => m.studentId));
  const ids = body.items.map((i) => i.studentId);
  if (new Set(ids).size !== ids.length) throw badRequest('items', 'one item per student');
  if (ids.some((id) => !members.has(id))) throw badRequest('items', 'only members of the dormitory');
  const row = await insertDormReport(scope, {
    dormitoryId: dorm.id,
    leaderId: p.userId,
    reportDate: body.reportDate,
    nothingAbnormal: body.nothingAbnormal,
    items: [],
  });
  const items: DormItem[] = [];
  for (const item of body.items) {
    let recordId: number | null = null;
    if (item.risk) {
      recordId = (
        await reportSignal(
          scope,
          {
            source: 'dormitory',
            studentId: item.studentId,
            reporterId: p.userId,
            sourceRef: `dorm:${row.id}:${item.studentId}`,
            summary: item.note,
          },
          now,
        )
      ).recordId;
    }
    items.push({ ...item, recordId });
  }
  const saved = await setDormReportItems(scope, row.id, items);
  return (await toDormReports(scope, [saved]))[0]!;
}

async function dormReach(scope: TenantScope, p: Principal) {
  if (!p.permissions.has('focus_dorm_report')) return null;
  return (await loadViewer(scope, p, 'focus')).read;
}

export async function pageDormReports(
  scope: TenantScope,
  p: Principal,
  q: {
    current: number;
    size: number;
    dormitoryId?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const { rows, total } = await findDormReportPage(
    scope,
    { ...q, leaderId: p.userId, reach: await dormReach(scope, p) },
    pageWindow(q),
  );
  return pageAnswer(q, await toDormReports(scope, rows), total);
}

export async function dormReportDetail(scope: TenantScope, p: Principal, id: number) {
  const row = await findDormReport(scope, id);
  if (!row) throw notFound('dormitory report');
  if (row.leaderId !== p.userId) {
    const { rows } = await findDormReportPage(
      scope,
      { leaderId: null, reach: await dormReach(scope, p), dormitoryId: row.dormitoryId },
      { offset: 0, limit: 1000 },
    );
    if (!rows.some((r) => r.id === id)) throw notFound('dormitory report');
  }
  return (await toDormReports(scope, [row]))[0]!;
}

// ---------------------------------------------------------------- the daily reminder

/** Tells the advisors (or, without one, the faculty heads) of key persons due soon; once per due date. */
export async function remindDueFollowUps(scope: TenantScope, now = new Date()) {
  const notice = await getNoticeSetting(scope, 'followUpDue');
  if (!notice.enabled) return 0;
  const setting = await getCrisisSetting(scope, 'followUp');
  const today = calendarDay(now);
  const due = await findFocusToRemind(scope, addDays(today, setting.remindDaysBefore));
  for (const f of due) {
    const ladder = await computeLadder(scope, f.studentDeptId);
    const to = (ladder[0]?.level ?? 4) <= 2 ? ladder[0]!.userIds : [];
    const student = await findStudent(scope, f.studentId);
    await notify(scope, 'FOCUS_FOLLOWUP_DUE', to, {
      studentName: student?.realName ?? '',
      dueDate: f.nextDue ?? '',
    });
    await updateFocus(scope, f.id, { remindedDue: f.nextDue });
  }
  return due.length;
}

/** The schedule's job: every school in turn, each in its own transaction. */
export function createFollowUpDueJob(deps: { database: Database }) {
  return async (_job: JobRecord) => {
    const tenants = await findTenantIds(deps.database.system);
    let told = 0;
    for (const tenantId of tenants)
      told += await deps.database.withTenant(tenantId, (scope) => remindDueFollowUps(scope));
    return { told };
  };
}
