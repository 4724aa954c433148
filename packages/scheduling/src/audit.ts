import { AUDIT_STATUS, type AuditMode, type AuditStatus } from '@psy/contracts';

/**
 * Approval decisions under the audit modes of S1.4.5: 1 sequential, 2 all must agree, 3 any one decides.
 * A request has ordered steps, one per approver; a request without steps is open to any holder of the
 * approval permission, whose decision is final (docs/appointments.md section 1, "approvals").
 */

export interface AuditStep {
  seq: number;
  approverId: number;
  /** 1 pending, 2 approved, 3 rejected, 0 skipped (the request was decided before this step acted). */
  status: AuditStatus;
}

export type AuditDecision = typeof AUDIT_STATUS.approved | typeof AUDIT_STATUS.rejected;

export type AuditRefusal = 'notPending' | 'notApprover' | 'notYourTurn';

export type AuditOutcome =
  { ok: true; status: AuditStatus; steps: AuditStep[] } | { ok: false; refusal: AuditRefusal };

const P = AUDIT_STATUS.pending;

/** The approvers who may decide now: every pending step (modes 2, 3), or the first pending one (mode 1). */
export function currentApprovers(mode: AuditMode, steps: readonly AuditStep[]): number[] {
  const pending = [...steps].filter((s) => s.status === P).sort((a, b) => a.seq - b.seq);
  if (mode === 1) return pending.length ? [pending[0]!.approverId] : [];
  return pending.map((s) => s.approverId);
}

/**
 * Applies one approver's decision. `status` of the request stays 1 until the mode's rule decides it;
 * steps left pending when it is decided are skipped (0).
 */
export function decideAudit(
  mode: AuditMode,
  requestStatus: AuditStatus,
  steps: readonly AuditStep[],
  approverId: number,
  decision: AuditDecision,
  opts: { openToApprovers?: boolean } = {},
): AuditOutcome {
  if (requestStatus !== P) return { ok: false, refusal: 'notPending' };
  if (steps.length === 0) {
    // No named approvers: any holder of the approval permission decides alone.
    if (!opts.openToApprovers) return { ok: false, refusal: 'notApprover' };
    return { ok: true, status: decision, steps: [] };
  }
  const mine = steps.filter((s) => s.approverId === approverId && s.status === P);
  if (mine.length === 0) return { ok: false, refusal: 'notApprover' };
  if (!currentApprovers(mode, steps).includes(approverId)) return { ok: false, refusal: 'notYourTurn' };

  const acting = [...mine].sort((a, b) => a.seq - b.seq)[0]!;
  let next = steps.map((s) => (s.seq === acting.seq ? { ...s, status: decision as AuditStatus } : { ...s }));
  let status: AuditStatus = P;
  if (decision === AUDIT_STATUS.rejected || mode === 3) status = decision;
  else if (next.every((s) => s.status === AUDIT_STATUS.approved)) status = AUDIT_STATUS.approved;
  if (status !== P) next = next.map((s) => (s.status === P ? { ...s, status: AUDIT_STATUS.withdrawn } : s));
  return { ok: true, status, steps: next };
}
