import { checkTrackDate, JOURNAL_MACHINE, nextState } from '@psy/crisis-rules';
import { formatFormError } from '@psy/forms';
import { calendarDayRange, type Lang } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { Principal } from '../../core/http/context';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import {
  covers,
  loadNames,
  loadViewer,
  logRead,
  personRef,
  studentRef,
  type CrisisViewer,
} from './crisis.context';
import {
  findFeedbackStatistics,
  findFocus,
  findJournal,
  findJournalCounts,
  findJournalEntries,
  findJournalFeedback,
  findJournalPage,
  findOpenJournalsOf,
  insertJournal,
  insertJournalEntry,
  insertJournalFeedback,
  setFeedbackRecord,
  touchJournal,
  updateJournal,
  type JournalRow,
} from './focus.repository';
import { findRecord } from './crisis.repository';
import { findStudent } from './network.repository';
import { reportSignal } from './intake.service';

async function toJournals(scope: TenantScope, v: CrisisViewer, rows: JournalRow[]) {
  const counts = await findJournalCounts(
    scope,
    rows.map((r) => r.id),
  );
  const loaded = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    rows.map((r) => r.ownerId),
  );
  return rows.map((r) => {
    const c = counts.get(r.id);
    return {
      id: r.id,
      student: studentRef(v, loaded.students.get(r.studentId), r.studentId),
      owner: personRef(loaded.names, r.ownerId)!,
      focusId: r.focusId,
      recordId: r.recordId,
      title: r.title,
      status: r.status,
      entries: c?.entries ?? 0,
      feedbacks: c?.feedbacks ?? 0,
      lastFeedbackAt: c?.lastFeedbackAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
    };
  });
}

/** The journal if the caller owns it or reaches its student (`work`: may write in it). */
async function requireJournal(scope: TenantScope, v: CrisisViewer, id: number, work: boolean) {
  const row = await findJournal(scope, id);
  if (!row) throw notFound('journal');
  if (row.ownerId === v.userId || covers(v.work, row.studentDeptId)) return row;
  if (!work && covers(v.read, row.studentDeptId)) return row;
  if (covers(v.read, row.studentDeptId)) throw forbidden('you may read this journal but not write in it');
  throw notFound('journal');
}

/** Opens a follow-up journal for a student in the caller's reach. */
export async function openJournal(
  scope: TenantScope,
  p: Principal,
  body: {
    studentId: number;
    focusId?: number | undefined;
    recordId?: number | undefined;
    title?: string | undefined;
  },
) {
  const v = await loadViewer(scope, p, 'focus');
  const student = await findStudent(scope, body.studentId);
  if (!student || !covers(v.work, student.deptId))
    throw badRequest('studentId', 'not a student in your reach');
  // A journal filed under a key-person entry or a crisis record is about that entry's student.
  if (body.focusId !== undefined && (await findFocus(scope, body.focusId))?.studentId !== student.id)
    throw badRequest('focusId', 'not a key-person entry of this student');
  if (body.recordId !== undefined && (await findRecord(scope, body.recordId))?.studentId !== student.id)
    throw badRequest('recordId', 'not a crisis record of this student');
  const row = await insertJournal(scope, {
    studentId: student.id,
    studentDeptId: student.deptId,
    ownerId: v.userId,
    focusId: body.focusId ?? null,
    recordId: body.recordId ?? null,
    title: body.title?.trim() || `${student.realName} 回访日志`,
  });
  return (await toJournals(scope, v, [row]))[0]!;
}

export async function pageJournals(
  scope: TenantScope,
  p: Principal,
  q: { current: number; size: number; status?: number | undefined; studentId?: number | undefined },
) {
  const v = await loadViewer(scope, p, 'focus');
  const { rows, total } = await findJournalPage(
    scope,
    { reach: v.read, ownerId: v.userId, ...q },
    pageWindow(q),
  );
  return pageAnswer(q, await toJournals(scope, v, rows), total);
}

/** A journal with its entries and the student's answers; the read is logged. */
export async function journalDetail(scope: TenantScope, p: Principal, id: number, route: string) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await requireJournal(scope, v, id, false);
  const entries = await findJournalEntries(scope, id);
  const feedback = await findJournalFeedback(scope, id);
  const { names } = await loadNames(
    scope,
    [],
    entries.map((e) => e.authorId),
  );
  await logRead(scope, v, { subjectKind: 'journal', subjectId: id, studentId: row.studentId, route });
  return {
    ...(await toJournals(scope, v, [row]))[0]!,
    entryList: entries.map((e) => ({
      id: e.id,
      author: personRef(names, e.authorId)!,
      entryDate: e.entryDate,
      content: e.content,
      createTime: e.createdAt.toISOString(),
    })),
    feedbackList: feedback.map(toFeedback),
  };
}

const toFeedback = (f: Awaited<ReturnType<typeof findJournalFeedback>>[number]) => ({
  id: f.id,
  mood: f.mood,
  needHelp: f.needHelp,
  note: f.note,
  recordId: f.recordId,
  createTime: f.createdAt.toISOString(),
});

/** A staff entry; its date follows the trackDate rule. */
export async function writeJournalEntry(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { journalId: number; entryDate: string; content: string },
  now = new Date(),
) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await requireJournal(scope, v, body.journalId, true);
  if (row.status !== 1) throw badRequest('journalId', 'the journal is closed');
  const issue = checkTrackDate(body.entryDate, now);
  if (issue)
    throw badRequest(
      'entryDate',
      formatFormError(
        { field: 'entryDate', key: issue, params: { field: 'entryDate', days: 7 } },
        lang,
        lang === 'en-US' ? 'Date' : '日期',
      ),
    );
  await insertJournalEntry(scope, {
    journalId: row.id,
    authorId: v.userId,
    entryDate: body.entryDate,
    content: body.content,
  });
  await touchJournal(scope, row.id);
  return (await toJournals(scope, v, [row]))[0]!;
}

export async function transitionJournal(
  scope: TenantScope,
  p: Principal,
  body: { id: number; action: 'close' | 'reopen' },
) {
  const v = await loadViewer(scope, p, 'focus');
  const row = await requireJournal(scope, v, body.id, true);
  const to = nextState(JOURNAL_MACHINE, row.status as 1 | 2, body.action);
  if (to === null) throw badRequest('action', `a journal in status ${row.status} cannot ${body.action}`);
  const updated = await updateJournal(scope, row.id, { status: to });
  return (await toJournals(scope, v, [updated]))[0]!;
}

/** The student answers; "I need help now" raises a signal (source `journal`). */
export async function answerJournal(
  scope: TenantScope,
  p: Principal,
  body: { journalId: number; mood: number; needHelp: number; note?: string | undefined },
  now = new Date(),
) {
  const row = await findJournal(scope, body.journalId);
  if (!row || row.studentId !== p.userId) throw notFound('journal');
  if (row.status !== 1) throw badRequest('journalId', 'the journal is closed');
  let saved = await insertJournalFeedback(scope, {
    journalId: row.id,
    studentId: p.userId,
    mood: body.mood,
    needHelp: body.needHelp,
    note: body.note ?? null,
  });
  if (body.needHelp === 1) {
    const { recordId } = await reportSignal(
      scope,
      {
        source: 'journal',
        studentId: p.userId,
        reporterId: p.userId,
        sourceRef: `journal-feedback:${saved.id}`,
        summary: body.note ?? null,
        urgent: true,
      },
      now,
    );
    saved = await setFeedbackRecord(scope, saved.id, recordId);
  }
  await touchJournal(scope, row.id);
  return toFeedback(saved);
}

/** The student's own open journals (without the staff's entries). */
export async function myJournals(scope: TenantScope, p: Principal, q: { current: number; size: number }) {
  const { rows, total } = await findOpenJournalsOf(scope, p.userId, pageWindow(q));
  const counts = await findJournalCounts(
    scope,
    rows.map((r) => r.id),
  );
  const { names } = await loadNames(
    scope,
    [],
    rows.map((r) => r.ownerId),
  );
  return pageAnswer(
    q,
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      owner: personRef(names, r.ownerId)!,
      createTime: r.createdAt.toISOString(),
      lastFeedbackAt: counts.get(r.id)?.lastFeedbackAt?.toISOString() ?? null,
    })),
    total,
  );
}

/** Answers by mood and help requests by month, in reach. */
export async function feedbackStatistics(
  scope: TenantScope,
  p: Principal,
  q: { from?: string | undefined; to?: string | undefined },
) {
  const v = await loadViewer(scope, p, 'focus');
  const { from, to } = calendarDayRange(q.from, q.to);
  const rows = await findFeedbackStatistics(scope, v.read, from, to);
  const moods: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  const months = new Map<string, { answers: number; helpRequests: number }>();
  let answers = 0;
  let helpRequests = 0;
  for (const r of rows) {
    answers += r.n;
    moods[String(r.mood)] = (moods[String(r.mood)] ?? 0) + r.n;
    const m = months.get(r.month) ?? { answers: 0, helpRequests: 0 };
    m.answers += r.n;
    if (r.needHelp === 1) {
      helpRequests += r.n;
      m.helpRequests += r.n;
    }
    months.set(r.month, m);
  }
  return {
    answers,
    moods,
    helpRequests,
    byMonth: [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, m]) => ({ month, ...m })),
  };
}
