import { SLOT_STATUS, type CounsellorLeaveStatus } from '@psy/contracts';
import { forbidden, badRequest, notFound } from '../../core/http/app-error';
import {
  P,
  addHoliday,
  can,
  dayRange,
  findPerson,
  findSlotsOverlapping,
  getPolicy,
  isCounsellorRoleSet,
  refuse,
  softDeleteSlots,
} from '../scheduling';
import {
  findCounsellorLeaves,
  findLiveOfCounsellor,
  findLiveOnSlots,
  insertCounsellorLeave,
  lockAppointment,
  lockCounsellorLeave,
  updateCounsellorLeave,
  type AppointmentRowRaw,
} from './appointments.repository';
import type { Ctx } from './appointments.context';
import { releaseAppointment } from './appointments.service';
import { inTurn } from '../../core/db/in-turn';

/**
 * Time off (issue 13 "a counsellor's leave or a holiday frees or blocks slots and tells the affected
 * visitors"): the appointments in the period are ended as the centre's (holiday: cancel, leave:
 * hostTakeLeave, interview status 5) with an SMS to the visitor, and the period's slots are withdrawn. A
 * counsellor's own leave does that only once someone with `consult_schedule_edit` approves it.
 */

async function endAll(
  ctx: Ctx,
  appointments: AppointmentRowRaw[],
  action: 'hostCancel' | 'hostLeave',
  reason: string,
) {
  let n = 0;
  for (const a of appointments) {
    const locked = await lockAppointment(ctx.scope, a.id);
    if (!locked || locked.status !== 'appointment') continue;
    await releaseAppointment(ctx, locked, { action, reason, offer: false, sms: true });
    n += 1;
  }
  return n;
}

/** `holiday/save`: records the holiday, ends its appointments and withdraws its slots and duty shifts. */
export async function saveHoliday(ctx: Ctx, body: { name: string; startDate: string; endDate: string }) {
  const policy = await getPolicy(ctx.scope);
  const { from, to } = dayRange(policy, body.startDate, body.endDate);
  const holiday = await addHoliday(ctx.scope, { ...body, createdBy: ctx.p!.userId });
  const slots = await findSlotsOverlapping(ctx.scope, { from, to });
  const cancelled = await endAll(
    ctx,
    await findLiveOnSlots(
      ctx.scope,
      slots.map((s) => s.id),
    ),
    'hostCancel',
    body.name,
  );
  const withdrawn = await softDeleteSlots(
    ctx.scope,
    slots.filter((s) => s.kind !== 'consult' || s.status !== SLOT_STATUS.completed).map((s) => s.id),
    `holiday: ${body.name}`,
  );
  return { ...holiday, withdrawnSlots: withdrawn.length, cancelledAppointments: cancelled };
}

type LeaveRow = Awaited<ReturnType<typeof findCounsellorLeaves>>[number];

/** What approving a leave would do now: the counsellor's free slots and duty shifts, and live bookings. */
async function leaveEffect(ctx: Ctx, counsellorId: number, from: Date, to: Date) {
  const [slots, appointments] = await inTurn([
    () => findSlotsOverlapping(ctx.scope, { counsellorId, from, to }),
    () => findLiveOfCounsellor(ctx.scope, counsellorId, from, to),
  ]);
  return {
    affectedSlots: slots.filter((s) => s.kind !== 'consult' || s.status !== SLOT_STATUS.completed).length,
    affectedAppointments: appointments.length,
  };
}

async function presentLeave(ctx: Ctx, { l, counsellorName, decidedByName }: LeaveRow) {
  const effect =
    l.status === 'pending'
      ? await leaveEffect(ctx, l.counsellorId, l.startsAt, l.endsAt)
      : { affectedSlots: 0, affectedAppointments: 0 };
  return {
    id: l.id,
    counsellorId: l.counsellorId,
    counsellorName,
    startTime: l.startsAt.toISOString(),
    endTime: l.endsAt.toISOString(),
    reason: l.reason,
    status: l.status as CounsellorLeaveStatus,
    decidedByName,
    decidedAt: l.decidedAt?.toISOString() ?? null,
    comment: l.decisionComment,
    ...effect,
    withdrawnSlots: l.withdrawnSlots,
    cancelledAppointments: l.cancelledAppointments,
  };
}

async function leaveById(ctx: Ctx, id: number) {
  const [row] = await findCounsellorLeaves(ctx.scope, { id });
  if (!row) throw notFound('leave');
  return presentLeave(ctx, row);
}

/** Applies an approved leave: the period's appointments end as hostTakeLeave (visitors told), slots go. */
async function applyLeave(ctx: Ctx, counsellorId: number, from: Date, to: Date, reason: string | null) {
  const cancelled = await endAll(
    ctx,
    await findLiveOfCounsellor(ctx.scope, counsellorId, from, to),
    'hostLeave',
    reason || 'leave',
  );
  const slots = await findSlotsOverlapping(ctx.scope, { counsellorId, from, to });
  const withdrawn = await softDeleteSlots(
    ctx.scope,
    slots.filter((s) => s.kind !== 'consult' || s.status !== SLOT_STATUS.completed).map((s) => s.id),
    'counsellor leave',
  );
  return { withdrawnSlots: withdrawn.length, cancelledAppointments: cancelled };
}

/**
 * `counsellorLeave/save`. A counsellor asking for themselves waits for someone with
 * `consult_schedule_edit` (nothing changes yet; the answer says what approving would do); such a person
 * recording a leave decides it too, so it takes effect at once.
 */
export async function saveCounsellorLeave(
  ctx: Ctx,
  body: { counsellorId?: number; startTime: string; endTime: string; reason?: string },
) {
  const p = ctx.p!;
  const counsellorId = body.counsellorId ?? p.userId;
  const mayDecide = can(p, P.scheduleEdit);
  if (counsellorId !== p.userId && !mayDecide) throw forbidden();
  const person = await findPerson(ctx.scope, counsellorId);
  if (!person || !isCounsellorRoleSet(person.roleCodes))
    throw badRequest('counsellorId', 'not a counsellor of the school');
  const from = new Date(body.startTime);
  const to = new Date(body.endTime);
  const leave = await insertCounsellorLeave(ctx.scope, {
    counsellorId,
    startsAt: from,
    endsAt: to,
    reason: body.reason ?? null,
    createdBy: p.userId,
    status: mayDecide ? 'approved' : 'pending',
    ...(mayDecide ? { decidedBy: p.userId, decidedAt: new Date() } : {}),
  });
  if (mayDecide) {
    const effect = await applyLeave(ctx, counsellorId, from, to, leave.reason);
    await updateCounsellorLeave(ctx.scope, leave.id, effect);
  }
  return leaveById(ctx, leave.id);
}

/** `counsellorLeave/decide`: approving applies the leave as it stands now; rejecting changes nothing. */
export async function decideCounsellorLeave(
  ctx: Ctx,
  body: { id: number; status: 'approved' | 'rejected'; comment?: string },
) {
  const p = ctx.p!;
  const leave = await lockCounsellorLeave(ctx.scope, body.id);
  if (!leave) throw notFound('leave');
  if (leave.status !== 'pending') throw refuse('notAllowed', ctx.lang, { status: leave.status });
  const effect =
    body.status === 'approved'
      ? await applyLeave(ctx, leave.counsellorId, leave.startsAt, leave.endsAt, leave.reason)
      : {};
  await updateCounsellorLeave(ctx.scope, leave.id, {
    status: body.status,
    decidedBy: p.userId,
    decidedAt: new Date(),
    decisionComment: body.comment ?? null,
    ...effect,
  });
  return leaveById(ctx, leave.id);
}

/** `counsellorLeave/withdraw`: the counsellor takes back their own leave while it is pending. */
export async function withdrawCounsellorLeave(ctx: Ctx, id: number) {
  const leave = await lockCounsellorLeave(ctx.scope, id);
  // Another counsellor's leave is not theirs to see.
  if (!leave || (leave.counsellorId !== ctx.p!.userId && !can(ctx.p!, P.scheduleView)))
    throw notFound('leave');
  if (leave.counsellorId !== ctx.p!.userId) throw forbidden('only the counsellor withdraws their leave');
  if (leave.status !== 'pending') throw refuse('notAllowed', ctx.lang, { status: leave.status });
  await updateCounsellorLeave(ctx.scope, id, { status: 'withdrawn', decidedAt: new Date() });
  return leaveById(ctx, id);
}

export async function listCounsellorLeaves(
  ctx: Ctx,
  q: { counsellorId?: number; status?: CounsellorLeaveStatus },
) {
  const p = ctx.p!;
  const counsellorId = can(p, P.scheduleView) || can(p, P.scheduleEdit) ? q.counsellorId : p.userId;
  const rows = await findCounsellorLeaves(ctx.scope, { counsellorId, status: q.status });
  // One after another: they read through the one connection of the request's transaction.
  const leaves = [];
  for (const row of rows) leaves.push(await presentLeave(ctx, row));
  return leaves;
}
