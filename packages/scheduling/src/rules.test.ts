import { describe, expect, it } from 'vitest';
import {
  actionTimeRefusal,
  arrivalTime,
  bookingBlock,
  bookingRefusals,
  bookingWindow,
  judgeCancel,
  judgeLeave,
  leaveDeadline,
  sessionAllowance,
  type BookingFacts,
  type RulePolicy,
} from './rules';
import { termOf } from './terms';
import { localToInstant } from './zoned-time';

const POLICY: RulePolicy = {
  timeZone: 'Asia/Shanghai',
  bookingWindowDays: 14,
  minLeadMinutes: 60,
  maxUpcomingPerVisitor: 1,
  leaveDeadlineHour: 17,
  leaveLimitPerTerm: 2,
  noShowLimitPerTerm: 2,
  sessionsPerTerm: 6,
  arriveEarlyMinutes: 15,
};
const BERLIN = { ...POLICY, timeZone: 'Europe/Berlin' };
const at = (date: string, time: string, zone = POLICY.timeZone) => localToInstant(date, time, zone).instant;

describe('leave before 17:00 the day before, else a no-show [spec:S1.4.15] [spec:S1.9.6]', () => {
  it('puts the deadline at 17:00 school time on the day before the session', () => {
    const start = at('2026-03-17', '09:00');
    expect(leaveDeadline(start, POLICY).toISOString()).toBe('2026-03-16T09:00:00.000Z');
    // A session just after midnight: the day before is the calendar day before, not 24 hours earlier.
    expect(leaveDeadline(at('2026-03-17', '00:30'), POLICY).toISOString()).toBe('2026-03-16T09:00:00.000Z');
  });

  it('counts a leave at 16:59 as a leave and at 17:00 as a no-show', () => {
    const start = at('2026-03-17', '09:00');
    const early = judgeLeave({
      now: at('2026-03-16', '16:59'),
      startsAt: start,
      leavesBefore: 0,
      policy: POLICY,
    });
    expect(early).toMatchObject({ countsAsNoShow: false, reason: null });
    const late = judgeLeave({
      now: at('2026-03-16', '17:00'),
      startsAt: start,
      leavesBefore: 0,
      policy: POLICY,
    });
    expect(late).toMatchObject({ countsAsNoShow: true, reason: 'late_leave' });
  });

  it('counts the third leave of a term as a no-show however early it is asked', () => {
    const start = at('2026-03-30', '09:00');
    const now = at('2026-03-16', '10:00');
    expect(judgeLeave({ now, startsAt: start, leavesBefore: 1, policy: POLICY }).countsAsNoShow).toBe(false);
    expect(judgeLeave({ now, startsAt: start, leavesBefore: 2, policy: POLICY })).toMatchObject({
      countsAsNoShow: true,
      reason: 'leave_limit',
    });
  });

  it('applies the same deadline to a cancel', () => {
    const start = at('2026-03-17', '14:00');
    expect(
      judgeCancel({ now: at('2026-03-16', '12:00'), startsAt: start, policy: POLICY }).countsAsNoShow,
    ).toBe(false);
    expect(judgeCancel({ now: at('2026-03-16', '18:00'), startsAt: start, policy: POLICY })).toMatchObject({
      countsAsNoShow: true,
      reason: 'late_cancel',
    });
  });

  it('keeps the deadline at 17:00 local across Berlin’s daylight-saving change', () => {
    // Clocks go forward on Sunday 29 March: the session on Monday 30 March 09:00 CEST (07:00Z) has its
    // deadline on Sunday 17:00 CEST (15:00Z), not 24 hours before some UTC time.
    const monday = at('2026-03-30', '09:00', 'Europe/Berlin');
    expect(monday.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(leaveDeadline(monday, BERLIN).toISOString()).toBe('2026-03-29T15:00:00.000Z');
    // The session on Sunday 29 March: the deadline is Saturday 17:00 CET (16:00Z).
    const sunday = at('2026-03-29', '10:00', 'Europe/Berlin');
    expect(leaveDeadline(sunday, BERLIN).toISOString()).toBe('2026-03-28T16:00:00.000Z');
  });
});

describe('two no-shows in a term stop booking until the term ends [spec:S1.4.15] [spec:S1.9.6]', () => {
  const term = termOf('2026-03-16', [
    { id: 3, name: 'Spring 2026', startDate: '2026-02-23', endDate: '2026-07-05' },
  ]);

  it('blocks at the second no-show and says the day it lifts', () => {
    expect(bookingBlock({ noShows: 1, term, overridden: false, policy: POLICY }).blocked).toBe(false);
    expect(bookingBlock({ noShows: 2, term, overridden: false, policy: POLICY })).toEqual({
      blocked: true,
      noShows: 2,
      limit: 2,
      liftsOn: '2026-07-06',
      overridden: false,
    });
  });

  it('lets an administrator’s override lift the block for the term', () => {
    expect(bookingBlock({ noShows: 3, term, overridden: true, policy: POLICY })).toMatchObject({
      blocked: false,
      overridden: true,
      liftsOn: null,
    });
  });
});

describe('sessions per term, the booking window, arriving early [spec:S1.9.6] [spec:S1.1.10]', () => {
  it('allows six sessions a term plus approved extensions', () => {
    expect(sessionAllowance({ used: 5, extra: 0, policy: POLICY })).toEqual({
      allowed: 6,
      used: 5,
      extra: 0,
      remaining: 1,
    });
    expect(sessionAllowance({ used: 6, extra: 0, policy: POLICY }).remaining).toBe(0);
    expect(sessionAllowance({ used: 6, extra: 2, policy: POLICY }).remaining).toBe(2);
  });

  it('asks visitors to arrive 15 minutes early', () => {
    expect(arrivalTime(new Date('2026-03-17T01:00:00Z'), POLICY).toISOString()).toBe(
      '2026-03-17T00:45:00.000Z',
    );
  });

  it('opens self-booking from an hour ahead to the end of the 14th day, school time; staff from now', () => {
    const now = at('2026-03-16', '22:30');
    const w = bookingWindow({ now, policy: POLICY, staff: false });
    expect(w.from.toISOString()).toBe(new Date(now.getTime() + 3_600_000).toISOString());
    expect(w.to.toISOString()).toBe(at('2026-03-31', '00:00').toISOString());
    const s = bookingWindow({ now, policy: POLICY, staff: true });
    expect(s.from).toEqual(now);
    expect(s.to.getTime()).toBeGreaterThan(w.to.getTime());
  });

  it('lists every broken rule in reading order, and none for a good booking', () => {
    const now = at('2026-03-16', '10:00');
    const facts: BookingFacts = {
      now,
      startsAt: at('2026-03-18', '09:00'),
      staff: false,
      typeEnabled: true,
      countsAsSession: true,
      block: { blocked: false, noShows: 0, limit: 2, liftsOn: null, overridden: false },
      sessions: sessionAllowance({ used: 0, extra: 0, policy: POLICY }),
      upcomingInGroup: 0,
      isSelf: false,
      siteServesVisitor: true,
      policy: POLICY,
    };
    expect(bookingRefusals(facts)).toEqual([]);
    expect(
      bookingRefusals({
        ...facts,
        typeEnabled: false,
        block: { ...facts.block, blocked: true },
        sessions: sessionAllowance({ used: 6, extra: 0, policy: POLICY }),
        startsAt: at('2026-04-20', '09:00'),
        upcomingInGroup: 1,
        siteServesVisitor: false,
      }),
    ).toEqual(['typeDisabled', 'blocked', 'sessionLimit', 'outsideWindow', 'upcomingLimit', 'siteNotServed']);
    expect(bookingRefusals({ ...facts, startsAt: at('2026-03-16', '10:30') })).toEqual(['outsideWindow']);
    expect(bookingRefusals({ ...facts, startsAt: at('2026-03-16', '09:00') })).toEqual(['inPast']);
    expect(bookingRefusals({ ...facts, isSelf: true })).toEqual(['self']);
    // An assessment does not use the counselling sessions.
    expect(
      bookingRefusals({
        ...facts,
        countsAsSession: false,
        sessions: sessionAllowance({ used: 9, extra: 0, policy: POLICY }),
      }),
    ).toEqual([]);
  });
});

describe('desk actions by the clock [spec:S1.4.1] [spec:S1.4.2]', () => {
  const start = at('2026-03-17', '09:00');
  const rule = (action: Parameters<typeof actionTimeRefusal>[0], now: Date) =>
    actionTimeRefusal(action, { now, startsAt: start });

  it('records a no-show of either side only once the session time has begun', () => {
    for (const action of ['visitorNoShow', 'hostNoShow'] as const) {
      expect(rule(action, at('2026-03-10', '09:00'))).toBe('notStarted');
      expect(rule(action, at('2026-03-17', '08:59'))).toBe('notStarted');
      expect(rule(action, start)).toBeNull();
      expect(rule(action, at('2026-03-18', '09:00'))).toBeNull();
    }
  });

  it('leaves arrival, start, end and the release actions to their own rules', () => {
    for (const action of [
      'arrive',
      'start',
      'end',
      'visitorCancel',
      'visitorLeave',
      'hostCancel',
      'hostLeave',
    ] as const)
      expect(rule(action, at('2026-03-10', '09:00'))).toBeNull();
  });
});
