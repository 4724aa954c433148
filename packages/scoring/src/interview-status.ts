/**
 * Interview status of spec S1.4.2 as a transition table (DESIGN.md: statuses are state machines, written
 * once): the server refuses a move the table does not allow and the web offers only the moves it lists.
 */
export const INTERVIEW_STATUS = {
  pending: 1,
  visitorCancelled: 2,
  visitorLeave: 3,
  visitorNoShow: 4,
  consultantCancelled: 5,
  consultantNoShow: 6,
  interviewed: 7,
  visitorArrived: 8,
} as const;
export type InterviewStatus = (typeof INTERVIEW_STATUS)[keyof typeof INTERVIEW_STATUS];
export const INTERVIEW_STATUSES: readonly InterviewStatus[] = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * Allowed moves. A pending interview can end any way; an arrived visitor is interviewed or the
 * counsellor cancels; leave and either no-show go back to pending with a new time (rescheduling);
 * cancellations and a held interview are final.
 */
export const INTERVIEW_TRANSITIONS: Readonly<Record<InterviewStatus, readonly InterviewStatus[]>> = {
  1: [2, 3, 4, 5, 6, 7, 8],
  2: [],
  3: [1],
  4: [1],
  5: [],
  6: [1],
  7: [],
  8: [7, 5],
};

export const canMoveInterview = (from: InterviewStatus, to: InterviewStatus): boolean =>
  INTERVIEW_TRANSITIONS[from].includes(to);

/** Whether a status ends the interview for good. */
export const isFinalInterviewStatus = (s: InterviewStatus): boolean => INTERVIEW_TRANSITIONS[s].length === 0;

/** What comes after an interview (our design; docs/assessment.md "After the screen"). */
export const INTERVIEW_NEXT_STEP = { none: 1, followUp: 2, counselling: 3, crisis: 4 } as const;
export type InterviewNextStep = (typeof INTERVIEW_NEXT_STEP)[keyof typeof INTERVIEW_NEXT_STEP];
