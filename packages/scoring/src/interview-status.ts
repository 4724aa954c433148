/**
 * What follows an assessment interview. The interview's statuses (S1.4.2) and their moves are the
 * appointments' (`INTERVIEW_STATUS` in @psy/contracts, `ASSESSMENT_INTERVIEW_TRANSITIONS` in @psy/scheduling).
 */
/** Our design; docs/assessment.md "After the screen". */
export const INTERVIEW_NEXT_STEP = { none: 1, followUp: 2, counselling: 3, crisis: 4 } as const;
export type InterviewNextStep = (typeof INTERVIEW_NEXT_STEP)[keyof typeof INTERVIEW_NEXT_STEP];
