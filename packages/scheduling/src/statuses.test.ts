import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_STATUSES,
  AUDIT_STATUS,
  INTERVIEW_STATUS,
  SLOT_STATUS,
  type AppointmentStatus,
  type InterviewStatus,
} from '@psy/contracts';
import {
  ACTION_RULES,
  APPOINTMENT_TRANSITIONS,
  ASSESSMENT_INTERVIEW_TRANSITIONS,
  INTERVIEW_TRANSITIONS,
  canMoveAssessmentInterview,
  TransitionError,
  allowedActions,
  applyAction,
  canAuditTransition,
  canDutyTransition,
  canInterviewTransition,
  canSlotTransition,
  canTransition,
  isTerminal,
} from './statuses';

const I = INTERVIEW_STATUS;
const INTERVIEWS = Object.values(I) as InterviewStatus[];

describe('appointment and interview status machines [spec:S1.4.1] [spec:S1.4.2]', () => {
  it('covers every appointment status and every interview status', () => {
    expect(Object.keys(APPOINTMENT_TRANSITIONS).sort()).toEqual([...APPOINTMENT_STATUSES].sort());
    expect(
      Object.keys(INTERVIEW_TRANSITIONS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...INTERVIEWS].sort((a, b) => a - b));
  });

  it('moves every action only along transitions both tables allow (or keeps a status)', () => {
    for (const action of APPOINTMENT_ACTIONS) {
      const rule = ACTION_RULES[action];
      for (const from of rule.from) {
        const to = applyAction(from, action);
        expect(to.status === from.status || canTransition(from.status, to.status), `${action} status`).toBe(
          true,
        );
        expect(
          to.interviewStatus === from.interviewStatus ||
            canInterviewTransition(from.interviewStatus, to.interviewStatus),
          `${action} interview`,
        ).toBe(true);
      }
    }
  });

  it('walks a session from booking to the record to fill: arrive, start, end, complete', () => {
    let s = { status: 'appointment' as AppointmentStatus, interviewStatus: I.pending as InterviewStatus };
    expect(allowedActions(s.status, s.interviewStatus)).toEqual([
      'arrive',
      'start',
      'visitorCancel',
      'visitorLeave',
      'visitorNoShow',
      'hostCancel',
      'hostLeave',
      'hostNoShow',
    ]);
    s = applyAction(s, 'arrive');
    expect(s).toEqual({ status: 'appointment', interviewStatus: I.arrived });
    // Once the visitor is at the desk they can no longer be a no-show, cancel or take leave.
    expect(allowedActions(s.status, s.interviewStatus)).toEqual([
      'start',
      'hostCancel',
      'hostLeave',
      'hostNoShow',
    ]);
    s = applyAction(s, 'start');
    expect(s).toEqual({ status: 'running', interviewStatus: I.arrived });
    s = applyAction(s, 'end');
    expect(s).toEqual({ status: 'success', interviewStatus: I.interviewed });
    s = applyAction(s, 'complete');
    expect(s).toEqual({ status: 'complete', interviewStatus: I.interviewed });
    expect(allowedActions(s.status, s.interviewStatus)).toEqual([]);
  });

  it('maps each ending to its interview status: cancel 2, leave 3, no-show 4, host cancel/leave 5, host no-show 6', () => {
    const booked = { status: 'appointment' as const, interviewStatus: I.pending };
    expect(applyAction(booked, 'visitorCancel')).toEqual({ status: 'cancel', interviewStatus: 2 });
    expect(applyAction(booked, 'visitorLeave')).toEqual({ status: 'userTakeLeave', interviewStatus: 3 });
    expect(applyAction(booked, 'visitorNoShow')).toEqual({
      status: 'userBreakAppointment',
      interviewStatus: 4,
    });
    expect(applyAction(booked, 'hostCancel')).toEqual({ status: 'cancel', interviewStatus: 5 });
    expect(applyAction(booked, 'hostLeave')).toEqual({ status: 'hostTakeLeave', interviewStatus: 5 });
    expect(applyAction(booked, 'hostNoShow')).toEqual({ status: 'hostBreakAppointment', interviewStatus: 6 });
  });

  it('refuses every action from every pair the table does not list, naming the allowed ones', () => {
    for (const status of APPOINTMENT_STATUSES) {
      for (const interviewStatus of INTERVIEWS) {
        const allowed = allowedActions(status, interviewStatus);
        for (const action of APPOINTMENT_ACTIONS) {
          if (allowed.includes(action)) continue;
          try {
            applyAction({ status, interviewStatus }, action);
            throw new Error(`${action} from ${status}/${interviewStatus} was allowed`);
          } catch (e) {
            expect(e).toBeInstanceOf(TransitionError);
            expect((e as TransitionError).allowed).toEqual(allowed);
          }
        }
      }
    }
  });

  it('has exactly the terminal statuses of the spec’s endings', () => {
    expect(APPOINTMENT_STATUSES.filter(isTerminal).sort()).toEqual(
      [
        'cancel',
        'complete',
        'hostBreakAppointment',
        'hostTakeLeave',
        'userBreakAppointment',
        'userTakeLeave',
      ].sort(),
    );
    expect(canTransition('complete', 'appointment')).toBe(false);
    expect(canTransition('cancel', 'appointment')).toBe(false);
  });
});

describe('scheduling, duty and audit status machines [spec:S1.4.4] [spec:S1.4.5]', () => {
  it('books a slot from bookable or released, frees it to released, completes a booked one', () => {
    expect(canSlotTransition(SLOT_STATUS.bookable, SLOT_STATUS.booked)).toBe(true);
    expect(canSlotTransition(SLOT_STATUS.released, SLOT_STATUS.booked)).toBe(true);
    expect(canSlotTransition(SLOT_STATUS.booked, SLOT_STATUS.released)).toBe(true);
    expect(canSlotTransition(SLOT_STATUS.booked, SLOT_STATUS.completed)).toBe(true);
    expect(canSlotTransition(SLOT_STATUS.booked, SLOT_STATUS.booked)).toBe(false);
    expect(canSlotTransition(SLOT_STATUS.completed, SLOT_STATUS.released)).toBe(false);
    expect(canSlotTransition(SLOT_STATUS.bookable, SLOT_STATUS.completed)).toBe(false);
  });

  it('moves duty between ok and appointment until complete', () => {
    expect(canDutyTransition('ok', 'appointment')).toBe(true);
    expect(canDutyTransition('appointment', 'ok')).toBe(true);
    expect(canDutyTransition('appointment', 'complete')).toBe(true);
    expect(canDutyTransition('complete', 'ok')).toBe(false);
  });

  it('decides an audit once: pending to approved, rejected or withdrawn', () => {
    expect(canAuditTransition(AUDIT_STATUS.pending, AUDIT_STATUS.approved)).toBe(true);
    expect(canAuditTransition(AUDIT_STATUS.pending, AUDIT_STATUS.rejected)).toBe(true);
    expect(canAuditTransition(AUDIT_STATUS.pending, AUDIT_STATUS.withdrawn)).toBe(true);
    expect(canAuditTransition(AUDIT_STATUS.approved, AUDIT_STATUS.rejected)).toBe(false);
    expect(canAuditTransition(AUDIT_STATUS.rejected, AUDIT_STATUS.approved)).toBe(false);
  });
});

describe('assessment interviews [spec:S1.4.2]', () => {
  it('keep the moves of S1.4.2 and add only the reschedule of leave and no-shows back to pending', () => {
    const added: [InterviewStatus, InterviewStatus][] = [];
    for (const from of INTERVIEWS)
      for (const to of ASSESSMENT_INTERVIEW_TRANSITIONS[from])
        if (!INTERVIEW_TRANSITIONS[from].includes(to)) added.push([from, to]);
    expect(added).toEqual([
      [I.visitorLeave, I.pending],
      [I.visitorNoShow, I.pending],
      [I.consultantNoShow, I.pending],
    ]);
    expect(canMoveAssessmentInterview(I.arrived, I.interviewed)).toBe(true);
    expect(canMoveAssessmentInterview(I.interviewed, I.pending)).toBe(false);
    expect(canMoveAssessmentInterview(I.visitorCancelled, I.interviewed)).toBe(false);
    expect(canMoveAssessmentInterview(I.pending, I.pending)).toBe(false);
  });
});
