import { AUDIT_MODE, AUDIT_STATUS, type AuditMode, type AuditStatus } from '@psy/contracts';

/** One approver level of an approval and the people who may decide for it. */
export interface ApprovalStep {
  level: number;
  approverIds: number[];
}

export interface ApprovalDecision {
  step: number;
  userId: number;
  approve: boolean;
}

export interface ApprovalState {
  status: AuditStatus;
  /** The step (index into steps) that is waiting, for sequential approvals; null once decided. */
  currentStep: number | null;
  /** Who may decide now. */
  waitingFor: number[];
}

/**
 * Where an approval stands after its decisions (spec audit modes): 1 sequential: each step in order, one
 * approver of the step decides for it, a rejection ends it; 2 all must agree: every approver of every
 * step, any rejection ends it; 3 any one decides: the first decision of any approver ends it.
 */
export function approvalOutcome(
  mode: AuditMode,
  steps: readonly ApprovalStep[],
  decisions: readonly ApprovalDecision[],
): ApprovalState {
  if (decisions.some((d) => !d.approve))
    return { status: AUDIT_STATUS.rejected, currentStep: null, waitingFor: [] };
  if (mode === AUDIT_MODE.any) {
    return decisions.length > 0
      ? { status: AUDIT_STATUS.approved, currentStep: null, waitingFor: [] }
      : {
          status: AUDIT_STATUS.pending,
          currentStep: 0,
          waitingFor: uniq(steps.flatMap((s) => s.approverIds)),
        };
  }
  if (mode === AUDIT_MODE.all) {
    const waiting = steps.flatMap((s, i) =>
      s.approverIds.filter((id) => !decisions.some((d) => d.step === i && d.userId === id)),
    );
    return waiting.length === 0
      ? { status: AUDIT_STATUS.approved, currentStep: null, waitingFor: [] }
      : { status: AUDIT_STATUS.pending, currentStep: 0, waitingFor: uniq(waiting) };
  }
  const next = steps.findIndex((_, i) => !decisions.some((d) => d.step === i));
  if (next === -1) return { status: AUDIT_STATUS.approved, currentStep: null, waitingFor: [] };
  return { status: AUDIT_STATUS.pending, currentStep: next, waitingFor: uniq(steps[next]!.approverIds) };
}

const uniq = (ids: number[]) => [...new Set(ids)];

/** Whether a person may decide now, and for which step. */
export function decisionStepFor(
  mode: AuditMode,
  steps: readonly ApprovalStep[],
  decisions: readonly ApprovalDecision[],
  userId: number,
): number | null {
  const state = approvalOutcome(mode, steps, decisions);
  if (state.status !== AUDIT_STATUS.pending || !state.waitingFor.includes(userId)) return null;
  if (mode === AUDIT_MODE.sequential) return state.currentStep;
  const i = steps.findIndex(
    (s, idx) =>
      s.approverIds.includes(userId) && !decisions.some((d) => d.step === idx && d.userId === userId),
  );
  return i === -1 ? null : i;
}
