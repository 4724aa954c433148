import { CRISIS_SOURCES, TRANSFER_SOURCES, type CrisisSource, type TransferSource } from '@psy/contracts';
import { firstStep } from '@psy/crisis-rules';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import type { Principal } from '../../core/http/context';
import { badRequest, forbidden } from '../../core/http/app-error';
import { effectiveRoleCodes, getCrisisSetting, getNoticeSetting, notify } from './crisis.context';
import {
  findRecentSelfHelp,
  findRecord,
  findRecordBySourceRef,
  findReportsBy,
  insertEvent,
  insertRecord,
  type RecordRow,
} from './crisis.repository';
import { computeLadder, writeStep } from './escalation.service';
import {
  findCoverageOf,
  findDormitoriesLedBy,
  findDormitoryMembers,
  findPeople,
  findStudent,
  findSubtreeIds,
  searchReportableStudents,
} from './network.repository';
import { refreshWarning } from './warning.service';

/** A signal as other modules hand it over (docs/crisis.md 2). */
export interface CrisisSignal {
  source: CrisisSource;
  studentId: number;
  reporterId?: number | null;
  transferSource?: TransferSource | null;
  /** The sender's own id of the signal: delivering the same signal twice answers the first record. */
  sourceRef?: string | null;
  summary?: string | null;
  urgent?: boolean;
  appointmentId?: number | null;
  occurredAt?: Date | null;
  location?: string | null;
}

const SUMMARY_MAX = 200;

/**
 * The one intake of every crisis signal: a crisis record, its first owners told at once (in-app and, as
 * the school says, SMS), and its escalation queued, all in the caller's transaction. Never merges a new
 * signal into an open record; the same `sourceRef` of the same source answers the first record.
 */
export async function reportSignal(
  scope: TenantScope,
  signal: CrisisSignal,
  now: Date = new Date(),
): Promise<{ recordId: number; created: boolean }> {
  if (!CRISIS_SOURCES.includes(signal.source))
    throw badRequest('source', `must be one of ${CRISIS_SOURCES.join(', ')}`);
  if (signal.transferSource != null && !TRANSFER_SOURCES.includes(signal.transferSource))
    throw badRequest('transferSource', 'must be a transfer source code of S1.9.1');
  const summary = signal.summary?.trim() || null;
  if (summary && [...summary].length > SUMMARY_MAX)
    throw badRequest('summary', `at most ${SUMMARY_MAX} characters`);
  const sourceRef = signal.sourceRef?.trim() || null;
  if (sourceRef) {
    const existing = await findRecordBySourceRef(scope, signal.source, sourceRef);
    if (existing) return { recordId: existing.id, created: false };
  }
  const student = await findStudent(scope, signal.studentId);
  if (!student) throw badRequest('studentId', 'no such student in this school');

  const ladder = await computeLadder(scope, student.deptId);
  const step = firstStep(ladder) ?? { level: 4 as const, owners: [], repeat: 0 };
  const record = await insertRecord(scope, {
    studentId: student.id,
    studentDeptId: student.deptId,
    source: signal.source,
    transferSource: signal.transferSource ?? null,
    sourceRef,
    reporterId: signal.reporterId ?? null,
    crisisEvents: summary,
    urgent: signal.urgent ?? false,
    occurredAt: signal.occurredAt ?? null,
    location: signal.location?.trim() || null,
    appointmentId: signal.appointmentId ?? null,
    status: 1,
    escalationLevel: step.level,
    createdAt: now,
  });
  if (!record) {
    // The same signal committed meanwhile by another transaction (unique sourceRef): it is that record.
    const existing = await findRecordBySourceRef(scope, signal.source, sourceRef!);
    return { recordId: existing!.id, created: false };
  }
  await insertEvent(scope, {
    recordId: record.id,
    kind: 'created',
    actorId: signal.reporterId ?? null,
    data: {
      source: signal.source,
      transferSource: signal.transferSource ?? null,
      urgent: signal.urgent ?? false,
      level: step.level,
      owners: step.owners,
    },
  });
  await writeStep(scope, record, step, 0, 'created', ladder, now);

  if (signal.reporterId && signal.reporterId !== student.id) {
    const notice = await getNoticeSetting(scope, 'signalNew');
    if (notice.enabled && notice.parties.includes('reporter')) {
      await notify(scope, 'CRISIS_SIGNAL_RECEIVED', [signal.reporterId], {
        studentName: student.realName,
        recordId: record.id,
      });
    }
  }
  await refreshWarning(scope, student.id, signal.reporterId ?? null);
  return { recordId: record.id, created: true };
}

/**
 * Who a reporter may report on: staff reporters the whole school (null); a class member their class
 * coverage; a dormitory leader the members of their dormitories. Null means the school.
 */
export async function reportableScope(
  scope: TenantScope,
  p: Principal,
): Promise<{ deptIds: number[] | null; studentIds: number[] | null } | null> {
  const roles = effectiveRoleCodes(p);
  const staff = roles.some((r) => r !== 'CRISIS_ROLE_CLASS' && r !== 'ROLE_GENERAL');
  if (staff && p.permissions.has('crisis_report')) return null;
  let deptIds: number[] | null = null;
  if (roles.includes('CRISIS_ROLE_CLASS')) {
    const rows = (await findCoverageOf(scope, p.userId)).filter((r) => r.roleCode === 'CRISIS_ROLE_CLASS');
    const roots = rows.length
      ? rows.map((r) => r.deptId)
      : p.profile.deptId !== null
        ? [p.profile.deptId]
        : [];
    deptIds = await findSubtreeIds(scope, roots);
  }
  const dorms = await findDormitoriesLedBy(scope, p.userId);
  const studentIds = dorms.length
    ? (
        await findDormitoryMembers(
          scope,
          dorms.map((d) => d.id),
        )
      ).map((m) => m.studentId)
    : null;
  if (deptIds === null && studentIds === null) return { deptIds: [], studentIds: [] };
  return { deptIds, studentIds };
}

/** Whether a student is within a reportable scope. */
async function mayReportOn(scope: TenantScope, p: Principal, studentId: number, deptId: number | null) {
  const reach = await reportableScope(scope, p);
  if (reach === null) return true;
  return (
    (reach.deptIds !== null && deptId !== null && reach.deptIds.includes(deptId)) ||
    (reach.studentIds !== null && reach.studentIds.includes(studentId))
  );
}

export function toMyReport(r: RecordRow, studentName: string) {
  return {
    id: r.id,
    student: { id: r.studentId, realName: studentName },
    source: r.source,
    crisisEvents: r.crisisEvents,
    urgent: r.urgent,
    status: r.status,
    acknowledged: r.acknowledgedAt !== null,
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

/** An information report by a network member (`POST /crisis/report/save`). */
export async function submitReport(
  scope: TenantScope,
  p: Principal,
  body: {
    studentId: number;
    crisisEvents: string;
    urgent: boolean;
    occurredAt?: string | undefined;
    location?: string | undefined;
  },
) {
  const dorms = await findDormitoriesLedBy(scope, p.userId);
  if (!p.permissions.has('crisis_report') && dorms.length === 0) throw forbidden();
  const student = await findStudent(scope, body.studentId);
  if (!student || !(await mayReportOn(scope, p, student.id, student.deptId)))
    throw badRequest('studentId', 'not a student you may report on');
  const onlyDormitory = !p.permissions.has('crisis_report');
  const { recordId } = await reportSignal(scope, {
    source: onlyDormitory ? 'dormitory' : 'report',
    studentId: student.id,
    reporterId: p.userId,
    summary: body.crisisEvents,
    urgent: body.urgent,
    occurredAt: body.occurredAt ? new Date(body.occurredAt) : null,
    location: body.location ?? null,
  });
  const row = await findRecord(scope, recordId);
  return toMyReport(row!, student.realName);
}

/** The caller's own reports: status only. */
export async function myReports(
  scope: TenantScope,
  p: Principal,
  q: { current: number; size: number; status?: number | undefined },
) {
  const { rows, total } = await findReportsBy(scope, p.userId, q, pageWindow(q));
  const names = await findPeople(
    scope,
    rows.map((r) => r.studentId),
  );
  return pageAnswer(
    q,
    rows.map((r) => toMyReport(r, names.get(r.studentId) ?? `#${r.studentId}`)),
    total,
  );
}

/** Students the caller may report on. */
export async function reportableStudents(
  scope: TenantScope,
  p: Principal,
  q: { current: number; size: number; keyword?: string | undefined },
) {
  const reach = await reportableScope(scope, p);
  const { rows, total } = await searchReportableStudents(
    scope,
    { deptIds: reach?.deptIds ?? null, studentIds: reach?.studentIds ?? null, keyword: q.keyword },
    pageWindow(q),
  );
  return pageAnswer(q, rows, total);
}

const SELF_HELP_REPEAT_MS = 10 * 60_000;

/** The student's help button: a record about themselves, told at once; a repeat tap answers the same record. */
export async function selfHelp(
  scope: TenantScope,
  p: Principal,
  body: { note?: string | undefined },
  now = new Date(),
) {
  const reporting = await getCrisisSetting(scope, 'reporting');
  if (!reporting.selfHelpEnabled) throw forbidden('the help button is switched off by the school');
  const recent = await findRecentSelfHelp(scope, p.userId, new Date(now.getTime() - SELF_HELP_REPEAT_MS));
  if (recent) return { recordId: recent.id, repeated: true, hotlines: reporting.hotlines };
  const { recordId } = await reportSignal(
    scope,
    {
      source: 'selfHelp',
      studentId: p.userId,
      reporterId: p.userId,
      summary: body.note ?? null,
      urgent: true,
    },
    now,
  );
  return { recordId, repeated: false, hotlines: reporting.hotlines };
}

/** The hotline numbers and whether the help button is offered. */
export async function hotlines(scope: TenantScope) {
  const reporting = await getCrisisSetting(scope, 'reporting');
  return { enabled: reporting.selfHelpEnabled, hotlines: reporting.hotlines };
}
