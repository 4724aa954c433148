import {
  APPOINTMENT_STATUSES,
  SLOT_STATUS,
  type AppointmentStatus,
  type Lang,
  type VideoSessionState,
} from '@psy/contracts';
import { addDays, eachDay, zonedDate } from '@psy/scheduling';
import { pageAnswer } from '../../core/db/paging';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import { isDeptInScope } from '../identity';
import {
  P,
  can,
  claimSlot,
  countFreeSlotsIn,
  dayRange,
  findSlotRaw,
  getPolicy,
  guardClashes,
  isCounsellor,
  isCounsellorRoleSet,
  moveSlot,
  permissionScopeOf,
  refuse,
  slotCountsByDay,
  termRefOf,
} from '../scheduling';
import {
  countAppointments,
  countByStatus,
  countWaiting,
  findAppointment,
  findAppointments,
  findCounsellorsOfVisitor,
  findUserBrief,
  findVideoAppointmentIds,
  findVideoRecord,
  findVideoRecords,
  insertEvent,
  insertOverride,
  restoreAppointmentRow,
  softDeleteAppointment,
  softDeleteVideo,
  type AppointmentFilter,
} from './appointments.repository';
import { listFilterOf } from './appointments.policy';
import { visitorFacts, type Ctx } from './appointments.context';
import { presentAppointments } from './appointments.service';
import { countMyPending } from './approvals.service';
import { offerFreedSlot } from './waitlist-offers';
import { inTurn } from '../../core/db/in-turn';

/** Records, front desk, counts, maintenance and video records (docs/appointments.md section 5). */

// ---------------------------------------------------------------------------------------------------
// Front desk and workbench

/** `dayList`: the front desk's day (school time), by start, within the viewer's scope. */
export async function dayList(ctx: Ctx, body: { date?: string; siteId?: number }) {
  const p = ctx.p!;
  if (!can(p, P.appointmentDesk) && !can(p, P.appointmentView)) throw forbidden();
  const policy = await getPolicy(ctx.scope);
  const date = body.date ?? zonedDate(new Date(), policy.timeZone);
  const { from, to } = dayRange(policy, date, date);
  const base = await listFilterOf(ctx.scope, p, can(p, P.appointmentView));
  const rows = await findAppointments(
    ctx.scope,
    { ...base, from, to, siteId: body.siteId },
    { limit: 1000, offset: 0, order: 'startAsc' },
  );
  return { date, records: await presentAppointments(ctx, rows, 'POST /consult/appointment/dayList') };
}

/** Today's figures for the workbench (school time): a viewer's scope, or a counsellor's own. */
export async function todayStats(ctx: Ctx, body: { siteId?: number }) {
  const p = ctx.p!;
  const policy = await getPolicy(ctx.scope);
  const date = zonedDate(new Date(), policy.timeZone);
  const { from, to } = dayRange(policy, date, date);
  const base: AppointmentFilter = can(p, P.appointmentView)
    ? await listFilterOf(ctx.scope, p, true)
    : isCounsellor(p)
      ? { counsellorId: p.userId }
      : { visitorId: p.userId };
  const counts = await countByStatus(ctx.scope, { ...base, from, to, siteId: body.siteId });
  const sum = (f: (c: (typeof counts)[number]) => boolean) => counts.filter(f).reduce((n, c) => n + c.n, 0);
  return {
    date,
    total: sum(() => true),
    waiting: sum((c) => c.status === 'appointment' && c.interview === 1),
    arrived: sum((c) => c.status === 'appointment' && c.interview === 8),
    running: sum((c) => c.status === 'running'),
    finished: sum((c) => c.status === 'success' || c.status === 'complete'),
    noShow: sum((c) => c.status === 'userBreakAppointment' || c.status === 'hostBreakAppointment'),
    cancelled: sum((c) => ['cancel', 'userTakeLeave', 'hostTakeLeave'].includes(c.status)),
    freeSlots: await countFreeSlotsIn(ctx.scope, {
      from,
      to,
      siteId: body.siteId,
      counsellorId: can(p, P.appointmentView) ? undefined : p.userId,
    }),
    pendingApprovals: await countMyPending(ctx),
    waitingList: can(p, P.waitlistManage) ? await countWaiting(ctx.scope) : 0,
  };
}

/** `consultPending`: my sessions whose record is to be filled, and approvals waiting for me. */
export async function consultPending(ctx: Ctx) {
  const p = ctx.p!;
  const recordsToFill = isCounsellor(p)
    ? await countAppointments(ctx.scope, { counsellorId: p.userId, statuses: ['success'] })
    : 0;
  const approvals = await countMyPending(ctx);
  return { total: recordsToFill + approvals, recordsToFill, approvals };
}

/** `workPlan`: per day of a counsellor (the caller, or anyone for a viewer), slots and appointments. */
export async function workPlan(
  ctx: Ctx,
  body: { startDate: string; endDate: string; counsellorId?: number },
) {
  const p = ctx.p!;
  if (addDays(body.startDate, 30) < body.endDate) throw badRequest('endDate', 'at most 31 days');
  const counsellorId = body.counsellorId ?? p.userId;
  if (counsellorId !== p.userId && !can(p, P.scheduleView) && !can(p, P.appointmentView)) throw forbidden();
  const policy = await getPolicy(ctx.scope);
  const { from, to } = dayRange(policy, body.startDate, body.endDate);
  const rows = await findAppointments(
    ctx.scope,
    { counsellorId, from, to },
    { limit: 2000, offset: 0, order: 'startAsc' },
  );
  const mapped = await presentAppointments(ctx, rows, 'POST /consult/appointment/workPlan');
  const slots = await slotCountsByDay(ctx.scope, counsellorId, from, to, policy.timeZone);
  return eachDay(body.startDate, body.endDate).map((date) => ({
    date,
    slots: slots.get(date)?.total ?? 0,
    free: slots.get(date)?.free ?? 0,
    appointments: mapped.filter((a) => zonedDate(new Date(a.startTime), policy.timeZone) === date),
  }));
}

/** `mine/consultants`: a visitor's counsellors; staff: the counsellors of the appointments they see. */
export async function myConsultants(ctx: Ctx, q: { current: number; size: number }) {
  const p = ctx.p!;
  const rows = await findCounsellorsOfVisitor(ctx.scope, p.userId);
  const page = rows.slice((q.current - 1) * q.size, q.current * q.size);
  return pageAnswer(
    q,
    page.map((r) => ({
      id: r.id,
      realName: r.realName,
      deptName: r.deptName ?? null,
      sessions: r.sessions,
      lastDate: r.lastDate ? new Date(r.lastDate).toISOString() : null,
    })),
    rows.length,
  );
}

/** `findAllConsultByVisitorId`: every appointment of a visitor the caller may see. */
export async function allOfVisitor(ctx: Ctx, visitorId: number) {
  const p = ctx.p!;
  const v = await findUserBrief(ctx.scope, visitorId);
  if (!v) throw notFound('visitor');
  let filter: AppointmentFilter = { visitorId };
  if (visitorId !== p.userId) {
    if (
      can(p, P.appointmentView) &&
      isDeptInScope(await permissionScopeOf(ctx.scope, p, P.appointmentView), v.deptId)
    ) {
      filter = { visitorId };
    } else if (isCounsellor(p)) filter = { visitorId, counsellorId: p.userId };
    else throw forbidden();
  }
  const rows = await findAppointments(ctx.scope, filter, { limit: 500, offset: 0 });
  return presentAppointments(ctx, rows, 'GET /consult/consultations/findAllConsultByVisitorId');
}

/** `appointment/override`: lifts a visitor's no-show block for the current term, logged with the reason. */
export async function overrideBlock(ctx: Ctx, body: { visitorId: number; reason: string }) {
  const v = await findUserBrief(ctx.scope, body.visitorId);
  if (!v) throw badRequest('visitorId', 'no such user in this school');
  const policy = await getPolicy(ctx.scope);
  const term = await termRefOf(ctx.scope, new Date(), policy);
  const f = await visitorFacts(ctx.scope, policy, body.visitorId, new Date());
  if (!f.block.blocked) throw refuse('notBlocked', ctx.lang);
  const row = await insertOverride(ctx.scope, {
    visitorId: body.visitorId,
    termKey: term.key,
    reason: body.reason,
    grantedBy: ctx.p!.userId,
  });
  return {
    id: row.id,
    visitorId: row.visitorId,
    termKey: row.termKey,
    reason: row.reason,
    grantedBy: row.grantedBy,
    createTime: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------
// Maintenance (S1.7.19)

const NOT_DELETABLE: readonly AppointmentStatus[] = ['running', 'success'];

export async function deletePreCheck(ctx: Ctx, id: number, lang: Lang) {
  const row = await findAppointment(ctx.scope, id);
  if (!row) throw notFound('appointment');
  if (NOT_DELETABLE.includes(row.a.status as AppointmentStatus)) {
    return {
      deletable: false,
      reason:
        lang === 'en-US'
          ? 'in session or its record is still to be filled'
          : '咨询进行中或记录待填写，不能删除',
    };
  }
  return { deletable: true, reason: null };
}

/** Deletes appointments (kept for restore); a booked slot of a live one is freed and offered. */
export async function deleteAppointments(ctx: Ctx, ids: number[]) {
  let deleted = 0;
  for (const id of ids) {
    const row = await findAppointment(ctx.scope, id);
    if (!row) continue;
    if (NOT_DELETABLE.includes(row.a.status as AppointmentStatus)) {
      throw badRequest('ids', `appointment ${id} is in session or its record is still to be filled`);
    }
    const gone = await softDeleteAppointment(ctx.scope, id, ctx.p!.userId);
    if (!gone) continue;
    deleted += 1;
    await insertEvent(ctx.scope, {
      appointmentId: id,
      action: 'delete',
      fromStatus: gone.status,
      toStatus: gone.status,
      fromInterview: gone.interviewStatus,
      toInterview: gone.interviewStatus,
      actorId: ctx.p!.userId,
    });
    if (gone.status === 'appointment' && gone.slotId !== null) {
      const slot = await findSlotRaw(ctx.scope, gone.slotId);
      if (slot?.kind === 'consult' && slot.status === SLOT_STATUS.booked) {
        await moveSlot(ctx.scope, ctx.lang, slot.id, SLOT_STATUS.booked, SLOT_STATUS.released);
        if (slot.startsAt.getTime() > Date.now()) await offerFreedSlot(ctx, slot.id);
      }
    }
  }
  return { deleted };
}

/** Restores a deleted appointment; a live one takes its slot back if still free (409 otherwise). */
export async function restoreAppointment(ctx: Ctx, id: number) {
  const row = await findAppointment(ctx.scope, id, { deleted: true });
  if (!row) throw notFound('appointment');
  const restored = await guardClashes(ctx.lang, () => restoreAppointmentRow(ctx.scope, id));
  if (!restored) throw notFound('appointment');
  if (restored.status === 'appointment' && restored.slotId !== null) {
    const slot = await findSlotRaw(ctx.scope, restored.slotId);
    if (slot?.kind === 'consult') {
      if (slot.deletedAt || (slot.status !== SLOT_STATUS.bookable && slot.status !== SLOT_STATUS.released)) {
        throw refuse('slotTaken', ctx.lang);
      }
      await claimSlot(ctx.scope, ctx.lang, slot.id, restored.visitorId);
    }
  }
  await insertEvent(ctx.scope, {
    appointmentId: id,
    action: 'restore',
    fromStatus: restored.status,
    toStatus: restored.status,
    fromInterview: restored.interviewStatus,
    toInterview: restored.interviewStatus,
    actorId: ctx.p!.userId,
  });
  const full = (await findAppointment(ctx.scope, id))!;
  return (await presentAppointments(ctx, [full], 'GET /consult/register/deleteAppoint/restore'))[0]!;
}

export async function searchDeleted(ctx: Ctx, q: { current: number; size: number; keyword?: string }) {
  const f: AppointmentFilter = { deleted: true, keyword: q.keyword };
  const [rows, total] = await inTurn([
    () =>
      findAppointments(ctx.scope, f, {
        limit: q.size,
        offset: (q.current - 1) * q.size,
        order: 'deletedDesc',
      }),
    () => countAppointments(ctx.scope, f),
  ]);
  const mapped = await presentAppointments(ctx, rows, 'POST /consult/register/searchDeleteAppoint');
  return pageAnswer(
    q,
    mapped.map((m, i) => ({
      ...m,
      deletedAt: rows[i]!.a.deletedAt!.toISOString(),
      deletedBy: rows[i]!.a.deletedBy,
    })),
    total,
  );
}

// ---------------------------------------------------------------------------------------------------
// Video consultation records

export async function videoPage(
  ctx: Ctx,
  q: { current: number; size: number; startDate?: string; endDate?: string },
) {
  const policy = await getPolicy(ctx.scope);
  const base = can(ctx.p!, P.appointmentView)
    ? await listFilterOf(ctx.scope, ctx.p!, true)
    : { participantId: ctx.p!.userId };
  const range =
    q.startDate || q.endDate
      ? dayRange(policy, q.startDate ?? '1970-01-01', q.endDate ?? '2999-12-31')
      : null;
  const f: AppointmentFilter = {
    ...base,
    ids: await findVideoAppointmentIds(ctx.scope),
    from: range?.from,
    to: range?.to,
  };
  const [rows, total] = await inTurn([
    () => findAppointments(ctx.scope, f, { limit: q.size, offset: (q.current - 1) * q.size }),
    () => countAppointments(ctx.scope, f),
  ]);
  const mapped = await presentAppointments(ctx, rows, 'POST /consult/video/page');
  const videos = await findVideoRecords(
    ctx.scope,
    rows.map((r) => r.a.id),
  );
  return pageAnswer(
    q,
    mapped.map((appointment) => {
      const v = videos.find((x) => x.appointmentId === appointment.id)!;
      return {
        id: v.id,
        appointmentId: appointment.id,
        startedAt: v.startedAt.toISOString(),
        endedAt: v.endedAt?.toISOString() ?? null,
        appointment,
      };
    }),
    total,
  );
}

const LIVE: readonly AppointmentStatus[] = ['appointment', 'running'];
const PAST: readonly AppointmentStatus[] = APPOINTMENT_STATUSES.filter((s) => !LIVE.includes(s));

/** Where a video session stands, from its appointment's status (S1.4.1). */
export function videoStateOf(status: AppointmentStatus): VideoSessionState {
  if (status === 'appointment') return 'scheduled';
  if (status === 'running') return 'inCall';
  if (status === 'success' || status === 'complete') return 'held';
  return 'notHeld';
}

/**
 * `mine/videoList`: the video sessions the caller holds as counsellor (online appointments), whatever
 * their data scope: a counsellor without `consult_appointment_view` has no other list of them. Someone
 * who is not a counsellor (a student, a clerk) has none to hold and is refused.
 */
export async function myVideoSessions(
  ctx: Ctx,
  q: { current: number; size: number; when: 'upcoming' | 'past' },
) {
  const p = ctx.p!;
  if (!isCounsellorRoleSet(p.roles.map((r) => r.roleCode)))
    throw forbidden('only counsellors hold video sessions');
  const f: AppointmentFilter = {
    counsellorId: p.userId,
    mode: 2,
    statuses: q.when === 'upcoming' ? LIVE : PAST,
  };
  const [rows, total] = await inTurn([
    () =>
      findAppointments(ctx.scope, f, {
        limit: q.size,
        offset: (q.current - 1) * q.size,
        order: q.when === 'upcoming' ? 'startAsc' : 'startDesc',
      }),
    () => countAppointments(ctx.scope, f),
  ]);
  const mapped = await presentAppointments(ctx, rows, 'POST /consult/mine/videoList');
  const videos = await findVideoRecords(
    ctx.scope,
    rows.map((r) => r.a.id),
  );
  return pageAnswer(
    q,
    mapped.map((appointment) => {
      const v = videos.find((x) => x.appointmentId === appointment.id);
      return {
        appointment,
        state: videoStateOf(appointment.status),
        video: v
          ? { id: v.id, startedAt: v.startedAt.toISOString(), endedAt: v.endedAt?.toISOString() ?? null }
          : null,
      };
    }),
    total,
  );
}

export async function deleteVideo(ctx: Ctx, id: number) {
  const v = await findVideoRecord(ctx.scope, id);
  if (!v) throw notFound('video record');
  const a = await findAppointment(ctx.scope, v.appointmentId);
  if (!a || (a.a.counsellorId !== ctx.p!.userId && !can(ctx.p!, P.appointmentManage)))
    throw notFound('video record');
  return { deleted: await softDeleteVideo(ctx.scope, id) };
}
