import { z } from 'zod';
import {
  APPOINTMENT_ACTIONS,
  APPOINTMENT_STATUSES,
  APPROVAL_OPTIONS,
  DESK_ACTIONS,
  NO_SHOW_REASONS,
  ONE_CONSULT_WISHES,
  TEAM_CONSULT_WISHES,
  TRANSFER_SOURCES,
  type AppointmentStatus,
} from './appointment-codes';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { downloadTaskSchema } from './downloads.contract';
import { instantSchema } from './scheduling.contract';
import type { Lang } from './errors';

/**
 * Registration, booking, leave and cancel, approvals, the waiting list, "my" lists, pending counts, video
 * records, maintenance and the calendar feed (spec S1.7.15-S1.7.26; issue 13). Design and every decision:
 * docs/appointments.md. Paths are served under `/biz`.
 */

// ---------------------------------------------------------------------------------------------------
// Refusals: `data.reason` of business (400, body code 1) and clash (409) answers

export const APPOINTMENT_REFUSALS = {
  typeDisabled: ['本校未开放该预约类型', 'This school does not offer this type of appointment'],
  notSelfBookable: ['该类型需由中心工作人员预约', 'This type of appointment is booked by the centre’s staff'],
  typeMismatch: ['该时段不提供这一预约类型', 'This time slot is not for this type of appointment'],
  blocked: [
    '本学期爽约已达 {noShows} 次，暂停预约至 {liftsOn}',
    'You have missed {noShows} appointments this term; booking is paused until {liftsOn}',
  ],
  sessionLimit: [
    '本学期咨询次数已用完（{used}/{allowed}），如需继续请申请延期',
    'You have used all sessions of this term ({used}/{allowed}); ask for an extension to continue',
  ],
  outsideWindow: ['该时段不在可预约的时间范围内', 'This time is outside the booking window'],
  inPast: ['该时段已经开始或结束', 'This time has already started or passed'],
  upcomingLimit: [
    '您已有未开始的同类预约，请完成或取消后再预约',
    'You already have an upcoming appointment of this kind; attend or cancel it first',
  ],
  self: ['不能为自己预约', 'You cannot book an appointment with yourself'],
  siteNotServed: ['该场地不对您所在的院系开放', 'This site does not serve your department'],
  slotTaken: ['该时段刚刚被预约，请选择其他时段', 'This time has just been taken; please choose another'],
  slotUnavailable: ['该时段不可预约', 'This time slot cannot be booked'],
  offeredToOther: [
    '该时段正留给候补队列中的来访者，请稍后再试',
    'This time is being offered to someone on the waiting list; try again later',
  ],
  counsellorBusy: ['咨询师在该时间已有安排', 'The counsellor is already busy at this time'],
  roomBusy: ['该咨询室在该时间已被占用', 'The room is already in use at this time'],
  visitorBusy: ['来访者在该时间已有预约', 'The visitor already has an appointment at this time'],
  notAllowed: ['当前状态不能执行此操作', 'This cannot be done in the appointment’s current status'],
  notStarted: ['预约开始后才能登记爽约', 'A no-show can be recorded once the appointment’s time has begun'],
  pendingApproval: ['已有待审批的申请', 'A request is already waiting for approval'],
  deadlinePassed: [
    '已过改约截止时间，请改为请假或取消',
    'The deadline to change has passed; take leave or cancel instead',
  ],
  noDuty: ['该时间没有电话值班', 'Nobody is on telephone duty at this time'],
  termOverlap: ['学期时间与已有学期重叠', 'The term overlaps another term'],
  hasBookings: ['该时段已有预约，请先取消预约', 'This slot has appointments; cancel them first'],
  waitlistExists: ['您已在该类别的候补队列中', 'You are already on the waiting list for this'],
  offerClosed: ['该候补名额已失效', 'This offer is no longer open'],
  notBlocked: ['该来访者当前未被暂停预约', 'This visitor is not blocked from booking'],
  wrongGroup: ['该预约不属于此取消入口', 'This appointment is not cancelled through this call'],
} as const satisfies Record<string, readonly [string, string]>;
export type AppointmentRefusal = keyof typeof APPOINTMENT_REFUSALS;

/**
 * The refusals answered as clashes (409): someone else holds the time, or what is there no longer allows
 * the change. Every other refusal breaks a rule and is a business answer (400, body code 1).
 */
export const APPOINTMENT_CLASHES: ReadonlySet<AppointmentRefusal> = new Set<AppointmentRefusal>([
  'slotTaken',
  'offeredToOther',
  'counsellorBusy',
  'roomBusy',
  'visitorBusy',
  'termOverlap',
  'pendingApproval',
  'waitlistExists',
  'hasBookings',
  'notAllowed',
]);

/** The refusal's text in a language, with `{name}` placeholders filled. */
export function refusalMessage(
  reason: AppointmentRefusal,
  lang: Lang,
  params: Record<string, string | number> = {},
): string {
  const [zh, en] = APPOINTMENT_REFUSALS[reason];
  return (lang === 'en-US' ? en : zh).replace(/\{(\w+)\}/g, (w, k: string) =>
    k in params ? String(params[k]) : w,
  );
}

// ---------------------------------------------------------------------------------------------------
// Shared shapes

const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());
const reasonText = z.string().trim().max(200, 'at most 200 characters');
const idBody = z.object({ id: idSchema });
const idQuery = z.object({ id: idSchema });
const statusSchema = z.enum(APPOINTMENT_STATUSES);

export const appointmentSchema = z.object({
  id: z.number().int(),
  type: z.number().int().describe('appointment type (S1.9.2)'),
  category: z.number().int(),
  status: statusSchema.describe('S1.4.1'),
  interviewStatus: z.number().int().describe('S1.4.2'),
  mode: z.number().int().describe('1 face to face, 2 online, 3 telephone'),
  source: z.number().int().describe('transfer source (S1.9.1)'),
  startTime: dateTimeSchema,
  endTime: dateTimeSchema,
  arriveBy: dateTimeSchema.describe('arrive by this time (S1.1.10)'),
  visitorId: z.number().int(),
  visitorName: z.string(),
  visitorNumber: z.string().nullable(),
  visitorPhone: z.string().nullable().describe('masked unless the viewer may see personal data'),
  visitorDeptName: z.string().nullable(),
  counsellorId: z.number().int(),
  counsellorName: z.string(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  slotId: z.number().int().nullable().describe('the bookable slot it holds'),
  dutyId: z
    .number()
    .int()
    .nullable()
    .describe('the duty shift it is held in (telephone and duty assessments)'),
  registrationId: z.number().int().nullable(),
  awaitingApproval: z.boolean().describe('a booking waiting for the centre to confirm'),
  countsAsNoShow: z.boolean(),
  noShowReason: z.enum(NO_SHOW_REASONS).nullable(),
  note: z.string().nullable(),
  cancelReason: z.string().nullable(),
  arrivedAt: dateTimeSchema.nullable(),
  startedAt: dateTimeSchema.nullable(),
  endedAt: dateTimeSchema.nullable(),
  cancelledAt: dateTimeSchema.nullable(),
  createTime: dateTimeSchema,
  version: z.number().int(),
  actions: z.array(z.enum(APPOINTMENT_ACTIONS)).describe('actions the status tables allow now'),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const approvalStepSchema = z.object({
  seq: z.number().int(),
  approverId: z.number().int(),
  approverName: z.string(),
  status: z.number().int().describe('1 pending, 2 approved, 3 rejected, 0 skipped'),
  comment: z.string().nullable(),
  decidedAt: dateTimeSchema.nullable(),
});
export const approvalSchema = z.object({
  id: z.number().int(),
  option: z
    .number()
    .int()
    .describe('1 booking, 2 leave, 3 extension, 4 visitor cancel, 7 extension lock, 8 unlock'),
  status: z.number().int().describe('1 pending, 2 approved, 3 rejected, 0 withdrawn'),
  mode: z.number().int().describe('1 sequential, 2 all must agree, 3 any one decides'),
  appointmentId: z.number().int().nullable(),
  visitorId: z.number().int(),
  visitorName: z.string(),
  requesterId: z.number().int(),
  requesterName: z.string(),
  reason: z.string().nullable(),
  extraSessions: z.number().int().nullable(),
  extraDays: z.number().int().nullable(),
  countsAsNoShow: z.boolean().nullable().describe('leave: judged when asked'),
  startTime: dateTimeSchema.nullable().describe("the appointment's start"),
  createTime: dateTimeSchema,
  decidedAt: dateTimeSchema.nullable(),
  steps: z.array(approvalStepSchema),
  canDecide: z.boolean().describe('the caller may decide it now'),
});
export type Approval = z.infer<typeof approvalSchema>;

export const appointmentEventSchema = z.object({
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  at: dateTimeSchema,
});

export const leavePreviewSchema = z.object({
  deadline: dateTimeSchema.describe('leave or cancel before this time'),
  countsAsNoShowNow: z.boolean().describe('a leave asked now would count as a no-show'),
  reason: z.enum(NO_SHOW_REASONS).nullable(),
  leavesUsed: z.number().int(),
  leaveLimit: z.number().int(),
  cancelCountsAsNoShowNow: z.boolean(),
});

export const appointmentDetailSchema = appointmentSchema.extend({
  leave: leavePreviewSchema.nullable().describe('while the appointment can still be left or cancelled'),
  events: z.array(appointmentEventSchema),
  approvals: z.array(approvalSchema),
  termName: z.string(),
});

export const ruleStateSchema = z.object({
  allowed: z.boolean(),
  refusals: z.array(z.object({ reason: z.string(), message: z.string() })),
  type: z.number().int().nullable(),
  enabledTypes: z.array(z.number().int()),
  term: z.object({
    key: z.string(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    fallback: z.boolean(),
  }),
  block: z.object({
    blocked: z.boolean(),
    noShows: z.number().int(),
    limit: z.number().int(),
    liftsOn: z.string().nullable(),
    overridden: z.boolean(),
  }),
  sessions: z.object({
    allowed: z.number().int(),
    used: z.number().int(),
    extra: z.number().int(),
    remaining: z.number().int(),
  }),
  leaves: z.object({ used: z.number().int(), limit: z.number().int() }),
  upcoming: z.object({ count: z.number().int(), limit: z.number().int() }),
  window: z.object({ from: dateTimeSchema, to: dateTimeSchema }),
  timeZone: z.string(),
  leaveDeadlineHour: z.number().int(),
  arriveEarlyMinutes: z.number().int(),
  note: z.string().describe('the information note of S1.1.10 in the caller’s language'),
});
export type RuleState = z.infer<typeof ruleStateSchema>;

// ---------------------------------------------------------------------------------------------------
// Registration (S1.7.16)

const timeSelectionSchema = z
  .array(
    z.object({
      time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm-HH:mm'),
      weeks: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    }),
  )
  .max(100);

const wish = <T extends readonly number[]>(values: T, label: string) =>
  z
    .number({ message: `${label} must be filled` })
    .int()
    .refine((n) => (values as readonly number[]).includes(n), `must be one of ${values.join(', ')}`);

export const registrationSchema = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  visitorName: z.string(),
  kind: z.enum(['individual', 'team']),
  oneConsultWishes: z.number().int().nullable(),
  teamConsultWishes: z.number().int().nullable(),
  category: z.number().int().nullable(),
  formAnswerId: z.number().int().nullable(),
  preferredTimes: timeSelectionSchema,
  note: z.string().nullable(),
  source: z.number().int(),
  status: z.enum(['open', 'assessing', 'ready', 'booked', 'waiting', 'closed']),
  isRepeat: z.boolean(),
  termKey: z.string(),
  createTime: dateTimeSchema,
});
export type Registration = z.infer<typeof registrationSchema>;

export const visitorRegisterEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/register/visitorRegister',
  summary:
    'Registers a visitor for counselling with the willingness answers (a visitor for themselves, a clerk for anyone)',
  tags: ['appointments'],
  body: z.object({
    visitorId: optionalId.describe('staff registering someone; default: the caller'),
    oneConsultWishes: wish(ONE_CONSULT_WISHES, 'oneConsultWishes').describe(
      '1 willing now, 2 willing if not scheduled after 4 weeks, 3 not willing (S1.3.4)',
    ),
    teamConsultWishes: wish(TEAM_CONSULT_WISHES, 'teamConsultWishes').describe('1 yes, 2 no'),
    category: z.number().int().optional().describe('service category wanted'),
    formAnswerId: optionalId.describe("the visitor's answer of the school's intake form"),
    preferredTimes: timeSelectionSchema.default([]),
    note: reasonText.optional(),
    source: z
      .number()
      .int()
      .refine((n) => (TRANSFER_SOURCES as number[]).includes(n), 'must be a transfer source (S1.9.1)')
      .optional(),
  }),
  response: registrationSchema,
});
export const teamRegisterEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/register/teamRegister',
  summary: 'Registers for group counselling',
  tags: ['appointments'],
  body: z.object({
    visitorId: optionalId,
    formAnswerId: optionalId,
    preferredTimes: timeSelectionSchema.default([]),
    note: reasonText.optional(),
  }),
  response: registrationSchema,
});
const userIdQuery = z.object({ userId: optionalId.describe('default: the caller') });
export const latestRegistrationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/lately',
  summary: 'The latest individual registration of a visitor (the caller by default)',
  tags: ['appointments'],
  query: userIdQuery,
  response: registrationSchema.nullable(),
});
export const latestTeamRegistrationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/latelyTeamRegister',
  summary: 'The latest group-counselling registration',
  tags: ['appointments'],
  query: userIdQuery,
  response: registrationSchema.nullable(),
});
export const registrationInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/visitorRegisterInfo',
  summary: "A visitor's registrations, newest first",
  tags: ['appointments'],
  query: z.object({ userId: idSchema }),
  response: z.array(registrationSchema),
});
export const syncRegistrationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/syncRegister',
  summary: "The caller's registration for the current term, carried over from their latest one when missing",
  tags: ['appointments'],
  response: registrationSchema.nullable(),
});
export const canInterviewCountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/getCanInterviewCount',
  summary: 'Counselling sessions left this term (S1.9.6)',
  tags: ['appointments'],
  query: userIdQuery,
  response: z.object({
    count: z.number().int().describe('sessions left'),
    allowed: z.number().int(),
    used: z.number().int(),
    extra: z.number().int(),
    termName: z.string(),
  }),
});
export const checkGroupEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/teamRegistration/checkGroup',
  summary: 'Whether group counselling takes registrations, and whether the caller has registered this term',
  tags: ['appointments'],
  response: z.object({ open: z.boolean(), registered: z.boolean() }),
});
export const visitorSelectionSchema = z.object({
  visitorId: z.number().int(),
  visitorName: z.string(),
  userName: z.string(),
  numberName: z.string().nullable(),
  deptName: z.string().nullable(),
  count: z.number().int().describe('consultation times (held sessions)'),
  lastDate: dateTimeSchema.nullable(),
  basicInformation: z.string().nullable(),
  chiefComplaint: z.string().nullable(),
});
export const userForAppointEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/userForAppoint',
  summary: 'Visitors a clerk may book for, as visitor selection entries (S1.3.3)',
  tags: ['appointments'],
  query: boundedPageQuery(50).extend({ keyword: z.string().trim().max(50).optional() }),
  response: pageOf(visitorSelectionSchema),
});
export const forAssessmentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/inner/register/forAssessment',
  summary: 'Registrations waiting for an assessment or first interview',
  tags: ['appointments'],
  query: boundedPageQuery(100).extend({
    status: z.enum(['open', 'assessing', 'ready', 'waiting']).optional(),
    keyword: z.string().trim().max(50).optional(),
  }),
  response: pageOf(registrationSchema),
});
export const firstInterviewForRegistrationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/inner/register/forAssessment/firstInterview',
  summary: 'Books the first interview (15) of a registration on a slot',
  tags: ['appointments'],
  body: z.object({ registrationId: idSchema, slotId: idSchema, note: reasonText.optional() }),
  response: appointmentSchema,
});
export const deleteRegistrationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/delForAssessment',
  summary: 'Takes a registration off the queue (kept, marked deleted)',
  tags: ['appointments'],
  query: idQuery,
  response: z.object({ deleted: z.number().int() }),
});
export const deleteRegistrationsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/register/delForAssessment/batch',
  summary: 'Takes several registrations off the queue',
  tags: ['appointments'],
  body: z.object({ ids: z.array(idSchema).min(1, 'please tick the data to delete').max(500) }),
  response: z.object({ deleted: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------
// Booking

const bookBody = z.object({
  slotId: idSchema,
  type: z.number().int().describe('appointment type (S1.9.2)'),
  visitorId: optionalId.describe('staff booking for a visitor; default: the caller'),
  registrationId: optionalId,
  mode: z
    .union([z.literal(1), z.literal(2)])
    .default(1)
    .describe('1 face to face, 2 online'),
  note: reasonText.optional(),
});
export const bookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/book',
  summary:
    'Books a slot for an appointment type, under every rule of the school (docs/appointments.md section 4)',
  tags: ['appointments'],
  body: bookBody,
  response: appointmentSchema,
});
export const subscribeAssessmentEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/assessments/subscribe',
  summary: 'Books an assessment (types 1, 17, 8, 11, 12)',
  tags: ['appointments'],
  body: bookBody.extend({ type: z.number().int().default(17) }),
  response: appointmentSchema,
});
export const appointPreCheckEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/assessments/appointPreCheck',
  summary: 'The rules as they stand for a visitor before booking, with the information note (S1.1.10)',
  tags: ['appointments'],
  query: z.object({ type: z.coerce.number().int().optional(), visitorId: optionalId }),
  response: ruleStateSchema,
});
export const toConsultEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/assessments/toConsult',
  summary: 'After an assessment: its registration becomes ready for counselling (source 2)',
  tags: ['appointments'],
  query: idQuery.describe('the assessment appointment'),
  response: registrationSchema,
});
const actionBody = z.object({ id: idSchema, action: z.enum(DESK_ACTIONS), note: reasonText.optional() });
export const appointmentActionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/action',
  summary: 'Front desk and counsellor actions: arrive, start, end, visitorNoShow, hostNoShow',
  tags: ['appointments'],
  body: actionBody,
  response: appointmentSchema,
});
export const assessmentActionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/assessments/assessmentAction',
  summary: 'An action on an assessment appointment',
  tags: ['appointments'],
  body: actionBody,
  response: appointmentSchema,
});
export const mannedActionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/manned/assessmentAction',
  summary: 'An action on a duty (manned) assessment',
  tags: ['appointments'],
  body: actionBody,
  response: appointmentSchema,
});
export const rescheduleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/reschedule',
  summary: 'Moves an appointment to another slot of its type (a visitor: before the leave deadline)',
  tags: ['appointments'],
  body: z.object({ id: idSchema, slotId: idSchema }),
  response: appointmentSchema,
});

// Telephone assessment (13)
export const telephoneBookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/telephone/visitor/appointment',
  summary: 'Books a telephone assessment (13) on a telephone duty shift',
  tags: ['appointments'],
  body: z.object({
    dutyId: idSchema.describe('the telephone duty shift'),
    startTime: instantSchema,
    minutes: z.number().int().min(10).max(120).default(30),
    visitorId: optionalId,
    note: reasonText.optional(),
  }),
  response: appointmentSchema,
});
export const telephonePreCheckEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/telephone/visitor/preCheck',
  summary: 'The rules for a telephone assessment before booking',
  tags: ['appointments'],
  body: z.object({ visitorId: optionalId }),
  response: ruleStateSchema,
});
const listBody = boundedPageQuery(100).extend({
  status: statusSchema.optional(),
  startDate: dateSchema.optional(),
  endDate: dateSchema.optional(),
  keyword: z.string().trim().max(50).optional().describe("part of the visitor's or counsellor's name"),
  all: z.boolean().default(false).describe('every appointment in the data scope (consult_appointment_view)'),
});
export const telephoneRecordListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/telephone/visitor/recordList',
  summary: 'Telephone assessments the caller may see',
  tags: ['appointments'],
  body: listBody,
  response: pageOf(appointmentSchema),
});
export const telephoneActionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/telephone/visitor/assessmentAction',
  summary: 'An action on a telephone assessment',
  tags: ['appointments'],
  body: actionBody,
  response: appointmentSchema,
});

// Cancels (S1.7.21): one body, the path must match the appointment's type group.
const cancelBody = z.object({ id: idSchema, reason: reasonText.optional() });
const cancelEndpoint = (path: string, what: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary: `Cancels ${what} (by the visitor: the deadline rule applies; by staff: a centre cancel)`,
    tags: ['appointments'],
    body: cancelBody,
    response: appointmentSchema.extend({ approvalId: z.number().int().nullable() }),
  });
export const cancelConsultationEndpoint = cancelEndpoint(
  '/biz/consult/consultations/appointment/cancel',
  'a counselling appointment (2, 18, 19, 20)',
);
export const cancelPrimaryEndpoint = cancelEndpoint(
  '/biz/consult/primary/appointment/cancel',
  'a primary unit (10)',
);
export const cancelAssessmentEndpoint = cancelEndpoint(
  '/biz/consult/assessments/appointment/cancel',
  'an assessment (1, 17, 8, 11, 12)',
);
export const cancelInterviewEndpoint = cancelEndpoint(
  '/biz/consult/inner/interview/appointment/cancel',
  'a psychological or group entry interview (14, 9)',
);
export const cancelFirstInterviewEndpoint = cancelEndpoint(
  '/biz/consult/inner/first/appointment/cancel',
  'a first interview (15)',
);
export const cancelTelephoneEndpoint = cancelEndpoint(
  '/biz/consult/telephone/visitor/cancel',
  'a telephone assessment (13)',
);

export const userLeaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/leave/userLeave',
  summary:
    'A visitor asks for leave (after 17:00 the day before, or beyond 2 a term, it counts as a no-show)',
  tags: ['appointments'],
  body: z.object({ id: idSchema.describe('appointment'), reason: reasonText.optional() }),
  response: appointmentSchema.extend({ approvalId: z.number().int().nullable() }),
});

// ---------------------------------------------------------------------------------------------------
// Approvals

export const raiseApprovalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/inner/approve/consultation',
  summary: 'Raises an approval request: 3 extension (extraSessions), 7 extension lock (extraDays), 8 unlock',
  tags: ['approvals'],
  body: z
    .object({
      option: z.union([z.literal(3), z.literal(7), z.literal(8)]),
      appointmentId: optionalId.describe('required for 7 and 8'),
      visitorId: optionalId.describe('3: the visitor (default: the caller or the appointment’s visitor)'),
      extraSessions: z.number().int().min(1).max(10).optional(),
      extraDays: z.number().int().min(1).max(60).optional(),
      reason: reasonText.min(1, 'required'),
    })
    .refine((b) => b.option !== 3 || b.extraSessions !== undefined, {
      message: 'required for an extension',
      path: ['extraSessions'],
    })
    .refine((b) => b.option !== 7 || b.extraDays !== undefined, {
      message: 'required for option 7',
      path: ['extraDays'],
    })
    .refine((b) => b.option === 3 || b.appointmentId !== undefined, {
      message: 'required for options 7 and 8',
      path: ['appointmentId'],
    }),
  response: approvalSchema,
});
export const myApprovalsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/approve',
  summary: 'Approvals waiting for my decision (or, with mine, the requests I raised)',
  tags: ['approvals'],
  body: boundedPageQuery(100).extend({
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
    option: z
      .number()
      .int()
      .refine((n) => (APPROVAL_OPTIONS as readonly number[]).includes(n), 'must be an approval option')
      .optional(),
    mine: z.boolean().default(false),
  }),
  response: pageOf(approvalSchema),
});
export const myDecisionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/approve/decided',
  summary: "The approver's history: requests I decided a step of, newest decision first (ours)",
  tags: ['approvals'],
  body: boundedPageQuery(100).extend({
    option: z
      .number()
      .int()
      .refine((n) => (APPROVAL_OPTIONS as readonly number[]).includes(n), 'must be an approval option')
      .optional(),
  }),
  response: pageOf(
    approvalSchema.extend({ myDecision: approvalStepSchema.describe('my step: decision, comment, when') }),
  ),
});
export const isExamineEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/mine/isExamineAndApprove/:id',
  summary: "An appointment's pending approval request, if any, and whether the caller may decide it",
  tags: ['approvals'],
  params: z.object({ id: idSchema.describe('appointment') }),
  response: z.object({ pending: approvalSchema.nullable(), canDecide: z.boolean() }),
});
export const getAuditEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/mine/getAudit',
  summary: 'An approval request with its steps',
  tags: ['approvals'],
  query: idQuery,
  response: approvalSchema,
});
export const cancelAuditEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/mine/cancalAudit',
  summary: 'Withdraws a pending request (the requester, or consult_appointment_manage)',
  tags: ['approvals'],
  query: idQuery,
  response: approvalSchema,
});
export const quashApprovalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/approve/quashMyApproveStatus',
  summary: 'Withdraws my own pending request',
  tags: ['approvals'],
  body: idBody,
  response: approvalSchema,
});
const decideBody = z.object({
  id: idSchema,
  status: z.union([z.literal(2), z.literal(3)]).describe('2 approve, 3 reject'),
  comment: reasonText.optional(),
});
export const decideLeaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/leave/updateAudit',
  summary: 'Decides a leave request (option 2)',
  tags: ['approvals'],
  body: decideBody,
  response: approvalSchema,
});
export const decideApprovalEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/updateAudit',
  summary: 'Decides an approval request (options 1, 3, 4, 7, 8)',
  tags: ['approvals'],
  body: decideBody,
  response: approvalSchema,
});
export const checkDualIdentityEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/mine/checkDualIdentity',
  summary: 'Whether the caller is a counsellor and a visitor at once',
  tags: ['appointments'],
  response: z.object({ counsellor: z.boolean(), visitor: z.boolean(), dual: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------------
// My lists (S1.7.20)

const mineList = (path: string, summary: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary,
    tags: ['appointments'],
    body: listBody,
    response: pageOf(appointmentSchema),
  });
export const mineProfilesEndpoint = mineList(
  '/biz/consult/mine/profilesList',
  'My counselling appointments (2, 18, 19, 20)',
);
export const mineAssessmentsEndpoint = mineList(
  '/biz/consult/mine/assessmentList',
  'My assessments (1, 17, 8)',
);
export const mineFirstInterviewsEndpoint = mineList(
  '/biz/consult/mine/firstInterviewList',
  'My first interviews (15)',
);
export const mineMannedEndpoint = mineList('/biz/consult/mine/mannedList', 'My duty assessments (11, 12)');
export const minePrimaryUnitEndpoint = mineList('/biz/consult/mine/primaryUnitList', 'My primary units (10)');
export const mineTelephoneEndpoint = mineList(
  '/biz/consult/mine/telephoneList',
  'My telephone assessments (13)',
);
export const mineInterviewsEndpoint = mineList('/biz/consult/mine/interviewList', 'My interviews (14, 9)');
export const mineConsultantsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/consultants',
  summary: "A visitor's counsellors (with session counts); staff: the counsellors of their scope",
  tags: ['appointments'],
  body: boundedPageQuery(100),
  response: pageOf(
    z.object({
      id: z.number().int(),
      realName: z.string(),
      deptName: z.string().nullable(),
      sessions: z.number().int(),
      lastDate: dateTimeSchema.nullable(),
    }),
  ),
});
export const mineDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/mine/detail',
  summary: 'An appointment I may see, with the leave preview, history and approvals',
  tags: ['appointments'],
  query: idQuery,
  response: appointmentDetailSchema,
});
export const appointmentDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/appointment/detail',
  summary: 'An appointment (staff view), with the leave preview, history and approvals',
  tags: ['appointments'],
  query: idQuery,
  response: appointmentDetailSchema,
});

// ---------------------------------------------------------------------------------------------------
// Waiting list

export const waitlistOfferSchema = z.object({
  id: z.number().int(),
  slotId: z.number().int(),
  startTime: dateTimeSchema,
  endTime: dateTimeSchema,
  counsellorName: z.string(),
  siteName: z.string(),
  offeredAt: dateTimeSchema,
  expiresAt: dateTimeSchema,
  status: z.enum(['open', 'claimed', 'declined', 'expired', 'void']),
});
export const waitlistEntrySchema = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  visitorName: z.string(),
  category: z.number().int(),
  counsellorId: z.number().int().nullable(),
  counsellorName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  source: z.number().int(),
  status: z.enum(['waiting', 'offered', 'booked', 'left', 'removed']),
  position: z.number().int().nullable().describe('place among those waiting for the category (1 first)'),
  joinedAt: dateTimeSchema,
  singleSessionAfter: dateTimeSchema.nullable(),
  appointmentId: z.number().int().nullable(),
  offers: z.array(waitlistOfferSchema).describe('every offer made to the entry, newest first'),
});
export const waitReserveListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/WaitReserveList',
  summary: 'My waiting-list entries with their offers (all, with consult_waitlist_manage and all: true)',
  tags: ['waitlist'],
  body: boundedPageQuery(100).extend({
    status: z.enum(['waiting', 'offered', 'booked', 'left', 'removed']).optional(),
    all: z.boolean().default(false),
  }),
  response: pageOf(waitlistEntrySchema),
});
export const joinWaitlistEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/waitlist/join',
  summary: 'Joins the waiting list for a category (optionally a counsellor or site)',
  tags: ['waitlist'],
  body: z.object({
    category: z.number().int(),
    counsellorId: optionalId,
    siteId: optionalId,
    visitorId: optionalId.describe('staff adding a visitor (source 3)'),
    registrationId: optionalId,
  }),
  response: waitlistEntrySchema,
});
export const leaveWaitlistEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/waitlist/leave',
  summary: 'Leaves the waiting list (staff: removes an entry)',
  tags: ['waitlist'],
  body: idBody,
  response: waitlistEntrySchema,
});
export const claimOfferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/waitlist/claim',
  summary: 'Claims an open offer: books the offered slot',
  tags: ['waitlist'],
  body: z.object({ offerId: idSchema, mode: z.union([z.literal(1), z.literal(2)]).default(1) }),
  response: appointmentSchema,
});
export const declineOfferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/waitlist/decline',
  summary: 'Declines an open offer (the entry stays waiting; the slot goes to the next)',
  tags: ['waitlist'],
  body: z.object({ offerId: idSchema }),
  response: waitlistEntrySchema,
});
export const waitlistPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/waitlist/page',
  summary: 'The whole waiting list in its order, with every offer (the audit trail)',
  tags: ['waitlist'],
  body: boundedPageQuery(100).extend({
    status: z.enum(['waiting', 'offered', 'booked', 'left', 'removed']).optional(),
    category: z.number().int().optional(),
  }),
  response: pageOf(waitlistEntrySchema),
});

// ---------------------------------------------------------------------------------------------------
// Records, front desk, counts, exports

export const appointmentPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/page',
  summary: 'Appointments in the data scope: progress, cancel and no-show records',
  tags: ['appointments'],
  body: listBody.extend({
    statuses: z.array(statusSchema).max(9).optional(),
    type: z.number().int().optional(),
    counsellorId: optionalId,
    visitorId: optionalId,
    noShowsOnly: z.boolean().default(false).describe('no-shows and releases counted as no-shows'),
  }),
  response: pageOf(appointmentSchema),
});
export const dayListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/dayList',
  summary: "The front desk's day: appointments of a day (school time), by start",
  tags: ['appointments'],
  body: z.object({ date: dateSchema.optional().describe('default: today'), siteId: optionalId }),
  response: z.object({ date: z.string(), records: z.array(appointmentSchema) }),
});
export const overrideBlockEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/override',
  summary: "Lifts a visitor's no-show block for the current term (logged with the reason)",
  tags: ['appointments'],
  body: z.object({ visitorId: idSchema, reason: reasonText.min(1, 'required') }),
  response: z.object({
    id: z.number().int(),
    visitorId: z.number().int(),
    termKey: z.string(),
    reason: z.string(),
    grantedBy: z.number().int(),
    createTime: dateTimeSchema,
  }),
});
export const monthExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/month/export',
  summary: "Starts an XLSX export of a month's appointments (download task)",
  tags: ['appointments'],
  body: z.object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month yyyy-MM'),
    counsellorId: optionalId,
    siteId: optionalId,
    status: statusSchema.optional(),
  }),
  response: downloadTaskSchema,
});
export const appointmentTelephoneListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/telephoneList',
  summary: 'Telephone assessments in the data scope',
  tags: ['appointments'],
  body: listBody,
  response: pageOf(appointmentSchema),
});
export const workPlanEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/appointment/workPlan',
  summary: "A counsellor's work plan: per day, slots and appointments (at most 31 days)",
  tags: ['appointments'],
  body: z
    .object({ startDate: dateSchema, endDate: dateSchema, counsellorId: optionalId })
    .refine((b) => b.startDate <= b.endDate, { message: 'must not be before startDate', path: ['endDate'] }),
  response: z.array(
    z.object({
      date: z.string(),
      slots: z.number().int(),
      free: z.number().int(),
      appointments: z.array(appointmentSchema),
    }),
  ),
});
export const consultPendingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/appointment/consultPending',
  summary: 'Pending work: my sessions whose record is to be filled and approvals waiting for my decision',
  tags: ['appointments'],
  response: z.object({
    total: z.number().int(),
    recordsToFill: z.number().int(),
    approvals: z.number().int(),
  }),
});
const zeroCount = z.object({ total: z.number().int() });
export const agreementPendingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/appointment/agreementPending',
  summary: 'Consultation agreements the caller (a visitor) still has to give for live appointments',
  tags: ['appointments'],
  response: zeroCount,
});
export const lockRecordPendingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/appointment/lockRecordPending',
  summary:
    'My case records locked past their deadline and waiting for an unlock (total, locked), and those locking within 24 hours',
  tags: ['appointments'],
  response: zeroCount.extend({ locked: z.number().int(), dueSoon: z.number().int() }),
});
export const todayStatEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/statReserve/todayReserveStatStatistics',
  summary: "Today's figures for the workbench (school time)",
  tags: ['appointments'],
  body: z.object({ siteId: optionalId }),
  response: z.object({
    date: z.string(),
    total: z.number().int(),
    waiting: z.number().int().describe('booked, not yet arrived'),
    arrived: z.number().int(),
    running: z.number().int(),
    finished: z.number().int(),
    noShow: z.number().int(),
    cancelled: z.number().int(),
    freeSlots: z.number().int(),
    pendingApprovals: z.number().int(),
    waitingList: z.number().int(),
  }),
});
export const allConsultsOfVisitorEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/consultations/findAllConsultByVisitorId',
  summary: 'Every appointment of a visitor, newest first',
  tags: ['appointments'],
  query: z.object({ visitorId: idSchema }),
  response: z.array(appointmentSchema),
});

// Video consultation records
export const videoRecordSchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  startedAt: dateTimeSchema,
  endedAt: dateTimeSchema.nullable(),
  appointment: appointmentSchema,
});
export const videoPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/video/page',
  summary: 'Video consultation records the caller may see',
  tags: ['appointments'],
  body: boundedPageQuery(100).extend({ startDate: dateSchema.optional(), endDate: dateSchema.optional() }),
  response: pageOf(videoRecordSchema),
});
export const reserveVideoPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/video/reserveVideoPage',
  summary: 'Online (video) appointments the caller may see, upcoming first',
  tags: ['appointments'],
  body: listBody,
  response: pageOf(appointmentSchema),
});
export const deleteVideoRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/video/delVideoRecord/:id',
  summary: 'Removes a video record (its counsellor or consult_appointment_manage)',
  tags: ['appointments'],
  params: z.object({ id: idSchema }),
  response: z.object({ deleted: z.number().int() }),
});

// Maintenance
export const searchDeletedEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/register/searchDeleteAppoint',
  summary: 'Deleted appointments, newest deletion first',
  tags: ['appointments'],
  body: boundedPageQuery(100).extend({ keyword: z.string().trim().max(50).optional() }),
  response: pageOf(
    appointmentSchema.extend({ deletedAt: dateTimeSchema, deletedBy: z.number().int().nullable() }),
  ),
});
export const deleteAppointmentsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/register/deleteAppoint/delete',
  summary: 'Deletes appointments that have ended or not started (a booked slot is freed); kept for restore',
  tags: ['appointments'],
  body: z.object({ ids: z.array(idSchema).min(1, 'please tick the data to delete').max(200) }),
  response: z.object({ deleted: z.number().int() }),
});
export const deletePreCheckEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/deleteAppoint/preCheck',
  summary: 'Whether an appointment may be deleted, and why not',
  tags: ['appointments'],
  query: idQuery,
  response: z.object({ deletable: z.boolean(), reason: z.string().nullable() }),
});
export const restoreAppointmentEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/register/deleteAppoint/restore',
  summary: 'Restores a deleted appointment (409 when its time or slot has been taken since)',
  tags: ['appointments'],
  query: idQuery,
  response: appointmentSchema,
});

// Calendar feed
export const calendarFeedSchema = z.object({
  active: z.boolean(),
  createTime: dateTimeSchema.nullable(),
  url: z.string().nullable().describe('only in the answer that creates it: keep it secret'),
});
export const getCalendarFeedEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/calendar/feed',
  summary: 'Whether I have a calendar link (the link itself is shown only when made)',
  tags: ['appointments'],
  response: calendarFeedSchema,
});
export const createCalendarFeedEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/calendar/feed',
  summary: 'Makes my secret calendar link (RFC 5545); an older link stops working',
  tags: ['appointments'],
  response: calendarFeedSchema,
});
export const revokeCalendarFeedEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/calendar/feed/revoke',
  summary: 'Revokes my calendar link',
  tags: ['appointments'],
  response: calendarFeedSchema,
});
export const calendarIcsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/calendar/ics/:token',
  summary: 'The iCalendar feed behind a secret link (for phone calendars: public, not signed)',
  tags: ['appointments'],
  params: z.object({
    token: z.string().regex(/^\d{1,15}\.[A-Za-z0-9_-]{43}(\.ics)?$/, 'not a calendar link'),
  }),
  response: null,
  produces: 'text/calendar',
});

/** The appointment statuses counted as "finished" on the workbench. */
export const FINISHED_STATUSES: readonly AppointmentStatus[] = ['success', 'complete'];

// Counsellors' leave (time off). Asked by the counsellor it waits for someone with consult_schedule_edit;
// approved (or recorded by them), the appointments in the period end as hostTakeLeave and slots withdrawn.
export const COUNSELLOR_LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type CounsellorLeaveStatus = (typeof COUNSELLOR_LEAVE_STATUSES)[number];
export const counsellorLeaveSchema = z.object({
  id: z.number().int(),
  counsellorId: z.number().int(),
  counsellorName: z.string(),
  startTime: dateTimeSchema,
  endTime: dateTimeSchema,
  reason: z.string().nullable(),
  status: z.enum(COUNSELLOR_LEAVE_STATUSES),
  decidedByName: z.string().nullable(),
  decidedAt: dateTimeSchema.nullable(),
  comment: z.string().nullable().describe("the decider's comment"),
  affectedSlots: z
    .number()
    .int()
    .describe('pending: the free slots and duty shifts of the period that approving would withdraw'),
  affectedAppointments: z
    .number()
    .int()
    .describe('pending: the booked appointments of the period that approving would end (visitors told)'),
  withdrawnSlots: z.number().int().describe('approved: slots withdrawn when it took effect'),
  cancelledAppointments: z.number().int().describe('approved: appointments ended when it took effect'),
});
export type CounsellorLeave = z.infer<typeof counsellorLeaveSchema>;
export const saveCounsellorLeaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/counsellorLeave/save',
  summary:
    "A counsellor's leave: asked by the counsellor it waits for a decision; recorded by consult_schedule_edit it takes effect at once",
  tags: ['scheduling'],
  body: z
    .object({
      counsellorId: optionalId.describe('default: the caller'),
      startTime: instantSchema,
      endTime: instantSchema,
      reason: reasonText.optional(),
    })
    .refine((b) => Date.parse(b.endTime) > Date.parse(b.startTime), {
      message: 'must be after startTime',
      path: ['endTime'],
    })
    .refine((b) => Date.parse(b.endTime) - Date.parse(b.startTime) <= 92 * 86_400_000, {
      message: 'at most 92 days',
      path: ['endTime'],
    }),
  response: counsellorLeaveSchema,
});
export const listCounsellorLeaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/counsellorLeave/list',
  summary: "Counsellors' leaves, newest first, with their effect on slots (a counsellor: their own)",
  tags: ['scheduling'],
  body: z.object({ counsellorId: optionalId, status: z.enum(COUNSELLOR_LEAVE_STATUSES).optional() }),
  response: z.array(counsellorLeaveSchema),
});
export const decideCounsellorLeaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/counsellorLeave/decide',
  summary:
    "Approves (it takes effect: appointments end, slots withdrawn) or rejects a counsellor's pending leave",
  tags: ['scheduling'],
  body: z.object({
    id: idSchema,
    status: z.enum(['approved', 'rejected']),
    comment: reasonText.optional(),
  }),
  response: counsellorLeaveSchema,
});
export const withdrawCounsellorLeaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/counsellorLeave/withdraw',
  summary: 'The counsellor takes back their own pending leave',
  tags: ['scheduling'],
  body: idBody,
  response: counsellorLeaveSchema,
});
