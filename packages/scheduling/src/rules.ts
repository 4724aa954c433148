import type { AppointmentAction, NoShowReason } from '@psy/contracts';
import { addDays, localToInstant, zonedDate } from './zoned-time';
import type { TermRef } from './terms';

/**
 * The rules of S1.4.15 and S1.9.6, computed in the school's time zone: the leave deadline (17:00 the day
 * before), leaves and no-shows per term, the no-show block and when it lifts, sessions per term, the
 * booking window, arriving early. The server enforces them; the web shows them before the visitor acts.
 * Design: docs/appointments.md section 4.
 */

/** The parts of the school's policy the rules read (contracts `SchedulingPolicy`). */
export interface RulePolicy {
  timeZone: string;
  bookingWindowDays: number;
  minLeadMinutes: number;
  maxUpcomingPerVisitor: number;
  leaveDeadlineHour: number;
  leaveLimitPerTerm: number;
  noShowLimitPerTerm: number;
  sessionsPerTerm: number;
  arriveEarlyMinutes: number;
}

const MINUTE_MS = 60_000;
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * The last moment to take leave or cancel without it counting as a no-show: `leaveDeadlineHour`:00 on the
 * calendar day before the session's day, in the school's zone (from the local date, so a daylight-saving
 * change between them does not move it by an hour).
 */
export function leaveDeadline(
  startsAt: Date,
  policy: Pick<RulePolicy, 'timeZone' | 'leaveDeadlineHour'>,
): Date {
  const day = zonedDate(startsAt, policy.timeZone);
  return localToInstant(addDays(day, -1), hh(policy.leaveDeadlineHour), policy.timeZone).instant;
}

export interface ReleaseJudgement {
  /** The leave or cancel is recorded, and counts as a no-show (S1.4.15). */
  countsAsNoShow: boolean;
  reason: NoShowReason | null;
  deadline: Date;
  /** Leaves already taken this term, before this one. */
  leavesBefore: number;
}

/**
 * A visitor's leave (S1.4.15): at or after the deadline it counts as a no-show; the third and later
 * leave of a term counts as a no-show whatever the hour ("leave is limited to 2 times; from the third it
 * counts as a no-show").
 */
export function judgeLeave(input: {
  now: Date;
  startsAt: Date;
  leavesBefore: number;
  policy: RulePolicy;
}): ReleaseJudgement {
  const deadline = leaveDeadline(input.startsAt, input.policy);
  const late = input.now.getTime() >= deadline.getTime();
  const overLimit = input.leavesBefore >= input.policy.leaveLimitPerTerm;
  return {
    countsAsNoShow: late || overLimit,
    reason: late ? 'late_leave' : overLimit ? 'leave_limit' : null,
    deadline,
    leavesBefore: input.leavesBefore,
  };
}

/** A visitor's cancel: "cancelling requires leave before 5pm the day before, otherwise it counts as a no-show". */
export function judgeCancel(input: { now: Date; startsAt: Date; policy: RulePolicy }): ReleaseJudgement {
  const deadline = leaveDeadline(input.startsAt, input.policy);
  const late = input.now.getTime() >= deadline.getTime();
  return { countsAsNoShow: late, reason: late ? 'late_cancel' : null, deadline, leavesBefore: 0 };
}

export interface BlockState {
  blocked: boolean;
  noShows: number;
  limit: number;
  /** The first day booking is possible again (the day after the term), when blocked. */
  liftsOn: string | null;
  overridden: boolean;
}

/** Two no-shows in a term stop further booking until the term ends, unless an administrator overrode it. */
export function bookingBlock(input: {
  noShows: number;
  term: TermRef;
  overridden: boolean;
  policy: Pick<RulePolicy, 'noShowLimitPerTerm'>;
}): BlockState {
  const over = input.noShows >= input.policy.noShowLimitPerTerm;
  const blocked = over && !input.overridden;
  return {
    blocked,
    noShows: input.noShows,
    limit: input.policy.noShowLimitPerTerm,
    liftsOn: blocked ? addDays(input.term.endDate, 1) : null,
    overridden: over && input.overridden,
  };
}

export interface SessionAllowance {
  allowed: number;
  used: number;
  extra: number;
  remaining: number;
}

/** Sessions per term (S1.9.6 "six sessions per term") plus approved extensions. */
export function sessionAllowance(input: {
  used: number;
  extra: number;
  policy: Pick<RulePolicy, 'sessionsPerTerm'>;
}): SessionAllowance {
  const allowed = input.policy.sessionsPerTerm + input.extra;
  return { allowed, used: input.used, extra: input.extra, remaining: Math.max(0, allowed - input.used) };
}

/** How far ahead staff may book for a visitor (the whole of a term and the next one's start). */
export const STAFF_BOOKING_DAYS = 180;

/**
 * When a visitor may book for themselves: from now + the minimum notice to the end of the day
 * `bookingWindowDays` ahead (school zone). Staff booking for a visitor have no minimum notice and book up to
 * `STAFF_BOOKING_DAYS` ahead.
 */
export function bookingWindow(input: {
  now: Date;
  policy: Pick<RulePolicy, 'timeZone' | 'bookingWindowDays' | 'minLeadMinutes'>;
  staff: boolean;
}): { from: Date; to: Date } {
  const { now, policy } = input;
  const days = input.staff
    ? Math.max(STAFF_BOOKING_DAYS, policy.bookingWindowDays)
    : policy.bookingWindowDays;
  const lastDay = addDays(zonedDate(now, policy.timeZone), days);
  const to = localToInstant(addDays(lastDay, 1), '00:00', policy.timeZone).instant;
  const from = input.staff ? now : new Date(now.getTime() + policy.minLeadMinutes * MINUTE_MS);
  return { from, to };
}

export const isInWindow = (startsAt: Date, w: { from: Date; to: Date }) =>
  startsAt.getTime() >= w.from.getTime() && startsAt.getTime() < w.to.getTime();

/** When the visitor should be at the front desk (S1.1.10: 15 minutes early). */
export const arrivalTime = (startsAt: Date, policy: Pick<RulePolicy, 'arriveEarlyMinutes'>): Date =>
  new Date(startsAt.getTime() - policy.arriveEarlyMinutes * MINUTE_MS);

/** Why a desk action cannot be taken yet (answers' `data.reason`; texts in the contracts). */
export type ActionTimeRefusal = 'notStarted';

/**
 * When the front desk's and the counsellor's actions may be taken, by the clock (docs/appointments.md
 * section 3): a no-show of either side once the session's time has begun. A visitor's no-show counts
 * against them and two stop their booking for the term, so it is never recorded ahead, by a slip of the
 * hand on tomorrow's row. Arrival, start and end have no clock rule (a desk may record late what happened).
 */
export function actionTimeRefusal(
  action: AppointmentAction,
  input: { now: Date; startsAt: Date },
): ActionTimeRefusal | null {
  if (action !== 'visitorNoShow' && action !== 'hostNoShow') return null;
  return input.now.getTime() < input.startsAt.getTime() ? 'notStarted' : null;
}

/** Codes of booking refusals (answers' `data.reason`; texts in the contracts and the web). */
export type BookingRefusal =
  | 'typeDisabled'
  | 'blocked'
  | 'sessionLimit'
  | 'outsideWindow'
  | 'inPast'
  | 'upcomingLimit'
  | 'self'
  | 'siteNotServed';

export interface BookingFacts {
  now: Date;
  startsAt: Date;
  staff: boolean;
  typeEnabled: boolean;
  countsAsSession: boolean;
  block: BlockState;
  sessions: SessionAllowance;
  upcomingInGroup: number;
  isSelf: boolean;
  siteServesVisitor: boolean;
  policy: RulePolicy;
}

/** Every rule a booking breaks, in the order the visitor should read them (empty: allowed). */
export function bookingRefusals(f: BookingFacts): BookingRefusal[] {
  const out: BookingRefusal[] = [];
  if (!f.typeEnabled) out.push('typeDisabled');
  if (f.isSelf) out.push('self');
  if (f.block.blocked) out.push('blocked');
  if (f.countsAsSession && f.sessions.remaining <= 0) out.push('sessionLimit');
  if (f.startsAt.getTime() <= f.now.getTime()) out.push('inPast');
  else if (!isInWindow(f.startsAt, bookingWindow({ now: f.now, policy: f.policy, staff: f.staff })))
    out.push('outsideWindow');
  if (f.upcomingInGroup >= f.policy.maxUpcomingPerVisitor) out.push('upcomingLimit');
  if (!f.siteServesVisitor) out.push('siteNotServed');
  return out;
}
