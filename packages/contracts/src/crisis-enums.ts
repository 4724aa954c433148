/**
 * The crisis and key-person status sets and codes (spec S1.3.10, S1.4.6, S1.9.1, S1.9.2; docs/crisis.md).
 * Values are the spec's where it gives them; the others are ours. The transition tables over them are in
 * `@psy/crisis-rules`.
 */

/** Crisis record status (S1.4.6). */
export const CRISIS_STATUS = { newReport: 1, intervening: 2, closed: 3 } as const;
export type CrisisStatus = (typeof CRISIS_STATUS)[keyof typeof CRISIS_STATUS];

/** Intervention measures (S1.4.6). */
export const INTERVENTION_MEASURE = { observation: 1, intervention: 2, returnVisit: 3 } as const;
export type InterventionMeasure = (typeof INTERVENTION_MEASURE)[keyof typeof INTERVENTION_MEASURE];

/** Warning flags (S1.4.6). */
export const WARNING_FLAG = { normal: 1, attention: 2, tracking: 3, abnormal: 4, alert: 5 } as const;
export type WarningFlag = (typeof WARNING_FLAG)[keyof typeof WARNING_FLAG];

/** `collegeLevelcrisis` (S1.3.10): the faculty's attention level; 1-3 make a key person. */
export const COLLEGE_LEVEL = { close: 1, key: 2, routine: 3, none: 4 } as const;
export type CollegeLevel = (typeof COLLEGE_LEVEL)[keyof typeof COLLEGE_LEVEL];
/** The levels a key person can have (not 4 none). */
export type FocusLevel = 1 | 2 | 3;

/** Levels of the escalation ladder, lowest first (docs/crisis.md section 1). */
export const NETWORK_LEVEL = { class: 1, faculty: 2, centre: 3, overall: 4 } as const;
export type NetworkLevel = (typeof NETWORK_LEVEL)[keyof typeof NETWORK_LEVEL];
export const NETWORK_LEVELS: readonly NetworkLevel[] = [1, 2, 3, 4];

/** The role that owns a signal at each ladder level. */
export const LEVEL_OWNER_ROLE: Record<NetworkLevel, string> = {
  1: 'CRISIS_ROLE_CONSULTANT',
  2: 'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
  3: 'CRISIS_ROLE_CENTER_SUPERINTENDENT',
  4: 'CRISIS_ROLE_SUPERINTENDENT',
};

/** Network roles whose reach is bounded by their coverage (department subtrees). */
export const COVERAGE_ROLES = [
  'CRISIS_ROLE_CLASS',
  'CRISIS_ROLE_CONSULTANT',
  'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
  'CRISIS_ROLE_FACULTY_CONSULT',
  'CRISIS_INTERVENE_SEARCH',
  'EMPHASIS_INTERVENE_SEARCH',
] as const;
export type CoverageRole = (typeof COVERAGE_ROLES)[number];

/** Where a signal came from (docs/crisis.md section 2). */
export const CRISIS_SOURCES = [
  'report',
  'dormitory',
  'talk',
  'case',
  'screening',
  'grading',
  'selfHelp',
  'journal',
] as const;
export type CrisisSource = (typeof CRISIS_SOURCES)[number];

// Transfer sources (S1.9.1) and audit statuses and modes (S1.4.5) are the appointments' (appointment-codes.ts).

/** Appointment types of the crisis work (S1.9.2). */
export const CRISIS_APPOINTMENT_TYPE = {
  crisisAssessment: 8,
  dutyCrisisAssessment: 11,
  dutyReturnAssessment: 12,
} as const;

/** Kinds of assessment: the crisis assessment (types 8, 11) and the return-to-school one (type 12). */
export const ASSESSMENT_KINDS = ['crisis', 'return'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
export const ASSESSMENT_APPOINTMENT_TYPES: Record<AssessmentKind, readonly number[]> = {
  crisis: [8, 11],
  return: [12],
};

/** Why a record was closed. */
export const CLOSE_REASON = { resolved: 1, referred: 2, unfounded: 3, duplicate: 4, other: 5 } as const;
export type CloseReason = (typeof CLOSE_REASON)[keyof typeof CLOSE_REASON];

/** Audit status and modes (S1.4: 1 pending, 2 approved, 3 rejected; 1 sequential, 2 all agree, 3 any one). */

/** Steps a school may want approved. */
export const APPROVAL_KINDS = [
  'close',
  'reopen',
  'suspension',
  'return',
  'greenway',
  'focusRelease',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const SUSPENSION_STATUS = { suspended: 1, returnRequested: 2, returned: 3 } as const;
export type SuspensionStatus = (typeof SUSPENSION_STATUS)[keyof typeof SUSPENSION_STATUS];

export const GREENWAY_STATUS = { referred: 1, admitted: 2, back: 3 } as const;
export type GreenwayStatus = (typeof GREENWAY_STATUS)[keyof typeof GREENWAY_STATUS];

export const INTERVENTION_STATUS = { issued: 1, done: 2 } as const;
export type InterventionStatus = (typeof INTERVENTION_STATUS)[keyof typeof INTERVENTION_STATUS];

/** Return-to-school assessment conclusion. */
export const RETURN_CONCLUSION = { fit: 1, fitWithConditions: 2, notYet: 3 } as const;

export const FOCUS_STATUS = { active: 1, released: 2 } as const;
export const FOCUS_REPORT_KIND = { newPerson: 1, update: 2 } as const;
export const TALK_FINDING = { normal: 1, attention: 2, risk: 3 } as const;
export const JOURNAL_STATUS = { open: 1, closed: 2 } as const;

export const MONTHLY_REPORT_KINDS = ['crisis', 'consultation'] as const;
export type MonthlyReportKind = (typeof MONTHLY_REPORT_KINDS)[number];
export const MONTHLY_REPORT_STATUS = { draft: 1, submitted: 2 } as const;
/** A faculty's report status for a month (S0.7.29 `collegeReportStatus`). */
export const COLLEGE_REPORT_STATUSES = ['submitted', 'zero', 'draft', 'missing', 'overdue'] as const;
export type CollegeReportStatus = (typeof COLLEGE_REPORT_STATUSES)[number];

/** SMS and in-app deliveries of a signal's steps. */
export const DELIVERY_CHANNELS = ['inapp', 'sms'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Events of the message-notice settings (who is told what). */
export const CRISIS_NOTICE_EVENTS = [
  'signalNew',
  'signalEscalated',
  'signalAcknowledged',
  'statusChanged',
  'interventionAssigned',
  'followUpDue',
  'approvalRequested',
] as const;
export type CrisisNoticeEvent = (typeof CRISIS_NOTICE_EVENTS)[number];
/** Parties a notice may go to. */
export const NOTICE_PARTIES = [
  'owners',
  'ladder',
  'reporter',
  'assignees',
  'facultyConsult',
  'approvers',
] as const;
export type NoticeParty = (typeof NOTICE_PARTIES)[number];
