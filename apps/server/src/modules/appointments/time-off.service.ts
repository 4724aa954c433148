import { SLOT_STATUS } from '@psy/contracts';
import { forbidden, badRequest } from '../../core/http/app-error';
import {
  P,
  addHoliday,
  can,
  dayRange,
  findPerson,
  findSlotsOverlapping,
  getPolicy,
  isCounsellorRoleSet,
  softDeleteSlots,
} from '../scheduling';
import {
  findCounsellorLeaves,
  findLiveOfCounsellor,
  findLiveOnSlots,
  insertCounsellorLeave,
  lockAppointment,
  type AppointmentRowRaw,
} from './appointments.repository';
import { releaseAppointment, type Ctx } from './appointments.service';

/**
 * Time off (issue 13 "a counsellor's leave or a holiday frees or blocks slots and tells the affected
 * visitors"): the appointments in the period are ended as the centre's (holiday: cancel, leave:
 * hostTakeLeave, interview status 5) with an SMS to the visitor, and the period's slots are withdrawn.
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

/** `counsellorLeave/save`: the counsellor's appointments in the period become hostTakeLeave; slots withdrawn. */
export async function saveCounsellorLeave(
  ctx: Ctx,
  body: { counsellorId?: number; startTime: string; endTime: string; reason?: string },
) {
  const p = ctx.p!;
  const counsellorId = body.counsellorId ?? p.userId;
  if (counsellorId !== p.userId && !can(p, P.scheduleEdit)) throw forbidden();
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
  });
  const cancelled = await endAll(
    ctx,
    await findLiveOfCounsellor(ctx.scope, counsellorId, from, to),
    'hostLeave',
    body.reason || 'leave',
  );
  const slots = await findSlotsOverlapping(ctx.scope, { counsellorId, from, to });
  const withdrawn = await softDeleteSlots(
    ctx.scope,
    slots.filter((s) => s.kind !== 'consult' || s.status !== SLOT_STATUS.completed).map((s) => s.id),
    'counsellor leave',
  );
  return {
    id: leave.id,
    counsellorId,
    counsellorName: person.realName,
    startTime: from.toISOString(),
    endTime: to.toISOString(),
    reason: leave.reason,
    withdrawnSlots: withdrawn.length,
    cancelledAppointments: cancelled,
  };
}

export async function listCounsellorLeaves(ctx: Ctx, q: { counsellorId?: number }) {
  const p = ctx.p!;
  const counsellorId = can(p, P.scheduleView) || can(p, P.scheduleEdit) ? q.counsellorId : p.userId;
  const rows = await findCounsellorLeaves(ctx.scope, { counsellorId });
  return rows.map(({ l, counsellorName }) => ({
    id: l.id,
    counsellorId: l.counsellorId,
    counsellorName,
    startTime: l.startsAt.toISOString(),
    endTime: l.endsAt.toISOString(),
    reason: l.reason,
    withdrawnSlots: 0,
    cancelledAppointments: 0,
  }));
}
