import type { WarningFlag } from '@psy/contracts';
import { deriveWarningFlag, nextWarningFlag } from '@psy/crisis-rules';
import type { TenantScope } from '../../core/db/database';
import { badRequest, notFound } from '../../core/http/app-error';
import {
  findOpenRecordsOfStudent,
  findRecordsOfStudent,
  findWarning,
  findWarningHistory,
  findWarningPage,
  insertWarningHistory,
  upsertWarning,
  type WarningRow,
} from './crisis.repository';
import { findLatestAssessment } from './care.repository';
import { findLiveFocusOfStudent } from './focus.repository';
import { findStudent } from './network.repository';
import { covers, loadNames, personRef, studentRef, type CrisisViewer } from './crisis.context';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { toRecordSummaries } from './records.mapping';

/**
 * Recomputes a student's warning flag from their records and key-person state (docs/crisis.md 3.9) and
 * keeps its history; called after every change of either.
 */
export async function refreshWarning(scope: TenantScope, studentId: number, actorId: number | null) {
  const student = await findStudent(scope, studentId);
  const open = await findOpenRecordsOfStudent(scope, studentId);
  const openRecords = [];
  for (const r of open) {
    // The record's own value is the latest assessment's; read it only when the record has none.
    const crisisStatus =
      r.isCrisisStatus ?? (await findLatestAssessment(scope, r.id))?.isCrisisStatus ?? null;
    openRecords.push({
      status: r.status,
      acknowledged: r.acknowledgedAt !== null,
      isCrisisStatus: crisisStatus,
    });
  }
  const focus = await findLiveFocusOfStudent(scope, studentId);
  const derived = deriveWarningFlag({ openRecords, focusLevel: focus?.level ?? null });
  const prev = await findWarning(scope, studentId);
  const next = nextWarningFlag(
    prev
      ? { flag: prev.flag as WarningFlag, derived: prev.derivedFlag as WarningFlag, manual: prev.manual }
      : null,
    derived,
  );
  if (prev && prev.flag === next.flag && prev.derivedFlag === next.derived && prev.manual === next.manual)
    return prev;
  if (!prev && next.flag === 1) return null;
  const saved = await upsertWarning(scope, {
    studentId,
    studentDeptId: student?.deptId ?? null,
    flag: next.flag,
    derivedFlag: next.derived,
    manual: next.manual,
    reason: next.manual ? (prev?.reason ?? null) : null,
    updatedBy: actorId,
  });
  if (!prev || prev.flag !== next.flag) {
    await insertWarningHistory(scope, { studentId, flag: next.flag, manual: false, reason: null, actorId });
  }
  return saved;
}

/** The student's flag now (1 when never set). */
export async function currentFlag(scope: TenantScope, studentId: number): Promise<number> {
  return (await findWarning(scope, studentId))?.flag ?? 1;
}

function toWarning(
  v: CrisisViewer,
  row: WarningRow,
  students: Awaited<ReturnType<typeof loadNames>>['students'],
) {
  return {
    student: studentRef(v, students.get(row.studentId), row.studentId),
    flag: row.flag,
    derived: row.derivedFlag,
    manual: row.manual,
    reason: row.reason,
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The warning list in reach. */
export async function pageWarnings(
  scope: TenantScope,
  v: CrisisViewer,
  q: {
    current: number;
    size: number;
    flag?: number | undefined;
    minFlag: number;
    studentName?: string | undefined;
  },
) {
  const { rows, total } = await findWarningPage(scope, v.read, q, pageWindow(q));
  const { students } = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    [],
  );
  return pageAnswer(
    q,
    rows.map((r) => toWarning(v, r, students)),
    total,
  );
}

async function requireStudentInReach(scope: TenantScope, v: CrisisViewer, studentId: number, work: boolean) {
  const student = await findStudent(scope, studentId);
  if (!student || !covers(work ? v.work : v.read, student.deptId)) throw notFound('student');
  return student;
}

/** A student's flag with its history, records and key-person state. */
export async function warningDetail(scope: TenantScope, v: CrisisViewer, studentId: number) {
  await requireStudentInReach(scope, v, studentId, false);
  const row = (await findWarning(scope, studentId)) ?? null;
  const history = await findWarningHistory(scope, studentId);
  const records = await findRecordsOfStudent(scope, studentId);
  const focus = await findLiveFocusOfStudent(scope, studentId);
  const { students, names } = await loadNames(
    scope,
    [studentId],
    history.map((h) => h.actorId).filter((id): id is number => id !== null),
  );
  const base = row
    ? toWarning(v, row, students)
    : {
        student: studentRef(v, students.get(studentId), studentId),
        flag: 1,
        derived: 1,
        manual: false,
        reason: null,
        updateTime: new Date(0).toISOString(),
      };
  return {
    ...base,
    history: history.map((h) => ({
      flag: h.flag,
      manual: h.manual,
      reason: h.reason,
      actor: personRef(names, h.actorId),
      time: h.createdAt.toISOString(),
    })),
    records: await toRecordSummaries(scope, v, records),
    focusId: focus?.id ?? null,
    focusLevel: focus?.level ?? null,
  };
}

/** Sets a flag by hand: it stands until the derived flag changes. */
export async function setWarningFlag(
  scope: TenantScope,
  v: CrisisViewer,
  body: { studentId: number; flag: number; reason: string },
) {
  const student = await requireStudentInReach(scope, v, body.studentId, true);
  if (body.flag < 1 || body.flag > 5) throw badRequest('flag', 'must be 1 to 5');
  await refreshWarning(scope, body.studentId, v.userId);
  const prev = await findWarning(scope, body.studentId);
  const saved = await upsertWarning(scope, {
    studentId: body.studentId,
    studentDeptId: student.deptId,
    flag: body.flag,
    derivedFlag: prev?.derivedFlag ?? 1,
    manual: true,
    reason: body.reason,
    updatedBy: v.userId,
  });
  await insertWarningHistory(scope, {
    studentId: body.studentId,
    flag: body.flag,
    manual: true,
    reason: body.reason,
    actorId: v.userId,
  });
  const { students } = await loadNames(scope, [body.studentId], []);
  return toWarning(v, saved, students);
}
