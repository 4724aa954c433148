import {
  APPROVAL_OPTION,
  APPROVAL_OPTION_LABELS,
  AUDIT_STATUS,
  type ApprovalOption,
  type AuditMode,
  type AuditStatus,
  type NoShowReason,
} from '@psy/contracts';
import { canAuditTransition, decideAudit } from '@psy/scheduling';
import { pageAnswer } from '../../core/db/paging';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import { sendMessageByEvent } from '../messages';
import { P, can, refuse } from '../scheduling';
import {
  countApprovals,
  findApprovalRaw,
  findApprovals,
  findSteps,
  findUserBrief,
  insertDeciderStep,
  lockAppointment,
  updateApprovalDecision,
  updateAppointment,
  type ApprovalRowRaw,
  type AppointmentRowRaw,
} from './appointments.repository';
import type { Ctx } from './appointments.context';
import { canActForVisitor } from './appointments.policy';
import { releaseAppointment, visibleAppointment } from './appointments.service';
import { raiseRequest, toApprovals } from './approval-requests';
import { inTurn } from '../../core/db/in-turn';

/**
 * Approvals (S1.4.5, S1.9.3): requests with ordered approver steps decided under the audit modes (1
 * sequential, 2 all must agree, 3 any one decides: `@psy/scheduling` `decideAudit`); who approves is the
 * school's choice per option (policy.approvals). Design: docs/appointments.md section 1.
 */

/** `POST /consult/inner/approve/consultation`: extension (3), extension lock (7), unlock (8). */
export async function raiseConsultation(
  ctx: Ctx,
  body: {
    option: 3 | 7 | 8;
    appointmentId?: number;
    visitorId?: number;
    extraSessions?: number;
    extraDays?: number;
    reason: string;
  },
) {
  const p = ctx.p!;
  let appointment: AppointmentRowRaw | null = null;
  let visitorId = body.visitorId ?? p.userId;
  if (body.appointmentId !== undefined) {
    const seen = await visibleAppointment(ctx, body.appointmentId);
    appointment = seen.a;
    visitorId = seen.a.visitorId;
    // Record options are the counsellor's (or a clerk's); an extension may also be asked by the visitor.
    const mine = seen.a.counsellorId === p.userId || (body.option === 3 && seen.a.visitorId === p.userId);
    if (!mine && !(await canActForVisitor(ctx.scope, p, seen.visitorDeptId))) throw forbidden();
  } else if (visitorId !== p.userId) {
    const v = await findUserBrief(ctx.scope, visitorId);
    if (!v) throw badRequest('visitorId', 'no such user in this school');
    if (!(await canActForVisitor(ctx.scope, p, v.deptId)) && !can(p, P.approve)) throw forbidden();
  }
  const row = await raiseRequest(ctx, {
    option: body.option,
    appointment,
    visitorId,
    reason: body.reason,
    payload: {
      ...(body.extraSessions !== undefined ? { extraSessions: body.extraSessions } : {}),
      ...(body.extraDays !== undefined ? { extraDays: body.extraDays } : {}),
    },
    force: true,
  });
  return getApproval(ctx, row.id);
}

/** Whether the caller may read a request: its requester, visitor, an approver, or an approval holder. */
async function visibleApproval(ctx: Ctx, id: number) {
  const [row] = await findApprovals(ctx.scope, { ids: [id] }, { limit: 1, offset: 0 });
  if (!row) throw notFound('approval');
  const p = ctx.p!;
  const steps = await findSteps(ctx.scope, [id]);
  const involved =
    row.r.requesterId === p.userId ||
    row.r.visitorId === p.userId ||
    steps.some((s) => s.approverId === p.userId) ||
    can(p, P.approve) ||
    can(p, P.appointmentManage);
  if (!involved) throw notFound('approval');
  return row;
}

export async function getApproval(ctx: Ctx, id: number) {
  return (await toApprovals(ctx, [await visibleApproval(ctx, id)]))[0]!;
}

/** `POST /consult/mine/approve`: waiting for my decision (or, with `mine`, the ones I raised). */
export async function myApprovals(
  ctx: Ctx,
  q: { current: number; size: number; status?: number; option?: number; mine: boolean },
) {
  const p = ctx.p!;
  const f = q.mine
    ? { requesterId: p.userId, status: q.status, option: q.option }
    : {
        approverId: p.userId,
        openToMe: can(p, P.approve),
        status: q.status ?? AUDIT_STATUS.pending,
        option: q.option,
      };
  const [rows, total] = await inTurn([
    () => findApprovals(ctx.scope, f, { limit: q.size, offset: (q.current - 1) * q.size }),
    () => countApprovals(ctx.scope, f),
  ]);
  // Open requests a holder of consult_approve raised themselves are not theirs to decide.
  return pageAnswer(q, await toApprovals(ctx, rows), total);
}

/**
 * The approver's history: requests in which the caller decided a step, newest decision first, each with
 * that decision and its comment (the request itself may still wait for the other approvers).
 */
export async function myDecisions(ctx: Ctx, q: { current: number; size: number; option?: number }) {
  const p = ctx.p!;
  const f = { decidedBy: p.userId, option: q.option };
  const [rows, total] = await inTurn([
    () => findApprovals(ctx.scope, f, { limit: q.size, offset: (q.current - 1) * q.size }),
    () => countApprovals(ctx.scope, f),
  ]);
  const records = (await toApprovals(ctx, rows)).map((a) => {
    const step = a.steps.filter((s) => s.approverId === p.userId && s.decidedAt !== null).at(-1)!;
    return { ...a, myDecision: step };
  });
  return pageAnswer(q, records, total);
}

/** Pending requests the caller can decide now (the workbench count). */
export function countMyPending(ctx: Ctx) {
  const p = ctx.p!;
  return countApprovals(ctx.scope, {
    approverId: p.userId,
    openToMe: can(p, P.approve),
    status: AUDIT_STATUS.pending,
  });
}

export async function pendingOfAppointment(ctx: Ctx, appointmentId: number) {
  await visibleAppointment(ctx, appointmentId);
  const rows = await findApprovals(
    ctx.scope,
    { appointmentId, status: AUDIT_STATUS.pending },
    { limit: 1, offset: 0 },
  );
  const [pending] = await toApprovals(ctx, rows);
  return { pending: pending ?? null, canDecide: pending?.canDecide ?? false };
}

/**
 * Decides a request as one approver. When the mode's rule decides it, its effect follows in the same
 * transaction: an approved leave or cancel releases the appointment as judged when it was asked; a
 * rejected booking confirmation cancels the booking; extensions count from then on.
 */
export async function decide(
  ctx: Ctx,
  body: { id: number; status: 2 | 3; comment?: string },
  kind: 'leave' | 'other',
) {
  const { scope, lang } = ctx;
  const p = ctx.p!;
  await visibleApproval(ctx, body.id);
  const r = (await findApprovalRaw(scope, body.id, true))!;
  if (kind === 'leave' && r.option !== APPROVAL_OPTION.leave) throw badRequest('id', 'not a leave request');
  if (kind === 'other' && r.option === APPROVAL_OPTION.leave)
    throw badRequest('id', 'decide leave requests with leave/updateAudit');
  const steps = (await findSteps(scope, [r.id])).map((s) => ({
    seq: s.seq,
    approverId: s.approverId,
    status: s.status as AuditStatus,
  }));
  if (steps.length === 0 && r.requesterId === p.userId) throw forbidden('you cannot decide your own request');
  const outcome = decideAudit(r.mode as AuditMode, r.status as AuditStatus, steps, p.userId, body.status, {
    openToApprovers: can(p, P.approve),
  });
  if (!outcome.ok) {
    if (outcome.refusal === 'notPending') throw refuse('notAllowed', lang);
    throw forbidden(
      outcome.refusal === 'notYourTurn' ? 'an earlier approver decides first' : 'you are not an approver',
    );
  }
  if (!canAuditTransition(r.status as AuditStatus, outcome.status) && outcome.status !== r.status) {
    throw refuse('notAllowed', lang);
  }
  const changed = outcome.steps.filter((s, i) => s.status !== steps[i]!.status);
  const ok = await updateApprovalDecision(
    scope,
    r.id,
    outcome.status,
    changed.map((s) => ({
      seq: s.seq,
      status: s.status,
      ...(s.approverId === p.userId && s.status === body.status
        ? { comment: body.comment ?? null, decided: true }
        : {}),
    })),
  );
  if (!ok) throw refuse('notAllowed', lang);
  // Without named approvers nobody would know later who decided, or why: the decider becomes the step.
  if (steps.length === 0)
    await insertDeciderStep(scope, {
      requestId: r.id,
      approverId: p.userId,
      status: outcome.status,
      comment: body.comment ?? null,
    });
  if (outcome.status !== AUDIT_STATUS.pending) await applyDecision(ctx, r, outcome.status);
  return getApproval(ctx, r.id);
}

async function applyDecision(ctx: Ctx, r: ApprovalRowRaw, status: AuditStatus) {
  const { scope } = ctx;
  const payload = r.payload as { countsAsNoShow?: boolean; noShowReason?: NoShowReason | null };
  if (r.appointmentId !== null) {
    const a = await lockAppointment(scope, r.appointmentId);
    if (a && status === AUDIT_STATUS.approved) {
      if (r.option === APPROVAL_OPTION.leave || r.option === APPROVAL_OPTION.visitorCancel) {
        await releaseAppointment(ctx, a, {
          action: r.option === APPROVAL_OPTION.leave ? 'visitorLeave' : 'visitorCancel',
          judgement: {
            countsAsNoShow: payload.countsAsNoShow ?? false,
            reason: payload.noShowReason ?? null,
          },
          reason: r.reason,
          offer: true,
          sms: false,
        });
      }
      if (r.option === APPROVAL_OPTION.booking)
        await updateAppointment(scope, a.id, { awaitingApproval: false });
    }
    if (a && status === AUDIT_STATUS.rejected && r.option === APPROVAL_OPTION.booking) {
      await releaseAppointment(ctx, a, {
        action: 'hostCancel',
        reason: 'booking not confirmed',
        offer: true,
        sms: false,
      });
    }
  }
  const visitor = await findUserBrief(scope, r.requesterId);
  await sendMessageByEvent(scope, {
    event: 'APPROVAL_DECIDED',
    userIds: [r.requesterId],
    params: {
      realName: visitor?.realName ?? '-',
      optionName: APPROVAL_OPTION_LABELS[r.option as ApprovalOption],
      result:
        status === AUDIT_STATUS.approved
          ? { 'zh-CN': '通过', 'en-US': 'approved' }
          : { 'zh-CN': '驳回', 'en-US': 'declined' },
    },
  });
}

/** Withdraws a pending request: its requester (or, for `cancalAudit`, a holder of the manage key). */
export async function withdraw(ctx: Ctx, id: number, allowManager: boolean) {
  const p = ctx.p!;
  await visibleApproval(ctx, id);
  const r = (await findApprovalRaw(ctx.scope, id, true))!;
  if (r.requesterId !== p.userId && !(allowManager && can(p, P.appointmentManage))) {
    throw forbidden('only the requester withdraws a request');
  }
  if (!canAuditTransition(r.status as AuditStatus, AUDIT_STATUS.withdrawn))
    throw refuse('notAllowed', ctx.lang);
  const steps = await findSteps(ctx.scope, [id]);
  const ok = await updateApprovalDecision(
    ctx.scope,
    id,
    AUDIT_STATUS.withdrawn,
    steps
      .filter((s) => s.status === AUDIT_STATUS.pending)
      .map((s) => ({ seq: s.seq, status: AUDIT_STATUS.withdrawn })),
  );
  if (!ok) throw refuse('notAllowed', ctx.lang);
  // A withdrawn booking confirmation leaves the booking unconfirmed: cancel it as the visitor's cancel.
  if (r.option === APPROVAL_OPTION.booking && r.appointmentId !== null) {
    const a = await lockAppointment(ctx.scope, r.appointmentId);
    if (a?.status === 'appointment') {
      await releaseAppointment(ctx, a, {
        action: 'visitorCancel',
        reason: 'withdrawn',
        offer: true,
        sms: false,
      });
    }
  }
  return getApproval(ctx, id);
}

/**
 * Approved record grants of an appointment, for the case-record module (next issue): extra days before the
 * record locks (option 7) and whether it was unlocked (option 8).
 */
export async function approvedRecordGrants(ctx: Ctx, appointmentId: number) {
  const rows = await findApprovals(
    ctx.scope,
    { appointmentId, status: AUDIT_STATUS.approved },
    { limit: 50, offset: 0 },
  );
  return {
    extraDays: rows
      .filter((r) => r.r.option === APPROVAL_OPTION.extensionLock)
      .reduce((n, r) => n + Number((r.r.payload as { extraDays?: number }).extraDays ?? 0), 0),
    unlocked: rows.some((r) => r.r.option === APPROVAL_OPTION.unlock),
  };
}
