import { calendarDay } from '@psy/crisis-rules';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { loadViewer } from './crisis.context';
import {
  countApprovalsWaitingFor,
  countOpenOrdersOf,
  countOpenReportsBy,
  countOwnedUnacknowledged,
  countRecords,
  pastDeadline,
} from './crisis.repository';
import { countFocusDue, countPendingFocusReports } from './focus.repository';
import { inTurn } from '../../core/db/in-turn';

/** Crisis work waiting for the caller (S1.7.26 `crisisIntervenePending`). */
export async function crisisIntervenePending(scope: TenantScope, p: Principal) {
  const [unacknowledged, interventions, approvals] = await inTurn([
    () => countOwnedUnacknowledged(scope, p.userId),
    () => countOpenOrdersOf(scope, p.userId),
    () => countApprovalsWaitingFor(scope, p.userId),
  ]);
  return { total: unacknowledged + interventions + approvals, unacknowledged, interventions, approvals };
}

/** Key-person work waiting for the caller (S1.7.26 `emphasisReportPending`). */
export async function emphasisReportPending(scope: TenantScope, p: Principal, now = new Date()) {
  const v = await loadViewer(scope, p, 'focus');
  const mayAudit = p.permissions.has('focus_audit');
  const reportsToAudit = mayAudit ? await countPendingFocusReports(scope, v.work) : 0;
  const followUpsDue = await countFocusDue(scope, v.work, calendarDay(now));
  return { total: reportsToAudit + followUpsDue, reportsToAudit, followUpsDue };
}

/** The network roles' workbench figures. */
export async function workbench(scope: TenantScope, p: Principal, now = new Date()) {
  const v = await loadViewer(scope, p, 'crisis');
  const focus = await loadViewer(scope, p, 'focus');
  const reach = v.read.all
    ? { all: true as const }
    : { all: false as const, deptIds: v.read.deptIds, assigneeId: v.userId };
  const [unacknowledged, overdue, openSignals, dueFollowUps, interventions, approvals, myReports] =
    await inTurn([
      () => countOwnedUnacknowledged(scope, p.userId),
      () => countRecords(scope, reach, { openOnly: true }, pastDeadline(now)),
      () => countRecords(scope, reach, { openOnly: true }),
      () => countFocusDue(scope, focus.work, calendarDay(now)),
      () => countOpenOrdersOf(scope, p.userId),
      () => countApprovalsWaitingFor(scope, p.userId),
      () => countOpenReportsBy(scope, p.userId),
    ]);
  return { unacknowledged, overdue, openSignals, dueFollowUps, interventions, approvals, myReports };
}
