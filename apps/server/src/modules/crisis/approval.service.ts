import { AUDIT_STATUS, type ApprovalKind, type AuditMode } from '@psy/contracts';
import { approvalOutcome, decisionStepFor, type ApprovalStep } from '@psy/crisis-rules';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import { loadNames, notify, peopleRefs, personRef, studentRef, type CrisisViewer } from './crisis.context';
import {
  findApproval,
  findApprovalPage,
  findDecisions,
  insertDecision,
  lockRecord,
  updateApproval,
  type ApprovalRow,
} from './crisis.repository';
import { findStudent } from './network.repository';
import { APPROVAL_KIND_NAMES } from './approval.request';
import { performTransition } from './records.service';
import { applyGreenway, applySuspension, applySuspensionTransition } from './care.service';
import { applyFocusRelease } from './focus.service';

/* Approvals: deciding them and applying the approved step (asking for one: approval.request.ts). */

async function toApprovals(scope: TenantScope, v: CrisisViewer, rows: ApprovalRow[]) {
  const decisions = await findDecisions(
    scope,
    rows.map((r) => r.id),
  );
  const steps = (r: ApprovalRow) => r.steps as ApprovalStep[];
  const { students, names } = await loadNames(
    scope,
    rows.map((r) => r.studentId),
    [
      ...rows.map((r) => r.requestedBy),
      ...rows.flatMap((r) => steps(r).flatMap((s) => s.approverIds)),
      ...decisions.map((d) => d.userId),
    ],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as ApprovalKind,
    targetId: r.targetId,
    student: studentRef(v, students.get(r.studentId), r.studentId),
    requestedBy: personRef(names, r.requestedBy)!,
    request: r.request as Record<string, unknown>,
    mode: r.mode,
    steps: steps(r).map((s) => ({ level: s.level, approvers: peopleRefs(names, s.approverIds) })),
    status: r.status,
    waitingFor: r.waitingFor,
    decisions: decisions
      .filter((d) => d.approvalId === r.id)
      .map((d) => ({
        step: d.step,
        user: personRef(names, d.userId)!,
        approve: d.approve,
        comment: d.comment,
        time: d.createdAt.toISOString(),
      })),
    createTime: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

/** My requests, or those waiting for (or decided by) me. */
export async function pageApprovals(
  scope: TenantScope,
  v: CrisisViewer,
  q: { current: number; size: number; box: 'mine' | 'toExamine'; status?: number | undefined },
) {
  const { rows, total } = await findApprovalPage(scope, { ...q, userId: v.userId }, pageWindow(q));
  return pageAnswer(q, await toApprovals(scope, v, rows), total);
}

const involved = (r: ApprovalRow, userId: number) =>
  r.requestedBy === userId || (r.steps as ApprovalStep[]).some((s) => s.approverIds.includes(userId));

/** An approval: for its requester, its approvers, and the school reach. */
export async function approvalDetail(scope: TenantScope, v: CrisisViewer, id: number) {
  const row = await findApproval(scope, id);
  if (!row || !(involved(row, v.userId) || v.school)) throw notFound('approval');
  return (await toApprovals(scope, v, [row]))[0]!;
}

/** Applies an approved step as it was requested (the decider is the actor). */
async function applyApproved(scope: TenantScope, row: ApprovalRow, actorId: number) {
  const req = row.request as Record<string, unknown>;
  switch (row.kind as ApprovalKind) {
    case 'close':
    case 'reopen': {
      const record = await lockRecord(scope, row.targetId!);
      if (!record) throw notFound('crisis record');
      await performTransition(scope, record, req as never, actorId);
      return;
    }
    case 'suspension':
      await applySuspension(scope, req as never, row.requestedBy);
      return;
    case 'return':
      await applySuspensionTransition(scope, row.targetId!, req as never, actorId);
      return;
    case 'greenway':
      await applyGreenway(scope, req as never, row.requestedBy);
      return;
    case 'focusRelease':
      await applyFocusRelease(scope, row.targetId!, String(req.reason ?? ''), actorId);
      return;
  }
}

/** Approves or rejects; when the approval is decided, the step is applied (approved) and the requester told. */
export async function decideApproval(
  scope: TenantScope,
  v: CrisisViewer,
  body: { id: number; approve: boolean; comment?: string | undefined },
) {
  const row = await findApproval(scope, body.id, true);
  if (!row || !(involved(row, v.userId) || v.school)) throw notFound('approval');
  if (row.status !== AUDIT_STATUS.pending) throw badRequest('id', 'the approval is decided already');
  const steps = row.steps as ApprovalStep[];
  const prior = (await findDecisions(scope, [row.id])).map((d) => ({
    step: d.step,
    userId: d.userId,
    approve: d.approve,
  }));
  const step = decisionStepFor(row.mode as AuditMode, steps, prior, v.userId);
  if (step === null) throw forbidden('the approval is not waiting for you');
  await insertDecision(scope, {
    approvalId: row.id,
    step,
    userId: v.userId,
    approve: body.approve,
    comment: body.comment ?? null,
  });
  const state = approvalOutcome(row.mode as AuditMode, steps, [
    ...prior,
    { step, userId: v.userId, approve: body.approve },
  ]);
  const updated = await updateApproval(scope, row.id, {
    status: state.status,
    waitingFor: state.waitingFor,
    decidedAt: state.status === AUDIT_STATUS.pending ? null : new Date(),
  });
  if (state.status === AUDIT_STATUS.approved) await applyApproved(scope, updated, v.userId);
  if (state.status !== AUDIT_STATUS.pending) {
    const student = await findStudent(scope, row.studentId);
    await notify(scope, 'CRISIS_APPROVAL_DECIDED', [row.requestedBy], {
      kind: APPROVAL_KIND_NAMES[row.kind as ApprovalKind],
      studentName: student?.realName ?? `#${row.studentId}`,
      result:
        state.status === AUDIT_STATUS.approved
          ? { 'zh-CN': '已通过', 'en-US': 'approved' }
          : { 'zh-CN': '未通过', 'en-US': 'declined' },
    });
  } else if (state.waitingFor.length > 0) {
    const student = await findStudent(scope, row.studentId);
    const { names } = await loadNames(scope, [], [row.requestedBy]);
    await notify(
      scope,
      'CRISIS_APPROVAL_REQUESTED',
      state.waitingFor.filter((id) => !row.waitingFor.includes(id)),
      {
        kind: APPROVAL_KIND_NAMES[row.kind as ApprovalKind],
        studentName: student?.realName ?? `#${row.studentId}`,
        requester: names.get(row.requestedBy) ?? '',
      },
    );
  }
  return (await toApprovals(scope, v, [updated]))[0]!;
}
