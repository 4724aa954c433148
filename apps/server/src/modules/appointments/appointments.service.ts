import {
  APPOINTMENT_INFORMATION_NOTE,
  APPROVAL_OPTION,
  SLOT_STATUS,
  isAppointmentType,
  refusalMessage,
  type Appointment,
  type AppointmentAction,
  type AppointmentStatus,
  type AppointmentType,
  type InterviewStatus,
  type NoShowReason,
  type RuleState,
  type SchedulingPolicy,
} from '@psy/contracts';
import {
  TransitionError,
  TYPE_GROUPS,
  actionTimeRefusal,
  allowedActions,
  applyAction,
  arrivalTime,
  bookingRefusals,
  bookingWindow,
  countsAsSession,
  isSelfBookable,
  judgeCancel,
  judgeLeave,
  slotCategoriesOf,
  typeGroupOf,
  type ReleaseJudgement,
  type TypeGroup,
} from '@psy/scheduling';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer } from '../../core/db/paging';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { canSeeSensitive, recordPersonalDataReads } from '../identity';
import {
  P,
  appointmentTypeState,
  can,
  claimSlot,
  dayRange,
  findSlotRaw,
  getPolicy,
  guardClashes,
  isStaff,
  moveDuty,
  moveSlot,
  refuse,
  siteServesVisitor,
  termRefOf,
} from '../scheduling';
import { maskPhone } from '@psy/contracts';
import {
  countAppointments,
  countLiveOnDuty,
  countUpcoming,
  endVideo,
  findAppointment,
  findAppointments,
  findEvents,
  findUserBrief,
  insertAppointment,
  insertEvent,
  lockAppointment,
  updateAppointmentFrom,
  updateRegistration,
  upsertVideoStart,
  withdrawPendingOf,
  closeEntriesOf,
  type AppointmentFilter,
  type AppointmentRow,
  type AppointmentRowRaw,
} from './appointments.repository';
import { canActForVisitor, canSeeAppointment, listFilterOf } from './appointments.policy';
import {
  notifyBooked,
  notifyCancelled,
  notifyChanged,
  notifyNoShow,
  scheduleReminders,
} from './appointment-notices';
import { visitorFacts, type Ctx } from './appointments.context';
import { approvalsOfAppointment, raiseRequest, requiresApproval } from './approval-requests';
import { offerFreedSlot } from './waitlist-offers';
import { inTurn } from '../../core/db/in-turn';

const actorOf = (ctx: Ctx) => ctx.p?.userId ?? null;

// ---------------------------------------------------------------------------------------------------
// Mapping

export function toAppointment(
  r: AppointmentRow,
  opts: { masked: boolean; policy: SchedulingPolicy },
): Appointment {
  const a = r.a;
  return {
    id: a.id,
    type: a.type,
    category: a.category,
    status: a.status as AppointmentStatus,
    interviewStatus: a.interviewStatus,
    mode: a.mode,
    source: a.source,
    startTime: a.startsAt.toISOString(),
    endTime: a.endsAt.toISOString(),
    arriveBy: arrivalTime(a.startsAt, opts.policy).toISOString(),
    visitorId: a.visitorId,
    visitorName: r.visitorName,
    visitorNumber: r.visitorNumber,
    visitorPhone: opts.masked ? maskPhone(r.visitorPhone) : r.visitorPhone,
    visitorDeptName: r.visitorDeptName,
    counsellorId: a.counsellorId,
    counsellorName: r.counsellorName,
    siteId: a.siteId,
    siteName: r.siteName,
    roomId: a.roomId,
    roomName: r.roomName,
    slotId: a.slotId,
    dutyId: a.dutyId,
    registrationId: a.registrationId,
    awaitingApproval: a.awaitingApproval,
    countsAsNoShow: a.countsAsNoShow,
    noShowReason: a.noShowReason as NoShowReason | null,
    note: a.note,
    cancelReason: a.cancelReason,
    arrivedAt: a.arrivedAt?.toISOString() ?? null,
    startedAt: a.startedAt?.toISOString() ?? null,
    endedAt: a.endedAt?.toISOString() ?? null,
    cancelledAt: a.cancelledAt?.toISOString() ?? null,
    createTime: a.createdAt.toISOString(),
    version: a.version,
    // What the state allows and the clock already permits (a no-show only once the time has begun).
    actions: allowedActions(a.status as AppointmentStatus, a.interviewStatus as InterviewStatus).filter(
      (action) => actionTimeRefusal(action, { now: new Date(), startsAt: a.startsAt }) === null,
    ),
  };
}

/**
 * Maps rows for a viewer: phones masked unless the viewer may see personal data, and unmasked phones of
 * other people written to the personal-data access log.
 */
export async function presentAppointments(
  ctx: Ctx,
  rows: AppointmentRow[],
  route: string,
  known?: SchedulingPolicy,
): Promise<Appointment[]> {
  const policy = known ?? (await getPolicy(ctx.scope));
  const masked = !ctx.p || !canSeeSensitive(ctx.p);
  if (!masked && ctx.p) {
    await recordPersonalDataReads(
      ctx.scope,
      ctx.p.userId,
      rows.filter((r) => r.visitorPhone).map((r) => ({ subjectId: r.a.visitorId, fields: ['phone'], route })),
    );
  }
  return rows.map((r) => toAppointment(r, { masked: masked && r.a.visitorId !== ctx.p?.userId, policy }));
}

async function present(ctx: Ctx, id: number, route: string): Promise<Appointment> {
  const row = await findAppointment(ctx.scope, id);
  if (!row) throw notFound('appointment');
  return (await presentAppointments(ctx, [row], route))[0]!;
}

/** An appointment the caller may see; another school's or an invisible one is 404 alike. */
export async function visibleAppointment(ctx: Ctx, id: number): Promise<AppointmentRow> {
  const row = await findAppointment(ctx.scope, id);
  if (!row || !ctx.p || !(await canSeeAppointment(ctx.scope, ctx.p, row.a, row.visitorDeptId))) {
    throw notFound('appointment');
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------
// The rules as they stand for a visitor (S1.4.15, S1.9.6; the visitor's facts: appointments.context.ts)

/** Who the booking is for, and whether the caller acts as staff for them. */
async function resolveVisitor(ctx: Ctx, visitorId: number | undefined) {
  const p = ctx.p!;
  const id = visitorId ?? p.userId;
  const person = await findUserBrief(ctx.scope, id);
  if (!person || person.status !== 'active')
    throw badRequest('visitorId', 'no such active user in this school');
  const staff = id !== p.userId;
  if (staff && !(await canActForVisitor(ctx.scope, p, person.deptId))) {
    throw forbidden('booking for someone else needs consult_appointment_book within your scope');
  }
  return { id, person, staff };
}

/** `appointPreCheck` / telephone `preCheck`: the rule state shown before the visitor acts. */
export async function ruleState(ctx: Ctx, q: { type?: number; visitorId?: number }): Promise<RuleState> {
  const { id: visitorId, staff } = await resolveVisitor(ctx, q.visitorId);
  const policy = await getPolicy(ctx.scope);
  const types = await appointmentTypeState(ctx.scope, policy);
  const now = new Date();
  const f = await visitorFacts(ctx.scope, policy, visitorId, now);
  const type = q.type !== undefined && isAppointmentType(q.type) ? q.type : null;
  const group = type !== null ? typeGroupOf(type) : 'counselling';
  const upcoming = await countUpcoming(ctx.scope, visitorId, TYPE_GROUPS[group], now);
  const refusals: { reason: string; message: string }[] = [];
  const push = (reason: Parameters<typeof refusalMessage>[0], params: Record<string, string | number> = {}) =>
    refusals.push({ reason, message: refusalMessage(reason, ctx.lang, params) });
  if (type !== null && !types.enabled.includes(type)) push('typeDisabled');
  if (type !== null && !staff && !isSelfBookable(type, { interviewByVisitor: types.interviewByVisitor })) {
    push('notSelfBookable');
  }
  if (f.block.blocked) push('blocked', { noShows: f.block.noShows, liftsOn: f.block.liftsOn ?? '' });
  if ((type === null || countsAsSession(type)) && f.sessions.remaining <= 0) {
    push('sessionLimit', { used: f.sessions.used, allowed: f.sessions.allowed });
  }
  if (upcoming >= policy.maxUpcomingPerVisitor) push('upcomingLimit');
  const window = bookingWindow({ now, policy, staff: isStaff(ctx.p!) });
  return {
    allowed: refusals.length === 0,
    refusals,
    type,
    enabledTypes: types.enabled,
    term: {
      key: f.term.key,
      name: f.term.name,
      startDate: f.term.startDate,
      endDate: f.term.endDate,
      fallback: f.term.fallback,
    },
    block: f.block,
    sessions: f.sessions,
    leaves: { used: f.counts.leaves, limit: policy.leaveLimitPerTerm },
    upcoming: { count: upcoming, limit: policy.maxUpcomingPerVisitor },
    window: { from: window.from.toISOString(), to: window.to.toISOString() },
    timeZone: policy.timeZone,
    leaveDeadlineHour: policy.leaveDeadlineHour,
    arriveEarlyMinutes: policy.arriveEarlyMinutes,
    note: APPOINTMENT_INFORMATION_NOTE[ctx.lang],
  };
}

// ---------------------------------------------------------------------------------------------------
// Booking

export interface BookInput {
  slotId: number;
  type: number;
  visitorId?: number;
  registrationId?: number;
  mode?: number;
  note?: string;
  source?: number;
}

/**
 * Books a slot under every rule (docs/appointments.md section 4). The cheap checks come first so that
 * most losers of a race are refused before any write; the slot is then taken with one conditional update
 * (exactly one concurrent booker wins) and the appointment inserted under the database's unique and
 * exclusion constraints, which a wrong check in code could not get past either.
 */
export async function bookSlot(ctx: Ctx, input: BookInput): Promise<Appointment> {
  const { scope, lang } = ctx;
  if (!isAppointmentType(input.type)) throw badRequest('type', 'not an appointment type (S1.9.2)');
  const type = input.type as AppointmentType;
  const slot = await findSlotRaw(scope, input.slotId);
  if (!slot || slot.deletedAt || slot.kind !== 'consult') throw refuse('slotUnavailable', lang);
  if (slot.status === SLOT_STATUS.booked || slot.status === SLOT_STATUS.completed)
    throw refuse('slotTaken', lang);
  if (!slotCategoriesOf(type).includes(slot.category as never)) throw refuse('typeMismatch', lang);

  const { id: visitorId, staff } = await resolveVisitor(ctx, input.visitorId);
  const policy = await getPolicy(scope);
  const types = await appointmentTypeState(scope, policy);
  if (!staff && !isSelfBookable(type, { interviewByVisitor: types.interviewByVisitor })) {
    throw refuse('notSelfBookable', lang);
  }
  const now = new Date();
  const f = await visitorFacts(scope, policy, visitorId, slot.startsAt);
  const refusals = bookingRefusals({
    now,
    startsAt: slot.startsAt,
    staff: isStaff(ctx.p!),
    typeEnabled: types.enabled.includes(type),
    countsAsSession: countsAsSession(type),
    block: f.block,
    sessions: f.sessions,
    upcomingInGroup: await countUpcoming(scope, visitorId, TYPE_GROUPS[typeGroupOf(type)], now),
    isSelf: visitorId === slot.counsellorId,
    siteServesVisitor:
      staff || isStaff(ctx.p!) ? true : await siteServesVisitor(scope, slot.siteId, visitorId),
    policy,
  });
  if (refusals.length) {
    const first = refusals[0]!;
    throw refuse(first, lang, {
      refusals,
      noShows: f.block.noShows,
      liftsOn: f.block.liftsOn,
      used: f.sessions.used,
      allowed: f.sessions.allowed,
    });
  }

  await claimSlot(scope, lang, slot.id, visitorId);
  const confirm = !staff && types.bookingNeedsConfirmation;
  const row = await guardClashes(lang, () =>
    insertAppointment(scope, {
      visitorId,
      counsellorId: slot.counsellorId,
      slotId: slot.id,
      siteId: slot.siteId,
      roomId: slot.roomId,
      type,
      category: slot.category,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      mode: input.mode ?? 1,
      source: input.source ?? (staff ? 3 : 12),
      registrationId: input.registrationId ?? null,
      bookedBy: actorOf(ctx),
      bookedByStaff: staff,
      awaitingApproval: confirm,
      termKey: f.term.key,
      note: input.note ?? null,
    }),
  );
  return afterBooking(ctx, row, policy, { confirm, categories: slotCategoriesOf(type) });
}

/** What follows every booking: history, registration, waiting-list entries, approval, messages, reminders. */
async function afterBooking(
  ctx: Ctx,
  row: AppointmentRowRaw,
  policy: SchedulingPolicy,
  opts: { confirm: boolean; categories: number[] },
) {
  const { scope } = ctx;
  await insertEvent(scope, {
    appointmentId: row.id,
    action: 'book',
    fromStatus: null,
    toStatus: 'appointment',
    fromInterview: null,
    toInterview: 1,
    actorId: actorOf(ctx),
  });
  if (row.registrationId) await updateRegistration(scope, row.registrationId, { status: 'booked' });
  await closeEntriesOf(scope, row.visitorId, opts.categories, row.id);
  if (opts.confirm) {
    await raiseRequest(ctx, {
      option: APPROVAL_OPTION.booking,
      appointment: row,
      visitorId: row.visitorId,
      reason: null,
      payload: {},
      force: true,
    });
  }
  const full = (await findAppointment(scope, row.id))!;
  await notifyBooked(scope, full, policy);
  await scheduleReminders(scope, ctx.jobs, full, policy);
  return (await presentAppointments(ctx, [full], 'book', policy))[0]!;
}

/** A telephone assessment (13) on a telephone duty shift: the time must lie within the shift. */
export async function bookTelephone(
  ctx: Ctx,
  body: { dutyId: number; startTime: string; minutes: number; visitorId?: number; note?: string },
) {
  const { scope, lang } = ctx;
  const duty = await findSlotRaw(scope, body.dutyId);
  if (!duty || duty.deletedAt || duty.kind !== 'telephone' || duty.dutyStatus === 'complete') {
    throw refuse('noDuty', lang);
  }
  const startsAt = new Date(body.startTime);
  const endsAt = new Date(startsAt.getTime() + body.minutes * 60_000);
  if (startsAt < duty.startsAt || endsAt > duty.endsAt) throw refuse('noDuty', lang);
  const { id: visitorId, staff } = await resolveVisitor(ctx, body.visitorId);
  const policy = await getPolicy(scope);
  const types = await appointmentTypeState(scope, policy);
  const now = new Date();
  const f = await visitorFacts(scope, policy, visitorId, startsAt);
  const refusals = bookingRefusals({
    now,
    startsAt,
    staff: isStaff(ctx.p!),
    typeEnabled: types.enabled.includes(13),
    countsAsSession: false,
    block: f.block,
    sessions: f.sessions,
    upcomingInGroup: await countUpcoming(scope, visitorId, TYPE_GROUPS.telephone, now),
    isSelf: visitorId === duty.counsellorId,
    siteServesVisitor: true,
    policy,
  });
  if (refusals.length)
    throw refuse(refusals[0]!, lang, { refusals, liftsOn: f.block.liftsOn, noShows: f.block.noShows });
  const row = await guardClashes(lang, () =>
    insertAppointment(scope, {
      visitorId,
      counsellorId: duty.counsellorId,
      dutyId: duty.id,
      siteId: duty.siteId,
      roomId: null,
      type: 13,
      category: 13,
      startsAt,
      endsAt,
      mode: 3,
      source: 8,
      bookedBy: actorOf(ctx),
      bookedByStaff: staff,
      termKey: f.term.key,
      note: body.note ?? null,
    }),
  );
  await moveDuty(scope, lang, duty.id, duty.dutyStatus as 'ok' | 'appointment', 'appointment');
  return afterBooking(ctx, row, policy, { confirm: false, categories: [13] });
}

// ---------------------------------------------------------------------------------------------------
// Moving an appointment through its status table

export interface Release {
  action: Extract<AppointmentAction, 'visitorCancel' | 'visitorLeave' | 'hostCancel' | 'hostLeave'>;
  judgement?: Pick<ReleaseJudgement, 'countsAsNoShow' | 'reason'> | null;
  reason?: string | null;
  /** Offer the freed slot to the waiting list (not when a holiday or leave withdraws it). */
  offer: boolean;
  /** Tell the visitor by SMS too (the centre cancelled). */
  sms: boolean;
}

function transition(ctx: Ctx, a: AppointmentRowRaw, action: AppointmentAction) {
  try {
    return applyAction(
      { status: a.status as AppointmentStatus, interviewStatus: a.interviewStatus as InterviewStatus },
      action,
    );
  } catch (e) {
    if (e instanceof TransitionError) throw refuse('notAllowed', ctx.lang, { allowed: e.allowed });
    throw e;
  }
}

async function applyTransition(
  ctx: Ctx,
  a: AppointmentRowRaw,
  action: AppointmentAction,
  set: Partial<AppointmentRowRaw> = {},
  detail?: Record<string, unknown>,
) {
  const to = transition(ctx, a, action);
  const row = await updateAppointmentFrom(
    ctx.scope,
    a.id,
    { status: a.status, interviewStatus: a.interviewStatus },
    { status: to.status, interviewStatus: to.interviewStatus, version: a.version + 1, ...set },
  );
  if (!row) throw refuse('notAllowed', ctx.lang);
  await insertEvent(ctx.scope, {
    appointmentId: a.id,
    action,
    fromStatus: a.status,
    toStatus: to.status,
    fromInterview: a.interviewStatus,
    toInterview: to.interviewStatus,
    actorId: actorOf(ctx),
    detail: detail ?? null,
  });
  return row;
}

/** Keeps a duty shift's status in step with the appointments in it. */
async function syncDuty(ctx: Ctx, dutyId: number | null) {
  if (dutyId === null) return;
  const slot = await findSlotRaw(ctx.scope, dutyId);
  if (!slot || slot.kind === 'consult' || slot.dutyStatus === 'complete') return;
  const live = await countLiveOnDuty(ctx.scope, dutyId);
  const want = live > 0 ? 'appointment' : 'ok';
  if (slot.dutyStatus !== want) await moveDuty(ctx.scope, ctx.lang, dutyId, slot.dutyStatus as 'ok', want);
}

/**
 * Ends an appointment without it taking place (cancel, leave, the counsellor's cancel or leave): the
 * status pair moves through the table, the slot is freed (2 → 10) and offered to the waiting list, pending
 * requests on it are withdrawn, and the other side is told (with the no-show count when it counts as one).
 */
export async function releaseAppointment(ctx: Ctx, a: AppointmentRowRaw, r: Release) {
  const { scope } = ctx;
  const policy = await getPolicy(scope);
  const countsAsNoShow = r.judgement?.countsAsNoShow ?? false;
  const row = await applyTransition(ctx, a, r.action, {
    countsAsNoShow,
    noShowReason: countsAsNoShow ? r.judgement!.reason : null,
    cancelledAt: new Date(),
    cancelReason: r.reason ?? null,
  });
  await withdrawPendingOf(scope, a.id);
  if (a.slotId !== null) {
    const slot = await findSlotRaw(scope, a.slotId);
    if (slot?.kind === 'consult' && slot.status === SLOT_STATUS.booked) {
      await moveSlot(scope, ctx.lang, slot.id, SLOT_STATUS.booked, SLOT_STATUS.released);
      if (r.offer && slot.startsAt.getTime() > Date.now() && !slot.deletedAt) {
        await offerFreedSlot(ctx, slot.id, { exclude: a.visitorId });
      }
    }
  }
  await syncDuty(ctx, a.dutyId);
  const full = (await findAppointment(scope, row.id))!;
  const byVisitor = r.action === 'visitorCancel' || r.action === 'visitorLeave';
  const to = byVisitor ? [a.counsellorId] : [a.visitorId];
  await notifyCancelled(scope, ctx.jobs, full, policy, to, r.reason || '-', r.sms);
  if (countsAsNoShow) await tellNoShow(ctx, full, policy);
  return full;
}

async function tellNoShow(ctx: Ctx, r: AppointmentRow, policy: SchedulingPolicy) {
  const f = await visitorFacts(ctx.scope, policy, r.a.visitorId, r.a.startsAt);
  await notifyNoShow(ctx.scope, r, policy, { noShows: f.counts.noShows, liftsOn: f.block.liftsOn });
}

/** Who may take a desk action: the front desk for arrival and no-shows, the counsellor for their sessions. */
function mayAct(p: Principal, a: AppointmentRowRaw, action: AppointmentAction): boolean {
  const desk = can(p, P.appointmentDesk);
  const own = a.counsellorId === p.userId;
  switch (action) {
    case 'arrive':
    case 'visitorNoShow':
      return desk || own;
    case 'start':
    case 'end':
      return own || can(p, P.appointmentManage);
    case 'hostNoShow':
      return desk;
    default:
      return false;
  }
}

/**
 * The front desk's and the counsellor's actions (S1.4.1, S1.4.2): arrival (8), start (running), end
 * (success: record to be filled, interview 7), the visitor's or the counsellor's no-show.
 */
export async function act(
  ctx: Ctx,
  body: { id: number; action: AppointmentAction; note?: string },
  group?: readonly TypeGroup[],
) {
  const { scope, lang } = ctx;
  const p = ctx.p!;
  const seen = await visibleAppointment(ctx, body.id);
  if (group && !group.includes(typeGroupOf(seen.a.type as AppointmentType))) throw refuse('wrongGroup', lang);
  const a = (await lockAppointment(scope, body.id))!;
  if (!mayAct(p, a, body.action)) throw forbidden();
  const policy = await getPolicy(scope);
  const now = new Date();
  // What the state forbids is said first (applyTransition); then what the clock does not allow yet.
  const allowed = allowedActions(a.status as AppointmentStatus, a.interviewStatus as InterviewStatus);
  const early = actionTimeRefusal(body.action, { now, startsAt: a.startsAt });
  if (early && allowed.includes(body.action))
    throw refuse(early, lang, { startTime: a.startsAt.toISOString() });
  const set: Partial<AppointmentRowRaw> = {};
  if (body.action === 'arrive') set.arrivedAt = now;
  if (body.action === 'start') set.startedAt = now;
  if (body.action === 'end') set.endedAt = now;
  const row = await applyTransition(ctx, a, body.action, set, body.note ? { note: body.note } : undefined);
  if (body.action === 'start' && row.mode === 2) await upsertVideoStart(scope, row.id, p.userId);
  if (body.action === 'end' && row.mode === 2) await endVideo(scope, row.id);
  if (['end', 'visitorNoShow', 'hostNoShow'].includes(body.action)) {
    const slot = row.slotId !== null ? await findSlotRaw(scope, row.slotId) : null;
    if (slot?.kind === 'consult' && slot.status === SLOT_STATUS.booked) {
      await moveSlot(scope, lang, slot.id, SLOT_STATUS.booked, SLOT_STATUS.completed);
    }
    await syncDuty(ctx, row.dutyId);
  }
  if (body.action === 'visitorNoShow') await tellNoShow(ctx, (await findAppointment(scope, row.id))!, policy);
  return present(ctx, row.id, 'action');
}

/** Groups of the cancel calls (S1.7.21): the path must match the appointment's type. */
export const CANCEL_GROUPS = {
  consultations: ['counselling'],
  primary: ['primaryUnit'],
  assessments: ['assessment', 'manned'],
  interview: ['interview'],
  first: ['firstInterview'],
  telephone: ['telephone'],
} as const satisfies Record<string, readonly TypeGroup[]>;

/**
 * A cancel: by the visitor (or a clerk on their behalf) the deadline rule applies (after 17:00 the day
 * before it counts as a no-show), and it waits for approval when the school requires one (option 4); by
 * the counsellor it is the centre's cancel (interview status 5) and the visitor is told by SMS too.
 */
export async function cancel(ctx: Ctx, groups: readonly TypeGroup[], body: { id: number; reason?: string }) {
  const { scope, lang } = ctx;
  const p = ctx.p!;
  const seen = await visibleAppointment(ctx, body.id);
  if (!groups.includes(typeGroupOf(seen.a.type as AppointmentType))) throw refuse('wrongGroup', lang);
  const a = (await lockAppointment(scope, body.id))!;
  const policy = await getPolicy(scope);
  const isVisitor = a.visitorId === p.userId;
  const isHost = a.counsellorId === p.userId;
  const clerk = !isVisitor && !isHost && (await canActForVisitor(scope, p, seen.visitorDeptId));
  if (!isVisitor && !isHost && !clerk) throw forbidden();
  if (isHost) {
    transition(ctx, a, 'hostCancel');
    const r = await releaseAppointment(ctx, a, {
      action: 'hostCancel',
      reason: body.reason,
      offer: true,
      sms: true,
    });
    return { ...(await presentAppointments(ctx, [r], 'cancel'))[0]!, approvalId: null };
  }
  transition(ctx, a, 'visitorCancel');
  const judgement = judgeCancel({ now: new Date(), startsAt: a.startsAt, policy });
  if (isVisitor && requiresApproval(policy, APPROVAL_OPTION.visitorCancel)) {
    const req = await raiseRequest(ctx, {
      option: APPROVAL_OPTION.visitorCancel,
      appointment: a,
      visitorId: a.visitorId,
      reason: body.reason ?? null,
      payload: { countsAsNoShow: judgement.countsAsNoShow, noShowReason: judgement.reason },
    });
    return { ...(await present(ctx, a.id, 'cancel')), approvalId: req.id };
  }
  const r = await releaseAppointment(ctx, a, {
    action: 'visitorCancel',
    judgement,
    reason: body.reason,
    offer: true,
    sms: false,
  });
  return { ...(await presentAppointments(ctx, [r], 'cancel'))[0]!, approvalId: null };
}

/**
 * A visitor's leave (S1.4.15): judged when asked (after the deadline, or the third of a term, it counts as
 * a no-show); waits for approval when the school requires one (option 2), else takes effect at once.
 */
export async function takeLeave(ctx: Ctx, body: { id: number; reason?: string }) {
  const { scope } = ctx;
  const p = ctx.p!;
  const seen = await visibleAppointment(ctx, body.id);
  const clerk = seen.a.visitorId !== p.userId && (await canActForVisitor(scope, p, seen.visitorDeptId));
  if (seen.a.visitorId !== p.userId && !clerk) throw forbidden('only the visitor asks for leave');
  const a = (await lockAppointment(scope, body.id))!;
  transition(ctx, a, 'visitorLeave');
  const policy = await getPolicy(scope);
  const f = await visitorFacts(scope, policy, a.visitorId, a.startsAt);
  const judgement = judgeLeave({
    now: new Date(),
    startsAt: a.startsAt,
    leavesBefore: f.counts.leaves,
    policy,
  });
  if (requiresApproval(policy, APPROVAL_OPTION.leave)) {
    const req = await raiseRequest(ctx, {
      option: APPROVAL_OPTION.leave,
      appointment: a,
      visitorId: a.visitorId,
      reason: body.reason ?? null,
      payload: { countsAsNoShow: judgement.countsAsNoShow, noShowReason: judgement.reason },
    });
    return { ...(await present(ctx, a.id, 'leave')), approvalId: req.id };
  }
  const r = await releaseAppointment(ctx, a, {
    action: 'visitorLeave',
    judgement,
    reason: body.reason,
    offer: true,
    sms: false,
  });
  return { ...(await presentAppointments(ctx, [r], 'leave'))[0]!, approvalId: null };
}

/**
 * Moves an appointment to another free slot of its type (the old slot is freed and offered). A visitor
 * may do it before the leave deadline only; the clerk and the counsellor at any time before it starts.
 */
export async function reschedule(ctx: Ctx, body: { id: number; slotId: number }) {
  const { scope, lang } = ctx;
  const p = ctx.p!;
  const seen = await visibleAppointment(ctx, body.id);
  const a = (await lockAppointment(scope, body.id))!;
  const isVisitor = a.visitorId === p.userId;
  const staff =
    !isVisitor && (a.counsellorId === p.userId || (await canActForVisitor(scope, p, seen.visitorDeptId)));
  if (!isVisitor && !staff) throw forbidden();
  if (a.status !== 'appointment' || a.interviewStatus !== 1) throw refuse('notAllowed', lang);
  const policy = await getPolicy(scope);
  if (isVisitor && judgeCancel({ now: new Date(), startsAt: a.startsAt, policy }).countsAsNoShow) {
    throw refuse('deadlinePassed', lang);
  }
  if (body.slotId === a.slotId) return present(ctx, a.id, 'reschedule');
  const slot = await findSlotRaw(scope, body.slotId);
  if (!slot || slot.deletedAt || slot.kind !== 'consult') throw refuse('slotUnavailable', lang);
  if (!slotCategoriesOf(a.type as AppointmentType).includes(slot.category as never))
    throw refuse('typeMismatch', lang);
  const window = bookingWindow({ now: new Date(), policy, staff: !isVisitor });
  if (slot.startsAt < window.from || slot.startsAt >= window.to) throw refuse('outsideWindow', lang);
  if (slot.counsellorId === a.visitorId) throw refuse('self', lang);
  await claimSlot(scope, lang, slot.id, a.visitorId);
  const term = await termRefOf(scope, slot.startsAt, policy);
  const row = await guardClashes(lang, () =>
    updateAppointmentFrom(
      scope,
      a.id,
      { status: a.status, interviewStatus: a.interviewStatus },
      {
        slotId: slot.id,
        counsellorId: slot.counsellorId,
        siteId: slot.siteId,
        roomId: slot.roomId,
        category: slot.category,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        termKey: term.key,
        version: a.version + 1,
      },
    ),
  );
  if (!row) throw refuse('notAllowed', lang);
  await insertEvent(scope, {
    appointmentId: a.id,
    action: 'reschedule',
    fromStatus: a.status,
    toStatus: a.status,
    fromInterview: a.interviewStatus,
    toInterview: a.interviewStatus,
    actorId: p.userId,
    detail: { fromSlotId: a.slotId, toSlotId: slot.id },
  });
  if (a.slotId !== null) {
    await moveSlot(scope, lang, a.slotId, SLOT_STATUS.booked, SLOT_STATUS.released);
    const old = await findSlotRaw(scope, a.slotId);
    if (old && old.startsAt.getTime() > Date.now())
      await offerFreedSlot(ctx, old.id, { exclude: a.visitorId });
  }
  const full = (await findAppointment(scope, a.id))!;
  await notifyChanged(scope, full, policy);
  await scheduleReminders(scope, ctx.jobs, full, policy);
  return (await presentAppointments(ctx, [full], 'reschedule'))[0]!;
}

// ---------------------------------------------------------------------------------------------------
// Lists and details

export interface ListQuery {
  current: number;
  size: number;
  status?: AppointmentStatus;
  statuses?: AppointmentStatus[];
  startDate?: string;
  endDate?: string;
  keyword?: string;
  all?: boolean;
  type?: number;
  counsellorId?: number;
  visitorId?: number;
  noShowsOnly?: boolean;
}

/** A page of appointments the caller may see, of some types. */
export async function listAppointments(
  ctx: Ctx,
  q: ListQuery,
  opts: { types?: readonly number[]; mode?: number; upcoming?: boolean; route: string; forceAll?: boolean },
) {
  const policy = await getPolicy(ctx.scope);
  const base = await listFilterOf(ctx.scope, ctx.p!, opts.forceAll ?? q.all ?? false);
  const range =
    q.startDate || q.endDate
      ? dayRange(policy, q.startDate ?? '1970-01-01', q.endDate ?? '2999-12-31')
      : null;
  const f: AppointmentFilter = {
    ...base,
    types: q.type !== undefined ? [q.type] : opts.types,
    statuses: q.statuses ?? (q.status ? [q.status] : undefined),
    from: range?.from,
    to: range?.to,
    keyword: q.keyword,
    mode: opts.mode,
    upcomingOnly: opts.upcoming,
    noShowsOnly: q.noShowsOnly,
    ...(q.counsellorId !== undefined ? { counsellorId: q.counsellorId } : {}),
    ...(q.visitorId !== undefined ? { visitorId: q.visitorId } : {}),
  };
  if (
    base.counsellorId !== undefined &&
    q.counsellorId !== undefined &&
    q.counsellorId !== base.counsellorId
  ) {
    return pageAnswer(q, [], 0);
  }
  const [rows, total] = await inTurn([
    () =>
      findAppointments(ctx.scope, f, {
        limit: q.size,
        offset: (q.current - 1) * q.size,
        order: opts.upcoming ? 'startAsc' : 'startDesc',
      }),
    () => countAppointments(ctx.scope, f),
  ]);
  return pageAnswer(q, await presentAppointments(ctx, rows, opts.route), total);
}

/** An appointment with the leave preview, its history and its approval requests. */
export async function detail(ctx: Ctx, id: number) {
  const row = await visibleAppointment(ctx, id);
  const [mapped] = await presentAppointments(ctx, [row], 'GET /consult/appointment/detail');
  const policy = await getPolicy(ctx.scope);
  const term = await termRefOf(ctx.scope, row.a.startsAt, policy);
  let leave = null;
  if (row.a.status === 'appointment' && row.a.interviewStatus === 1) {
    const f = await visitorFacts(ctx.scope, policy, row.a.visitorId, row.a.startsAt);
    const now = new Date();
    const l = judgeLeave({ now, startsAt: row.a.startsAt, leavesBefore: f.counts.leaves, policy });
    const c = judgeCancel({ now, startsAt: row.a.startsAt, policy });
    leave = {
      deadline: l.deadline.toISOString(),
      countsAsNoShowNow: l.countsAsNoShow,
      reason: l.reason,
      leavesUsed: f.counts.leaves,
      leaveLimit: policy.leaveLimitPerTerm,
      cancelCountsAsNoShowNow: c.countsAsNoShow,
    };
  }
  const events = (await findEvents(ctx.scope, id)).map((e) => ({
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    actorId: e.actorId,
    actorName: e.actorName,
    at: e.at.toISOString(),
  }));
  return { ...mapped!, leave, events, approvals: await approvalsOfAppointment(ctx, id), termName: term.name };
}

// ---------------------------------------------------------------------------------------------------
// For the case module (docs/cases.md): what it reads of an appointment, and the move its record makes.

/** An appointment in brief, or null (none, deleted, or another school's). No access check: the caller decides. */
export async function appointmentBrief(scope: TenantScope, id: number) {
  const row = await findAppointment(scope, id);
  if (!row) return null;
  const a = row.a;
  return {
    id: a.id,
    visitorId: a.visitorId,
    counsellorId: a.counsellorId,
    type: a.type as AppointmentType,
    status: a.status as AppointmentStatus,
    source: a.source,
    startsAt: a.startsAt,
    endsAt: a.endsAt,
    endedAt: a.endedAt,
    visitorDeptId: row.visitorDeptId,
  };
}

/**
 * `success` → `complete` when the appointment's record is signed (S1.4.1), through the same transition
 * table and event trail as every other move; an appointment in another status is left alone (false).
 */
export async function completeAppointmentForRecord(ctx: Ctx, appointmentId: number): Promise<boolean> {
  const a = await lockAppointment(ctx.scope, appointmentId);
  if (!a || a.status !== 'success') return false;
  await applyTransition(ctx, a, 'complete', {}, { byRecord: true });
  return true;
}

/** Live appointments of a visitor (not ended, cancelled or missed), for the agreements they still owe. */
export async function liveAppointmentIdsOf(scope: TenantScope, visitorId: number): Promise<number[]> {
  const rows = await findAppointments(
    scope,
    { visitorId, statuses: ['appointment', 'running', 'success'] },
    { limit: 500, offset: 0 },
  );
  return rows.map((r) => r.a.id);
}

/** Start times of appointments by id, in one query (a visitor's file lists hundreds of sessions). */
export async function appointmentStartTimes(scope: TenantScope, ids: readonly number[]) {
  const out = new Map<number, Date>();
  if (ids.length === 0) return out;
  const rows = await findAppointments(scope, { ids: [...new Set(ids)] }, { limit: ids.length, offset: 0 });
  for (const r of rows) out.set(r.a.id, r.a.startsAt);
  return out;
}
