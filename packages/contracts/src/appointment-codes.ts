/**
 * Codes of counselling appointments and scheduling (spec S1.4.1, S1.4.2, S1.4.4, S1.4.5, S1.9.1-S1.9.3),
 * with their labels in both languages. The transition tables over them are in `@psy/scheduling`.
 * Design: docs/appointments.md.
 */

type Labels = Readonly<Record<'zh-CN' | 'en-US', string>>;
const L = (zh: string, en: string): Labels => ({ 'zh-CN': zh, 'en-US': en });

/** Appointment status (S1.4.1). */
export const APPOINTMENT_STATUSES = [
  'appointment',
  'running',
  'success',
  'complete',
  'userBreakAppointment',
  'hostBreakAppointment',
  'userTakeLeave',
  'hostTakeLeave',
  'cancel',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, Labels> = {
  appointment: L('已预约', 'Booked'),
  running: L('进行中', 'In session'),
  success: L('待填写记录', 'Record to be filled'),
  complete: L('已完成', 'Completed'),
  userBreakAppointment: L('来访者爽约', 'Visitor no-show'),
  hostBreakAppointment: L('咨询师爽约', 'Counsellor no-show'),
  userTakeLeave: L('来访者请假', 'Visitor leave'),
  hostTakeLeave: L('咨询师请假', 'Counsellor leave'),
  cancel: L('已取消', 'Cancelled'),
};
/** Statuses in which an appointment holds its slot and its people's time (the database's `holds`). */
export const HOLDING_STATUSES: readonly AppointmentStatus[] = [
  'appointment',
  'running',
  'success',
  'complete',
  'userBreakAppointment',
  'hostBreakAppointment',
];

/** Interview status (S1.4.2). */
export const INTERVIEW_STATUS = {
  pending: 1,
  visitorCancelled: 2,
  visitorLeave: 3,
  visitorNoShow: 4,
  consultantCancelled: 5,
  consultantNoShow: 6,
  interviewed: 7,
  arrived: 8,
} as const;
export type InterviewStatus = (typeof INTERVIEW_STATUS)[keyof typeof INTERVIEW_STATUS];
export const INTERVIEW_STATUS_LABELS: Record<InterviewStatus, Labels> = {
  1: L('待访谈', 'Pending'),
  2: L('来访者取消', 'Visitor cancelled'),
  3: L('来访者请假', 'Visitor leave'),
  4: L('来访者爽约', 'Visitor no-show'),
  5: L('咨询师取消', 'Counsellor cancelled'),
  6: L('咨询师爽约', 'Counsellor no-show'),
  7: L('已访谈', 'Interviewed'),
  8: L('来访者已到', 'Visitor arrived'),
};

/** What moves an appointment: each action changes the appointment and interview status together. */
export const APPOINTMENT_ACTIONS = [
  'arrive',
  'start',
  'end',
  'complete',
  'visitorCancel',
  'visitorLeave',
  'visitorNoShow',
  'hostCancel',
  'hostLeave',
  'hostNoShow',
] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];
/** Actions the front desk and the counsellor take through the action calls. */
export const DESK_ACTIONS = ['arrive', 'start', 'end', 'visitorNoShow', 'hostNoShow'] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

/** Scheduling status of a bookable slot (S1.4.4). */
export const SLOT_STATUS = { bookable: 1, released: 10, booked: 2, completed: 3 } as const;
export type SlotStatus = (typeof SLOT_STATUS)[keyof typeof SLOT_STATUS];
export const SLOT_STATUS_LABELS: Record<SlotStatus, Labels> = {
  1: L('可预约', 'Bookable'),
  10: L('释放可预约', 'Released, bookable'),
  2: L('已预约', 'Booked'),
  3: L('已完成', 'Completed'),
};
/** Duty scheduling status (S1.4.4). */
export const DUTY_STATUSES = ['ok', 'appointment', 'complete'] as const;
export type DutyStatus = (typeof DUTY_STATUSES)[number];

/** Kinds of schedule entries: a bookable slot, or a telephone / on-site (manned) duty shift. */
export const SLOT_KINDS = ['consult', 'telephone', 'manned'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];
/** Categories of bookable slots: the time-slot types of S1.3.2 plus 10 single session (primary unit). */
export const SLOT_CATEGORIES = [2, 10, 15, 17, 18, 19] as const;
export type SlotCategory = (typeof SLOT_CATEGORIES)[number];
/** Category stored on duty shifts: 13 telephone assessment, 6 duty (manned) assessment (S1.9.1, S1.9.2). */
export const DUTY_CATEGORY = { telephone: 13, manned: 6 } as const;

/** Audit status (S1.4.5) and 0 "withdrawn" (ours: a request taken back without a decision). */
export const AUDIT_STATUS = { withdrawn: 0, pending: 1, approved: 2, rejected: 3 } as const;
export type AuditStatus = (typeof AUDIT_STATUS)[keyof typeof AUDIT_STATUS];
/** Audit modes (S1.4.5): 1 sequential, 2 all must agree, 3 any one decides. */
export const AUDIT_MODE = { sequential: 1, all: 2, any: 3 } as const;
export const AUDIT_MODES = [AUDIT_MODE.sequential, AUDIT_MODE.all, AUDIT_MODE.any] as const;
export type AuditMode = (typeof AUDIT_MODES)[number];

/** Approval options (S1.9.3) and 1 booking confirmation (ours, while zxyyms.bookingCheckEnable is on). */
export const APPROVAL_OPTION = {
  booking: 1,
  leave: 2,
  extension: 3,
  visitorCancel: 4,
  extensionLock: 7,
  unlock: 8,
} as const;
export type ApprovalOption = (typeof APPROVAL_OPTION)[keyof typeof APPROVAL_OPTION];
export const APPROVAL_OPTIONS = [1, 2, 3, 4, 7, 8] as const satisfies readonly ApprovalOption[];
export const APPROVAL_OPTION_LABELS: Record<ApprovalOption, Labels> = {
  1: L('预约确认', 'Booking confirmation'),
  2: L('请假', 'Leave'),
  3: L('延期（增加次数）', 'Extension (more sessions)'),
  4: L('来访者取消', 'Visitor cancel'),
  7: L('延期锁定', 'Extension of the record lock'),
  8: L('解锁', 'Unlock record'),
};

/** Appointment type ids (S1.9.2). */
export const APPOINTMENT_TYPES = [1, 2, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];
export const isAppointmentType = (n: unknown): n is AppointmentType =>
  (APPOINTMENT_TYPES as readonly unknown[]).includes(n);
export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, Labels> = {
  1: L('咨询评估', 'Assessment'),
  2: L('个体咨询', 'Individual counselling'),
  8: L('危机评估', 'Crisis assessment'),
  9: L('团体入组访谈', 'Group entry interview'),
  10: L('一次单元', 'Primary unit (single session)'),
  11: L('值班危机评估', 'Duty crisis assessment'),
  12: L('值班复学评估', 'Duty return-to-school assessment'),
  13: L('电话评估', 'Telephone assessment'),
  14: L('心理约谈', 'Psychological interview'),
  15: L('初访', 'First interview'),
  17: L('心理评估', 'Psychological assessment'),
  18: L('心理咨询', 'Counselling'),
  19: L('家庭咨询', 'Family counselling'),
  20: L('朋辈谈话', 'Peer talk'),
};

/** Transfer source codes (S1.9.1): where an appointment or registration came from. */
export const TRANSFER_SOURCE = {
  assessmentInterview: 1,
  assessmentTransferIn: 2,
  consultingWaiting: 3,
  referral: 4,
  visitorQueue: 5,
  dutyAssessment: 6,
  phoneAssessment: 8,
  firstInterview: 9,
  primaryUnit: 10,
  groupCounselling: 11,
  visitorAppointment: 12,
  psychologicalMessage: 13,
  smartWarning: 14,
} as const;
export type TransferSource = (typeof TRANSFER_SOURCE)[keyof typeof TRANSFER_SOURCE];
/** Names of the transfer sources (S1.9.1), in both languages. */
export const TRANSFER_SOURCE_LABELS: Readonly<Record<TransferSource, Labels>> = {
  1: L('评估访谈', 'Assessment interview'),
  2: L('评估转入', 'Assessment transfer-in'),
  3: L('咨询候补', 'Consulting waiting list'),
  4: L('转介', 'Referral'),
  5: L('来访者排队', 'Visitor queue'),
  6: L('值班评估', 'Duty assessment'),
  8: L('电话评估', 'Phone assessment'),
  9: L('初访', 'First interview'),
  10: L('一次单元', 'Primary unit'),
  11: L('团体辅导', 'Group counselling'),
  12: L('来访者预约', 'Visitor appointment'),
  13: L('心理留言', 'Psychological message'),
  14: L('智能预警', 'Smart warning'),
};
export const TRANSFER_SOURCES = Object.values(TRANSFER_SOURCE) as TransferSource[];

/** Willingness (S1.3.4): oneConsultWishes 1 willing now, 2 willing if not scheduled after 4 weeks, 3 not willing. */
export const ONE_CONSULT_WISHES = [1, 2, 3] as const;
/** teamConsultWishes 1 yes, 2 no. */
export const TEAM_CONSULT_WISHES = [1, 2] as const;

/** Consultation method (S0.3 consultMethod): 1 face to face, 2 online, 3 telephone (ours for type 13). */
export const APPOINTMENT_MODES = [1, 2, 3] as const;
export type AppointmentMode = (typeof APPOINTMENT_MODES)[number];

/** Why a leave or cancel counts as a no-show (S1.4.15). */
export const NO_SHOW_REASONS = ['late_leave', 'late_cancel', 'leave_limit'] as const;
export type NoShowReason = (typeof NO_SHOW_REASONS)[number];

/** The information note shown to visitors before booking (S1.1.10). */
export const APPOINTMENT_INFORMATION_NOTE: Labels = L(
  '心理咨询对全日制在校学生免费；咨询为非医疗性质，不做诊断和开药；每学期约 6 次；咨询内容严格保密，涉及生命安全和法律规定的情形除外；首次预检请提前 15 分钟到达。',
  'Counselling is free for full-time students. It is non-medical (no diagnosis or prescriptions), up to about six sessions per term, and confidential except where someone’s safety is at risk or the law requires disclosure. Please arrive 15 minutes early for your first pre-check.',
);
