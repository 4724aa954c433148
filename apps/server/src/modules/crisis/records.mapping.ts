import type { TenantScope } from '../../core/db/database';
import { loadNames, peopleRefs, personRef, studentRef, type CrisisViewer } from './crisis.context';
import type { RecordRow } from './crisis.repository';

/*
 * Records as the lists show them: below the records service and the services that list a student's
 * records beside their own rows (warnings, key persons), which the records service calls in turn.
 */

/** Records as list rows, names loaded in two queries. */
export async function toRecordSummaries(scope: TenantScope, v: CrisisViewer, rows: RecordRow[]) {
  const people = rows.flatMap((r) => [
    ...r.ownerIds,
    ...(r.acknowledgedBy !== null ? [r.acknowledgedBy] : []),
  ]);
  const { students, names } = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    people,
  );
  return rows.map((r) => ({
    id: r.id,
    student: studentRef(v, students.get(r.studentId), r.studentId),
    source: r.source,
    transferSource: r.transferSource,
    status: r.status,
    urgent: r.urgent,
    crisisEvents: r.crisisEvents,
    collegeLevel: r.collegeLevel,
    isCrisisStatus: r.isCrisisStatus,
    escalationLevel: r.escalationLevel,
    owners: peopleRefs(names, r.ownerIds),
    ackDeadline: r.acknowledgedAt ? null : (r.ackDeadline?.toISOString() ?? null),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: personRef(names, r.acknowledgedBy),
    createTime: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
  }));
}

export async function toRecordSummary(scope: TenantScope, v: CrisisViewer, r: RecordRow) {
  return (await toRecordSummaries(scope, v, [r]))[0]!;
}
