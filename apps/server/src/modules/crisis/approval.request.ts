import { AUDIT_STATUS, type ApprovalKind, type AuditMode } from '@psy/contracts';
import { approvalOutcome, type ApprovalStep } from '@psy/crisis-rules';
import type { TenantScope } from '../../core/db/database';
import { AppError } from '../../core/http/app-error';
import { getCrisisSetting, getNoticeSetting, notify, type CrisisViewer } from './crisis.context';
import { findPendingApproval, insertApproval } from './crisis.repository';
import { computeLadder } from './escalation.service';
import { findRoleHolders, findStudent } from './network.repository';

/*
 * Asking for an approval, below every service whose steps may need one (records, care, key persons);
 * deciding it (approval.service.ts) applies the step through those services.
 */

export const APPROVAL_KIND_NAMES: Record<ApprovalKind, string> = {
  close: '结案',
  reopen: '重启',
  suspension: '休学',
  return: '复学',
  greenway: '绿色通道',
  focusRelease: '解除重点关注',
};

/**
 * When the school wants this step approved, records the approval (the requested action as it will be
 * applied), tells the approvers, and answers its id; otherwise null and the caller acts at once.
 */
export async function requestApprovalIfNeeded(
  scope: TenantScope,
  v: CrisisViewer,
  ask: { kind: ApprovalKind; targetId: number | null; studentId: number; request: Record<string, unknown> },
): Promise<number | null> {
  const settings = await getCrisisSetting(scope, 'approval');
  if (!settings.steps[ask.kind]) return null;
  if (ask.targetId !== null && (await findPendingApproval(scope, ask.kind, ask.targetId)))
    throw new AppError('conflict', 'an approval of this step is already waiting');
  const student = await findStudent(scope, ask.studentId);
  const ladder = await computeLadder(scope, student?.deptId ?? null);
  let steps: ApprovalStep[] = settings.approverLevels
    .map((level) => ({ level, approverIds: ladder.find((r) => r.level === level)?.userIds ?? [] }))
    .filter((s) => s.approverIds.length > 0);
  if (steps.length === 0) {
    // Nobody holds the approver levels: the administrators decide rather than the step waiting forever.
    const admins = (await findRoleHolders(scope, ['ROLE_ADMIN'])).map((h) => h.userId);
    steps = [{ level: 4, approverIds: admins }];
  }
  const mode = settings.mode as AuditMode;
  const state = approvalOutcome(mode, steps, []);
  const row = await insertApproval(scope, {
    kind: ask.kind,
    targetId: ask.targetId,
    studentId: ask.studentId,
    requestedBy: v.userId,
    request: ask.request,
    mode,
    steps,
    status: AUDIT_STATUS.pending,
    waitingFor: state.waitingFor,
  });
  const notice = await getNoticeSetting(scope, 'approvalRequested');
  if (notice.enabled) {
    await notify(scope, 'CRISIS_APPROVAL_REQUESTED', state.waitingFor, {
      kind: APPROVAL_KIND_NAMES[ask.kind],
      studentName: student?.realName ?? `#${ask.studentId}`,
      requester: v.p.realName,
    });
  }
  return row.id;
}
