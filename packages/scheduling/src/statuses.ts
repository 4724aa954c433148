import {
  AUDIT_STATUS,
  INTERVIEW_STATUS,
  SLOT_STATUS,
  type AppointmentAction,
  type AppointmentStatus,
  type AuditStatus,
  type DutyStatus,
  type InterviewStatus,
  type SlotStatus,
} from '@psy/contracts';

/**
 * The status sets of appointments as state machines, written once (DESIGN.md "Statuses are state
 * machines"): the server refuses a move these tables do not allow, the web asks them which actions to
 * offer. Design: docs/appointments.md section 3.
 */

const I = INTERVIEW_STATUS;

/** Appointment status moves (S1.4.1). */
export const APPOINTMENT_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  appointment: [
    'running',
    'cancel',
    'userTakeLeave',
    'hostTakeLeave',
    'userBreakAppointment',
    'hostBreakAppointment',
  ],
  running: ['success'],
  success: ['complete'],
  complete: [],
  userBreakAppointment: [],
  hostBreakAppointment: [],
  userTakeLeave: [],
  hostTakeLeave: [],
  cancel: [],
};

/** Interview status moves (S1.4.2). */
export const INTERVIEW_TRANSITIONS: Readonly<Record<InterviewStatus, readonly InterviewStatus[]>> = {
  [I.pending]: [
    I.visitorCancelled,
    I.visitorLeave,
    I.visitorNoShow,
    I.consultantCancelled,
    I.consultantNoShow,
    I.interviewed,
    I.arrived,
  ],
  [I.arrived]: [I.interviewed, I.consultantCancelled, I.consultantNoShow],
  [I.visitorCancelled]: [],
  [I.visitorLeave]: [],
  [I.visitorNoShow]: [],
  [I.consultantCancelled]: [],
  [I.consultantNoShow]: [],
  [I.interviewed]: [],
};

/**
 * An assessment interview (docs/assessment.md "After the screen") is one record that keeps its row when it
 * is moved to a new time: leave and either no-show go back to pending. Otherwise the moves of S1.4.2.
 */
export const ASSESSMENT_INTERVIEW_TRANSITIONS: Readonly<Record<InterviewStatus, readonly InterviewStatus[]>> =
  {
    ...INTERVIEW_TRANSITIONS,
    [I.visitorLeave]: [I.pending],
    [I.visitorNoShow]: [I.pending],
    [I.consultantNoShow]: [I.pending],
  };

export const canMoveAssessmentInterview = (from: InterviewStatus, to: InterviewStatus): boolean =>
  ASSESSMENT_INTERVIEW_TRANSITIONS[from].includes(to);

export interface StatusPair {
  status: AppointmentStatus;
  interviewStatus: InterviewStatus;
}

interface ActionRule {
  /** Pairs the action may start from. */
  from: readonly StatusPair[];
  /** The pair it leads to; `keep` keeps the interview status. */
  to: { status: AppointmentStatus; interviewStatus: InterviewStatus | 'keep' };
}

const pair = (status: AppointmentStatus, interviewStatus: InterviewStatus): StatusPair => ({
  status,
  interviewStatus,
});
const BOOKED = pair('appointment', I.pending);
const ARRIVED = pair('appointment', I.arrived);

/** Every action with where it may start and where it leads (docs/appointments.md, section 3). */
export const ACTION_RULES: Readonly<Record<AppointmentAction, ActionRule>> = {
  arrive: { from: [BOOKED], to: { status: 'appointment', interviewStatus: I.arrived } },
  start: { from: [BOOKED, ARRIVED], to: { status: 'running', interviewStatus: I.arrived } },
  end: { from: [pair('running', I.arrived)], to: { status: 'success', interviewStatus: I.interviewed } },
  complete: {
    from: [pair('success', I.interviewed)],
    to: { status: 'complete', interviewStatus: 'keep' },
  },
  visitorCancel: { from: [BOOKED], to: { status: 'cancel', interviewStatus: I.visitorCancelled } },
  visitorLeave: { from: [BOOKED], to: { status: 'userTakeLeave', interviewStatus: I.visitorLeave } },
  visitorNoShow: {
    from: [BOOKED],
    to: { status: 'userBreakAppointment', interviewStatus: I.visitorNoShow },
  },
  hostCancel: { from: [BOOKED, ARRIVED], to: { status: 'cancel', interviewStatus: I.consultantCancelled } },
  hostLeave: {
    from: [BOOKED, ARRIVED],
    to: { status: 'hostTakeLeave', interviewStatus: I.consultantCancelled },
  },
  hostNoShow: {
    from: [BOOKED, ARRIVED],
    to: { status: 'hostBreakAppointment', interviewStatus: I.consultantNoShow },
  },
};

export const canTransition = (from: AppointmentStatus, to: AppointmentStatus): boolean =>
  APPOINTMENT_TRANSITIONS[from].includes(to);

export const canInterviewTransition = (from: InterviewStatus, to: InterviewStatus): boolean =>
  INTERVIEW_TRANSITIONS[from].includes(to);

/** Whether an appointment status is final (nothing may follow it). */
export const isTerminal = (s: AppointmentStatus): boolean => APPOINTMENT_TRANSITIONS[s].length === 0;

/** The actions allowed from a pair, in the order of ACTION_RULES. */
export function allowedActions(
  status: AppointmentStatus,
  interviewStatus: InterviewStatus,
): AppointmentAction[] {
  return (Object.keys(ACTION_RULES) as AppointmentAction[]).filter((a) =>
    ACTION_RULES[a].from.some((f) => f.status === status && f.interviewStatus === interviewStatus),
  );
}

export class TransitionError extends Error {
  constructor(
    readonly action: AppointmentAction,
    readonly from: StatusPair,
    readonly allowed: AppointmentAction[],
  ) {
    super(`${action} is not allowed from ${from.status}/${from.interviewStatus}`);
  }
}

/** The pair an action leads to; throws `TransitionError` when the action is not allowed from `from`. */
export function applyAction(from: StatusPair, action: AppointmentAction): StatusPair {
  const rule = ACTION_RULES[action];
  if (!rule.from.some((f) => f.status === from.status && f.interviewStatus === from.interviewStatus)) {
    throw new TransitionError(action, from, allowedActions(from.status, from.interviewStatus));
  }
  return {
    status: rule.to.status,
    interviewStatus: rule.to.interviewStatus === 'keep' ? from.interviewStatus : rule.to.interviewStatus,
  };
}

/** Slot status moves (S1.4.4): booked from bookable or released, freed to released, completed when held. */
export const SLOT_TRANSITIONS: Readonly<Record<SlotStatus, readonly SlotStatus[]>> = {
  [SLOT_STATUS.bookable]: [SLOT_STATUS.booked],
  [SLOT_STATUS.released]: [SLOT_STATUS.booked],
  [SLOT_STATUS.booked]: [SLOT_STATUS.released, SLOT_STATUS.completed],
  [SLOT_STATUS.completed]: [],
};
export const canSlotTransition = (from: SlotStatus, to: SlotStatus): boolean =>
  SLOT_TRANSITIONS[from].includes(to);
/** Slot statuses a visitor can book. */
export const BOOKABLE_SLOT_STATUSES: readonly SlotStatus[] = [SLOT_STATUS.bookable, SLOT_STATUS.released];

/** Duty scheduling moves (S1.4.4). */
export const DUTY_TRANSITIONS: Readonly<Record<DutyStatus, readonly DutyStatus[]>> = {
  ok: ['appointment', 'complete'],
  appointment: ['ok', 'complete'],
  complete: [],
};
export const canDutyTransition = (from: DutyStatus, to: DutyStatus): boolean =>
  DUTY_TRANSITIONS[from].includes(to);

/** Audit status moves (S1.4.5, plus 0 withdrawn). */
export const AUDIT_TRANSITIONS: Readonly<Record<AuditStatus, readonly AuditStatus[]>> = {
  [AUDIT_STATUS.pending]: [AUDIT_STATUS.approved, AUDIT_STATUS.rejected, AUDIT_STATUS.withdrawn],
  [AUDIT_STATUS.approved]: [],
  [AUDIT_STATUS.rejected]: [],
  [AUDIT_STATUS.withdrawn]: [],
};
export const canAuditTransition = (from: AuditStatus, to: AuditStatus): boolean =>
  AUDIT_TRANSITIONS[from].includes(to);
