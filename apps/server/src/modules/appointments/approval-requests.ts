import {
  APPROVAL_OPTION_LABELS,
  AUDIT_STATUS,
  approvalRuleOf,
  type Approval,
  type ApprovalOption,
  type AuditMode,
  type AuditStatus,
  type SchedulingPolicy,
} from '@psy/contracts';
import { currentApprovers, type AuditStep } from '@psy/scheduling';
import { sendMessageByEvent } from '../messages';
import { P, can, getPolicy, guardClashes, termRefOf } from '../scheduling';
import {
  findApprovals,
  findSteps,
  findUserBrief,
  insertApproval,
  type ApprovalRow,
  type ApprovalRowRaw,
  type AppointmentRowRaw,
} from './appointments.repository';
import type { Ctx } from './appointments.context';

/*
 * Approval requests as the booking service raises and shows them (a booking to confirm, a leave or a
 * cancel to approve): below both the booking service and the approvals service, whose decisions release
 * appointments through the booking service.
 */

export const requiresApproval = (policy: SchedulingPolicy, option: ApprovalOption) =>
  approvalRuleOf(policy, option).required;

interface RaiseInput {
  option: ApprovalOption;
  appointment: AppointmentRowRaw | null;
  visitorId: number;
  reason: string | null;
  payload: Record<string, unknown>;
  /** Raise it although the option is not required (booking confirmation follows zxyyms instead). */
  force?: boolean;
}

/** Creates a request with the school's approvers for the option; approvers are told. */
export async function raiseRequest(ctx: Ctx, input: RaiseInput): Promise<ApprovalRowRaw> {
  const { scope, lang } = ctx;
  const policy = await getPolicy(scope);
  const rule = approvalRuleOf(policy, input.option);
  const requesterId = ctx.p?.userId ?? input.visitorId;
  const approvers = [
    ...(rule.counsellorFirst && input.appointment ? [input.appointment.counsellorId] : []),
    ...rule.approverIds,
  ].filter((id, i, all) => all.indexOf(id) === i && id !== requesterId);
  const term = await termRefOf(scope, input.appointment?.startsAt ?? new Date(), policy);
  const row = await guardClashes(lang, () =>
    insertApproval(
      scope,
      {
        option: input.option,
        appointmentId: input.appointment?.id ?? null,
        visitorId: input.visitorId,
        requesterId,
        mode: rule.mode,
        reason: input.reason,
        payload: input.payload,
        termKey: term.key,
      },
      approvers,
    ),
  );
  const first = currentApprovers(
    rule.mode,
    approvers.map((approverId, i) => ({ seq: i + 1, approverId, status: 1 })),
  );
  if (first.length) {
    const requester = await findUserBrief(scope, requesterId);
    await sendMessageByEvent(scope, {
      event: 'APPROVAL_REQUESTED',
      userIds: first,
      params: {
        requester: requester?.realName ?? '-',
        optionName: APPROVAL_OPTION_LABELS[input.option],
        reason: input.reason ?? '-',
      },
    });
  }
  return row;
}

function canDecideNow(ctx: Ctx, r: ApprovalRowRaw, steps: AuditStep[]): boolean {
  if (!ctx.p || r.status !== AUDIT_STATUS.pending) return false;
  if (steps.length === 0) return can(ctx.p, P.approve) && r.requesterId !== ctx.p.userId;
  return currentApprovers(r.mode as AuditMode, steps).includes(ctx.p.userId);
}

export async function toApprovals(ctx: Ctx, rows: ApprovalRow[]): Promise<Approval[]> {
  const steps = await findSteps(
    ctx.scope,
    rows.map((r) => r.r.id),
  );
  return rows.map(({ r, visitorName, requesterName, startsAt }) => {
    const mine = steps.filter((s) => s.requestId === r.id);
    const audit = mine.map((s) => ({
      seq: s.seq,
      approverId: s.approverId,
      status: s.status as AuditStatus,
    }));
    const payload = r.payload as Record<string, unknown>;
    return {
      id: r.id,
      option: r.option,
      status: r.status,
      mode: r.mode,
      appointmentId: r.appointmentId,
      visitorId: r.visitorId,
      visitorName,
      requesterId: r.requesterId,
      requesterName,
      reason: r.reason,
      extraSessions: typeof payload.extraSessions === 'number' ? payload.extraSessions : null,
      extraDays: typeof payload.extraDays === 'number' ? payload.extraDays : null,
      countsAsNoShow: typeof payload.countsAsNoShow === 'boolean' ? payload.countsAsNoShow : null,
      startTime: startsAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      steps: mine.map((s) => ({
        seq: s.seq,
        approverId: s.approverId,
        approverName: s.approverName,
        status: s.status,
        comment: s.comment,
        decidedAt: s.decidedAt?.toISOString() ?? null,
      })),
      canDecide: canDecideNow(ctx, r, audit),
    };
  });
}

export async function approvalsOfAppointment(ctx: Ctx, appointmentId: number) {
  const rows = await findApprovals(ctx.scope, { appointmentId }, { limit: 50, offset: 0 });
  return toApprovals(ctx, rows);
}
