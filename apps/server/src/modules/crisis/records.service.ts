import { calendarDayRange, type CrisisStatus } from '@psy/contracts';
import {
  availableActions,
  checkCrisisTransitionInput,
  CRISIS_RECORD_MACHINE,
  isOnLadder,
  nextState,
  type CrisisAction,
} from '@psy/crisis-rules';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import { isAssignedOnRecord } from './care.repository';
import {
  covers,
  getNoticeSetting,
  loadNames,
  logRead,
  notify,
  personRef,
  STATUS_NAMES,
  type CrisisViewer,
} from './crisis.context';
import {
  countSmsByRecord,
  findBoardPage,
  findDeliveries,
  findEvents,
  findOpenRecordsOfStudent,
  findReaders,
  findRecord,
  findRecordPage,
  insertEvent,
  lockRecord,
  updateRecord,
  type RecordReach,
  type RecordRow,
} from './crisis.repository';
import { computeLadder } from './escalation.service';
import { findStudent, findSubtreeIds } from './network.repository';
import { toRecordSummaries, toRecordSummary } from './records.mapping';
import { currentFlag, refreshWarning } from './warning.service';
import { requestApprovalIfNeeded } from './approval.request';
import { ensureFocusFromRecord } from './focus.service';

export type RecordAccess = 'work' | 'read' | 'assigned';

/** How the caller reaches a record: works it, reads it, is assigned on it, or not at all (null). */
export async function recordAccess(
  scope: TenantScope,
  v: CrisisViewer,
  r: RecordRow,
): Promise<RecordAccess | null> {
  if (covers(v.work, r.studentDeptId)) return 'work';
  if (covers(v.read, r.studentDeptId)) return 'read';
  if (await isAssignedOnRecord(scope, r.id, v.userId)) return 'assigned';
  return null;
}

/**
 * The record if the caller reaches it as `need` says: `read` any reach, `care` works it or is assigned
 * (receipts, follow-ups), `work` works it. Out of reach: 404 (its existence is not revealed); in reach but
 * only to read: 403.
 */
export async function requireRecord(
  scope: TenantScope,
  v: CrisisViewer,
  id: number,
  need: 'read' | 'care' | 'work',
  lock = false,
) {
  const record = lock ? await lockRecord(scope, id) : await findRecord(scope, id);
  if (!record) throw notFound('crisis record');
  const access = await recordAccess(scope, v, record);
  if (access === null) throw notFound('crisis record');
  if (need === 'work' && access !== 'work') throw forbidden('you may read this record but not change it');
  if (need === 'care' && access === 'read') throw forbidden('you may read this record but not change it');
  return { record, access };
}

const recordReach = (v: CrisisViewer): RecordReach =>
  v.read.all ? { all: true } : { all: false, deptIds: v.read.deptIds, assigneeId: v.userId };

interface RecordQuery {
  current: number;
  size: number;
  status?: number | undefined;
  source?: string | undefined;
  studentName?: string | undefined;
  studentId?: number | undefined;
  acknowledged?: boolean | undefined;
  level?: number | undefined;
  deptId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

async function filterOf(scope: TenantScope, q: RecordQuery) {
  const { from, to } = calendarDayRange(q.from, q.to);
  return {
    status: q.status,
    source: q.source,
    studentName: q.studentName || undefined,
    studentId: q.studentId,
    acknowledged: q.acknowledged,
    level: q.level,
    deptIds: q.deptId !== undefined ? await findSubtreeIds(scope, [q.deptId]) : undefined,
    from,
    to,
  };
}

/** Records in reach, newest first. */
export async function pageRecords(scope: TenantScope, v: CrisisViewer, q: RecordQuery) {
  const { rows, total } = await findRecordPage(
    scope,
    recordReach(v),
    await filterOf(scope, q),
    pageWindow(q),
  );
  return pageAnswer(q, await toRecordSummaries(scope, v, rows), total);
}

/** The open-signals board: records not closed, unacknowledged first by deadline. */
export async function boardPage(
  scope: TenantScope,
  v: CrisisViewer,
  q: RecordQuery & { unacknowledgedOnly?: boolean | undefined },
  now = new Date(),
) {
  const filter = await filterOf(scope, { ...q, acknowledged: q.unacknowledgedOnly ? false : undefined });
  const { rows, total } = await findBoardPage(scope, recordReach(v), filter, pageWindow(q));
  const summaries = await toRecordSummaries(scope, v, rows);
  const sms = await countSmsByRecord(
    scope,
    rows.map((r) => r.id),
  );
  return pageAnswer(
    q,
    summaries.map((s, i) => {
      const r = rows[i]!;
      const counts = { pending: 0, sent: 0, failed: 0 };
      for (const c of sms) if (c.recordId === r.id) counts[c.state as keyof typeof counts] = c.n;
      const overdue =
        r.acknowledgedAt === null && r.ackDeadline ? Math.max(0, now.getTime() - r.ackDeadline.getTime()) : 0;
      return {
        ...s,
        ageSeconds: Math.max(0, Math.floor((now.getTime() - r.createdAt.getTime()) / 1000)),
        overdueSeconds: Math.floor(overdue / 1000),
        sms: counts,
      };
    }),
    total,
  );
}

/** Who may acknowledge: anyone on the student's ladder, the school reach (centre, overall, administrators). */
async function mayAcknowledge(scope: TenantScope, v: CrisisViewer, r: RecordRow) {
  if (r.status === 3 || r.acknowledgedAt !== null) return false;
  if (v.school || r.ownerIds.includes(v.userId)) return true;
  return isOnLadder(await computeLadder(scope, r.studentDeptId), v.userId);
}

/** The transitions the caller may make now (the web offers these). */
function actionsFor(v: CrisisViewer, r: RecordRow, access: RecordAccess): CrisisAction[] {
  if (access !== 'work') return [];
  return availableActions(CRISIS_RECORD_MACHINE, r.status as CrisisStatus).filter(
    (a) => a === 'start' || v.p.permissions.has('crisis_close'),
  );
}

/** A record with its timeline; the read is logged. */
export async function recordDetail(scope: TenantScope, v: CrisisViewer, id: number, route: string) {
  const { record, access } = await requireRecord(scope, v, id, 'read');
  const summary = await toRecordSummary(scope, v, record);
  // Logged before the readers are read: the caller is among them.
  await logRead(scope, v, {
    subjectKind: 'record',
    subjectId: id,
    studentId: record.studentId,
    route,
    phoneShown: summary.student.phone !== null,
  });
  const events = await findEvents(scope, id);
  const others = (await findOpenRecordsOfStudent(scope, record.studentId)).filter((r) => r.id !== id);
  const readers = v.school ? await findReaders(scope, 'record', id) : null;
  const { names } = await loadNames(
    scope,
    [],
    [
      ...events.map((e) => e.actorId).filter((x): x is number => x !== null),
      ...(readers ?? []).map((r) => r.viewerId),
      ...(record.reporterId !== null ? [record.reporterId] : []),
    ],
  );
  return {
    ...summary,
    reporter: personRef(names, record.reporterId),
    occurredAt: record.occurredAt?.toISOString() ?? null,
    location: record.location,
    appointmentId: record.appointmentId,
    closeReason: record.closeReason,
    closeSummary: record.closeSummary,
    duplicateOf: record.duplicateOf,
    warningFlag: await currentFlag(scope, record.studentId),
    timeline: events.map((e) => ({
      kind: e.kind,
      actor: personRef(names, e.actorId),
      time: e.createdAt.toISOString(),
      data: e.data as Record<string, unknown>,
    })),
    otherOpenRecords: others.map((r) => ({
      id: r.id,
      status: r.status,
      source: r.source,
      createTime: r.createdAt.toISOString(),
    })),
    actions: actionsFor(v, record, access),
    mayAcknowledge: await mayAcknowledge(scope, v, record),
    readers:
      readers?.map((r) => ({
        viewer: personRef(names, r.viewerId)!,
        route: r.route,
        time: r.createdAt.toISOString(),
      })) ?? null,
  };
}

/**
 * Marks a record acknowledged by a person (it stops escalating) and tells the reporter and the ladder as
 * the notice settings say. Already acknowledged: nothing changes.
 */
export async function markAcknowledged(
  scope: TenantScope,
  record: RecordRow,
  actorId: number,
  now = new Date(),
) {
  if (record.acknowledgedAt !== null) return record;
  const updated = await updateRecord(scope, record.id, { acknowledgedAt: now, acknowledgedBy: actorId });
  await insertEvent(scope, {
    recordId: record.id,
    kind: 'acknowledged',
    actorId,
    data: { level: record.escalationLevel },
  });
  const notice = await getNoticeSetting(scope, 'signalAcknowledged');
  if (notice.enabled) {
    const to: number[] = [];
    if (
      notice.parties.includes('reporter') &&
      record.reporterId !== null &&
      record.reporterId !== record.studentId
    )
      to.push(record.reporterId);
    if (notice.parties.includes('ladder') || notice.parties.includes('owners')) to.push(...record.ownerIds);
    const student = await findStudent(scope, record.studentId);
    const { names } = await loadNames(scope, [], [actorId]);
    await notify(
      scope,
      'CRISIS_SIGNAL_ACKNOWLEDGED',
      to.filter((id) => id !== actorId),
      {
        studentName: student?.realName ?? `#${record.studentId}`,
        recordId: record.id,
        by: names.get(actorId) ?? '',
      },
    );
  }
  return updated;
}

/** `POST /crisis/record/acknowledge`. */
export async function acknowledge(scope: TenantScope, v: CrisisViewer, id: number, now = new Date()) {
  const record = await lockRecord(scope, id);
  if (!record) throw notFound('crisis record');
  if (record.status === 3) throw badRequest('id', 'the record is closed');
  if (record.acknowledgedAt === null && !(await mayAcknowledge(scope, v, record))) {
    if ((await recordAccess(scope, v, record)) === null) throw notFound('crisis record');
    throw forbidden("only the student's network may acknowledge this signal");
  }
  const updated = await markAcknowledged(scope, record, v.userId, now);
  await refreshWarning(scope, record.studentId, v.userId);
  return toRecordSummary(scope, v, updated);
}

export interface TransitionBody {
  id: number;
  action: CrisisAction;
  closeReason?: number | undefined;
  duplicateOf?: number | undefined;
  summary?: string | undefined;
  reason?: string | undefined;
}

/**
 * Applies a transition of the record's table (no permission check: the caller or the approval made it).
 * Acknowledges the signal, writes the timeline, tells reporter and owners, and after a close makes the
 * student a key person when the latest assessment says so.
 */
export async function performTransition(
  scope: TenantScope,
  record: RecordRow,
  body: Omit<TransitionBody, 'id'>,
  actorId: number,
  now = new Date(),
) {
  const to = nextState(CRISIS_RECORD_MACHINE, record.status as CrisisStatus, body.action);
  if (to === null) throw badRequest('action', `a record in status ${record.status} cannot ${body.action}`);
  let current = await markAcknowledged(scope, record, actorId, now);
  current = await updateRecord(
    scope,
    record.id,
    body.action === 'close'
      ? {
          status: to,
          closeReason: body.closeReason ?? null,
          closeSummary: body.summary ?? null,
          duplicateOf: body.duplicateOf ?? null,
          closedAt: now,
          closedBy: actorId,
        }
      : body.action === 'reopen'
        ? {
            status: to,
            closeReason: null,
            closeSummary: null,
            duplicateOf: null,
            closedAt: null,
            closedBy: null,
          }
        : { status: to },
  );
  await insertEvent(scope, {
    recordId: record.id,
    kind: 'transition',
    actorId,
    data: {
      action: body.action,
      from: record.status,
      to,
      closeReason: body.closeReason ?? null,
      duplicateOf: body.duplicateOf ?? null,
      summary: body.summary ?? null,
      reason: body.reason ?? null,
    },
  });
  const notice = await getNoticeSetting(scope, 'statusChanged');
  if (notice.enabled) {
    const recipients = [
      ...(notice.parties.includes('reporter') &&
      record.reporterId !== null &&
      record.reporterId !== record.studentId
        ? [record.reporterId]
        : []),
      ...(notice.parties.includes('owners') ? record.ownerIds : []),
    ].filter((id) => id !== actorId);
    const student = await findStudent(scope, record.studentId);
    await notify(scope, 'CRISIS_STATUS_CHANGED', recipients, {
      studentName: student?.realName ?? `#${record.studentId}`,
      recordId: record.id,
      status: STATUS_NAMES[to] ?? String(to),
    });
  }
  if (body.action === 'close') await ensureFocusFromRecord(scope, current, actorId, now);
  await refreshWarning(scope, record.studentId, actorId);
  return current;
}

/** Starts a new report's work when care is recorded on it (1 -> 2), acknowledging it. */
export async function startIfNew(scope: TenantScope, record: RecordRow, actorId: number, now = new Date()) {
  if (record.status === 1) return performTransition(scope, record, { action: 'start' }, actorId, now);
  return markAcknowledged(scope, record, actorId, now);
}

/** `POST /crisis/record/transition`: checked against the table, the input rules and the approval settings. */
export async function transition(
  scope: TenantScope,
  v: CrisisViewer,
  body: TransitionBody,
  now = new Date(),
) {
  const { record } = await requireRecord(scope, v, body.id, 'work', true);
  if ((body.action === 'close' || body.action === 'reopen') && !v.p.permissions.has('crisis_close'))
    throw forbidden('closing and reopening records needs crisis_close');
  if (nextState(CRISIS_RECORD_MACHINE, record.status as CrisisStatus, body.action) === null)
    throw badRequest('action', `a record in status ${record.status} cannot ${body.action}`);
  const issue = checkCrisisTransitionInput(record.status as CrisisStatus, body.action, body);
  if (issue) throw badRequest(issue.field, 'required');
  if (body.duplicateOf !== undefined) {
    const other = await findRecord(scope, body.duplicateOf);
    if (!other || other.id === record.id || other.studentId !== record.studentId)
      throw badRequest('duplicateOf', 'must be another record of the same student');
  }
  if (body.action === 'close' || body.action === 'reopen') {
    const approvalId = await requestApprovalIfNeeded(scope, v, {
      kind: body.action,
      targetId: record.id,
      studentId: record.studentId,
      request: { ...body },
    });
    if (approvalId !== null) return { record: await toRecordSummary(scope, v, record), approvalId };
  }
  const updated = await performTransition(scope, record, body, v.userId, now);
  return { record: await toRecordSummary(scope, v, updated), approvalId: null };
}

/** A record's deliveries (in-app and SMS, by step). */
export async function recordDeliveries(scope: TenantScope, v: CrisisViewer, id: number) {
  await requireRecord(scope, v, id, 'read');
  const rows = await findDeliveries(scope, id);
  const { names } = await loadNames(
    scope,
    [],
    rows.map((r) => r.userId),
  );
  return rows.map((d) => ({
    step: d.step,
    level: d.level,
    user: personRef(names, d.userId)!,
    channel: d.channel as 'inapp' | 'sms',
    state: d.state as 'pending' | 'sent' | 'failed',
    attempts: d.attempts,
    lastError: d.lastError,
    createTime: d.createdAt.toISOString(),
    sentAt: d.sentAt?.toISOString() ?? null,
  }));
}
