import { z } from 'zod';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { downloadTaskSchema } from './downloads.contract';
import {
  APPROVAL_KINDS,
  ASSESSMENT_KINDS,
  COLLEGE_REPORT_STATUSES,
  COVERAGE_ROLES,
  CRISIS_SOURCES,
  DELIVERY_CHANNELS,
  DELIVERY_STATES,
  MONTHLY_REPORT_KINDS,
} from './crisis-enums';
import { CRISIS_SETTING_SECTIONS, crisisNoticeSettingSchema } from './crisis-settings';

/**
 * Crisis records and the warning network (docs/crisis.md; spec S1.2.15-S1.2.19, S1.3.10, S1.4.6, S1.4.16,
 * S1.5.10, S1.7.26, S0.7.29). The spec shows the screens, not the calls: these are ours, in its style
 * (lists take `current`/`size` and answer `records`/`total`). Key persons and journals:
 * `focus.contract.ts`.
 */

/** Free text: trimmed, no control characters other than line breaks. */
export const crisisText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((v) => !/[^\P{Cc}\n\r]/u.test(v), 'must not contain control characters');
export const requiredCrisisText = (max: number) => crisisText(max).min(1, 'required');

export const CRISIS_TEXT_LIMITS = {
  summary: 200,
  content: 500,
  note: 200,
  name: 100,
  narrative: 2000,
} as const;

const ids = (max: number) =>
  z
    .array(idSchema)
    .max(max, `at most ${max}`)
    .refine((l) => new Set(l).size === l.length, 'must not repeat');

/** A person as lists show them. */
export const personRefSchema = z.object({ id: z.number().int(), realName: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

/** The student a record is about. */
export const studentRefSchema = z.object({
  id: z.number().int(),
  realName: z.string(),
  numberName: z.string().nullable().describe('student number'),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable().describe('the class (department) the student belongs to'),
  phone: z.string().nullable().describe('masked unless the caller may see personal data'),
});
export type StudentRef = z.infer<typeof studentRefSchema>;

const sourceSchema = z.enum(CRISIS_SOURCES, { message: `must be one of ${CRISIS_SOURCES.join(', ')}` });
const levelSchema = z.coerce.number().int().min(1).max(4).describe('1 class, 2 faculty, 3 centre, 4 overall');
const statusSchema = z.coerce.number().int().min(1).max(3).describe('1 new report, 2 intervening, 3 closed');
const flagSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(5)
  .describe('1 normal, 2 attention, 3 tracking, 4 abnormal, 5 alert');

// ---------------------------------------------------------------- intake

export const crisisReportSaveBodySchema = z.object({
  studentId: idSchema.describe('the student the report is about (one the caller may report on)'),
  crisisEvents: requiredCrisisText(CRISIS_TEXT_LIMITS.summary).describe('what was seen or heard (S1.3.10)'),
  urgent: z.boolean().default(false).describe('immediate danger: the reporter says so'),
  occurredAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time' }).optional(),
  location: crisisText(CRISIS_TEXT_LIMITS.name).optional(),
});

/** A report as its reporter sees it: status only, no clinical notes. */
export const crisisMyReportSchema = z.object({
  id: z.number().int(),
  student: z.object({ id: z.number().int(), realName: z.string() }),
  source: z.string(),
  crisisEvents: z.string().nullable().describe("the reporter's own text"),
  urgent: z.boolean(),
  status: z.number().int().describe('1 new report, 2 intervening, 3 closed'),
  acknowledged: z.boolean().describe('someone of the network has taken it on'),
  acknowledgedAt: dateTimeSchema.nullable(),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
});

export const crisisReportSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/report/save',
  summary:
    'An information report by a network member (class member, dormitory leader, advisor, counsellor): a new crisis record, its first owners told at once',
  tags: ['crisis'],
  body: crisisReportSaveBodySchema,
  response: crisisMyReportSchema,
});

export const crisisReportMineEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/report/mine',
  summary: "The caller's own reports with their status (what a reporter may see)",
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({ status: statusSchema.optional() }),
  response: pageOf(crisisMyReportSchema),
});

export const reportableStudentSchema = z.object({
  id: z.number().int(),
  realName: z.string(),
  numberName: z.string().nullable(),
  deptName: z.string().nullable(),
});

export const crisisNetworkStudentsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/network/students',
  summary:
    'Students the caller may report on: a class member their class, a dormitory leader their dormitory, staff the school',
  tags: ['crisis'],
  body: boundedPageQuery(50).extend({
    keyword: crisisText(50).optional().describe('part of the name or the student number'),
  }),
  response: pageOf(reportableStudentSchema),
});

export const hotlineSchema = z.object({ name: z.string(), phone: z.string() });

export const crisisSelfHelpEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/selfHelp',
  summary:
    "The student's own request for help (one tap): a crisis record about themselves; a second tap within 10 minutes answers the same record",
  tags: ['crisis'],
  body: z.object({ note: crisisText(CRISIS_TEXT_LIMITS.note).optional() }),
  response: z.object({
    recordId: z.number().int(),
    repeated: z.boolean().describe('true when an open self-help request of the last 10 minutes was answered'),
    hotlines: z.array(hotlineSchema),
  }),
});

export const crisisHotlinesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/selfHelp/hotlines',
  summary: 'The hotline numbers shown with the help button, and whether the button is offered',
  tags: ['crisis'],
  response: z.object({ enabled: z.boolean(), hotlines: z.array(hotlineSchema) }),
});

// ---------------------------------------------------------------- records

export const crisisRecordSummarySchema = z.object({
  id: z.number().int(),
  student: studentRefSchema,
  source: z.string().describe(CRISIS_SOURCES.join(', ')),
  transferSource: z.number().int().nullable().describe('S1.9.1 transfer source code, 14 smart warning'),
  status: z.number().int().describe('1 new report, 2 intervening, 3 closed'),
  urgent: z.boolean(),
  crisisEvents: z.string().nullable(),
  collegeLevel: z.number().int().nullable().describe('collegeLevelcrisis of the latest assessment'),
  isCrisisStatus: z.number().int().nullable(),
  escalationLevel: z.number().int().describe('ladder level owning it: 1 class .. 4 overall'),
  owners: z.array(personRefSchema),
  ackDeadline: dateTimeSchema.nullable(),
  acknowledgedAt: dateTimeSchema.nullable(),
  acknowledgedBy: personRefSchema.nullable(),
  createTime: dateTimeSchema,
  closedAt: dateTimeSchema.nullable(),
});
export type CrisisRecordSummary = z.infer<typeof crisisRecordSummarySchema>;

export const crisisRecordPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/record/page',
  summary: "Crisis records in the caller's reach, newest first",
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    status: statusSchema.optional(),
    source: sourceSchema.optional(),
    studentName: crisisText(50).optional().describe('part of the name or student number'),
    studentId: idSchema.optional(),
    acknowledged: z.boolean().optional(),
    level: levelSchema.optional(),
    deptId: idSchema.optional().describe('students of this department and below'),
    from: dateSchema.optional().describe('reported on or after (China calendar day)'),
    to: dateSchema.optional(),
  }),
  response: pageOf(crisisRecordSummarySchema),
});

export const crisisTimelineItemSchema = z.object({
  kind: z.string().describe('created, acknowledged, escalated, reminded, transition, assessment, ...'),
  actor: personRefSchema.nullable(),
  time: dateTimeSchema,
  data: z.record(z.string(), z.unknown()),
});

export const crisisRecordDetailSchema = crisisRecordSummarySchema.extend({
  reporter: personRefSchema.nullable(),
  occurredAt: dateTimeSchema.nullable(),
  location: z.string().nullable(),
  appointmentId: z.number().int().nullable(),
  closeReason: z
    .number()
    .int()
    .nullable()
    .describe('1 resolved, 2 referred, 3 unfounded, 4 duplicate, 5 other'),
  closeSummary: z.string().nullable(),
  duplicateOf: z.number().int().nullable(),
  warningFlag: z.number().int().describe("the student's flag, 1-5"),
  timeline: z.array(crisisTimelineItemSchema),
  otherOpenRecords: z
    .array(
      z.object({
        id: z.number().int(),
        status: z.number().int(),
        source: z.string(),
        createTime: dateTimeSchema,
      }),
    )
    .describe("the student's other records not closed: signals are never merged silently"),
  actions: z.array(z.string()).describe('transitions the caller may make now (start, close, reopen)'),
  mayAcknowledge: z.boolean(),
  readers: z
    .array(z.object({ viewer: personRefSchema, route: z.string(), time: dateTimeSchema }))
    .nullable()
    .describe('who read the record, newest first (school reach only; null for others)'),
});

export const crisisRecordDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/record/detail',
  summary: "A crisis record with its timeline (the read is access-logged); 404 outside the caller's reach",
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: crisisRecordDetailSchema,
});

export const crisisAcknowledgeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/record/acknowledge',
  summary:
    "Takes a signal on: stops its escalation (anyone on the student's ladder, the centre, the overall head)",
  tags: ['crisis'],
  body: z.object({ id: idSchema }),
  response: crisisRecordSummarySchema,
});

export const crisisTransitionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/record/transition',
  summary:
    'Moves a record through its status table (start, close, reopen); a step the school wants approved answers the approval instead',
  tags: ['crisis'],
  body: z.object({
    id: idSchema,
    action: z.enum(['start', 'close', 'reopen'], { message: 'must be start, close or reopen' }),
    closeReason: z.coerce
      .number()
      .int()
      .min(1)
      .max(5)
      .optional()
      .describe('1 resolved, 2 referred, 3 unfounded, 4 duplicate, 5 other'),
    duplicateOf: idSchema.optional().describe('the record this one duplicates (close reason 4)'),
    summary: crisisText(CRISIS_TEXT_LIMITS.content).optional(),
    reason: crisisText(CRISIS_TEXT_LIMITS.note).optional().describe('why (reopen)'),
  }),
  response: z.object({ record: crisisRecordSummarySchema, approvalId: z.number().int().nullable() }),
});

export const crisisDeliverySchema = z.object({
  step: z.number().int(),
  level: z.number().int(),
  user: personRefSchema,
  channel: z.enum(DELIVERY_CHANNELS),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createTime: dateTimeSchema,
  sentAt: dateTimeSchema.nullable(),
});

export const crisisDeliveriesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/record/deliveries',
  summary: 'Who was told of a signal, by which channel, and whether it arrived (step by step)',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: z.array(crisisDeliverySchema),
});

export const crisisBoardRowSchema = crisisRecordSummarySchema.extend({
  ageSeconds: z.number().int().describe('since the report'),
  overdueSeconds: z.number().int().describe('past the acknowledgement deadline (0 when not)'),
  sms: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
});

export const crisisBoardPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/board/page',
  summary:
    "The open-signals board: records not closed in the caller's reach, unacknowledged first by deadline, with owner, age and deadline",
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    unacknowledgedOnly: z.boolean().optional(),
    level: levelSchema.optional(),
    source: sourceSchema.optional(),
    deptId: idSchema.optional(),
  }),
  response: pageOf(crisisBoardRowSchema),
});

// ---------------------------------------------------------------- assessment

const assessmentKindSchema = z.enum(ASSESSMENT_KINDS, { message: 'must be crisis or return' });

export const crisisAssessmentSchema = z.object({
  id: z.number().int(),
  recordId: z.number().int().nullable(),
  suspensionId: z.number().int().nullable(),
  student: studentRefSchema,
  kind: z.string().describe('crisis (appointment types 8, 11) or return (type 12)'),
  appointmentId: z.number().int().nullable(),
  appointmentType: z.number().int(),
  assessor: personRefSchema,
  answer: z.record(z.string(), z.unknown()).describe('the form answer (S1.3.10 fields)'),
  edition: z.number().int(),
  collegeLevel: z.number().int().nullable(),
  isCrisisStatus: z.number().int().nullable(),
  returnConclusion: z.number().int().nullable(),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
});

export const crisisAssessmentDefinitionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/assessment/definition',
  summary: 'The assessment form (a definition of the form engine) for the renderer',
  tags: ['crisis'],
  query: z.object({ kind: assessmentKindSchema }),
  response: z.object({
    id: z.string(),
    version: z.number().int(),
    name: z.record(z.string(), z.string()),
    columns: z.array(z.record(z.string(), z.unknown())),
  }),
});

export const crisisAssessmentSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/assessment/save',
  summary:
    'Records a crisis or return-to-school assessment, or a new edition of one (after 24 hours an amendment with a reason)',
  tags: ['crisis'],
  body: z.object({
    id: idSchema.optional().describe('the assessment to change; absent for a new one'),
    recordId: idSchema.optional().describe('the crisis record (crisis assessments)'),
    suspensionId: idSchema.optional().describe('the suspension (return assessments)'),
    kind: assessmentKindSchema,
    appointmentId: idSchema.optional().describe('the appointment (type 8, 11 or 12) when one exists'),
    appointmentType: z.coerce
      .number()
      .int()
      .describe(
        '8 crisis assessment, 11 duty crisis assessment (kind crisis); 12 duty return-to-school (kind return)',
      ),
    answer: z.record(z.string().max(200), z.unknown()).describe('field props to values'),
    reason: crisisText(1000).optional().describe('required for an amendment'),
  }),
  response: crisisAssessmentSchema,
});

export const crisisAssessmentPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/assessment/page',
  summary: "Assessments in the caller's reach, newest first",
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    recordId: idSchema.optional(),
    suspensionId: idSchema.optional(),
    studentId: idSchema.optional(),
    kind: assessmentKindSchema.optional(),
  }),
  response: pageOf(crisisAssessmentSchema),
});

export const crisisAssessmentDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/assessment/detail',
  summary: 'An assessment (the read is access-logged)',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: crisisAssessmentSchema,
});

export const crisisAssessmentEditionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/assessment/editions',
  summary: 'Every saved version of an assessment, oldest first (append-only)',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: z.array(
    z.object({
      edition: z.number().int(),
      kind: z.string().describe('create, edit or amendment'),
      answer: z.record(z.string(), z.unknown()),
      changes: z.array(z.record(z.string(), z.unknown())),
      reason: z.string().nullable(),
      author: personRefSchema,
      time: dateTimeSchema,
    }),
  ),
});

// ---------------------------------------------------------------- intervention orders, follow-ups

const subjectFields = {
  recordId: idSchema.optional().describe('on a crisis record'),
  focusId: idSchema.optional().describe('on a key person'),
};

export const crisisInterventionSchema = z.object({
  id: z.number().int(),
  recordId: z.number().int().nullable(),
  focusId: z.number().int().nullable(),
  student: studentRefSchema,
  measure: z.number().int().describe('1 observation, 2 intervention, 3 return visit'),
  measureItems: z.array(z.object({ id: z.number().int(), name: z.string() })),
  content: z.string(),
  assignees: z.array(personRefSchema),
  dueDate: z.string().nullable(),
  status: z.number().int().describe('1 issued, 2 done'),
  issuedBy: personRefSchema,
  createTime: dateTimeSchema,
  receipts: z.array(
    z.object({
      id: z.number().int(),
      author: personRefSchema,
      content: z.string(),
      createTime: dateTimeSchema,
    }),
  ),
});

export const crisisInterventionSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/intervention/save',
  summary: 'Issues an intervention order on a record or a key person; the assignees are told',
  tags: ['crisis'],
  body: z.object({
    ...subjectFields,
    measure: z.coerce.number().int().min(1).max(3).describe('1 observation, 2 intervention, 3 return visit'),
    measureItemIds: ids(10).default([]).describe("the school's measure items (key-person settings type 2)"),
    content: requiredCrisisText(CRISIS_TEXT_LIMITS.content),
    assigneeIds: ids(10).min(1, 'at least one'),
    dueDate: dateSchema.optional().describe("default: today plus the intervention settings' days"),
  }),
  response: crisisInterventionSchema,
});

export const crisisInterventionPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/intervention/page',
  summary: 'Intervention orders in reach (or assigned to the caller), newest first',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    ...subjectFields,
    mine: z.boolean().optional().describe('only orders assigned to the caller'),
    status: z.coerce.number().int().min(1).max(2).optional(),
    area: z.enum(['crisis', 'focus']).optional().describe('orders on records or on key persons'),
  }),
  response: pageOf(crisisInterventionSchema),
});

export const crisisInterventionDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/intervention/detail',
  summary: 'An intervention order with its receipts',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: crisisInterventionSchema,
});

export const crisisInterventionReceiptEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/intervention/receipt',
  summary: 'A receipt by an assignee: what was done (the order becomes done)',
  tags: ['crisis'],
  body: z.object({ interventionId: idSchema, content: requiredCrisisText(CRISIS_TEXT_LIMITS.content) }),
  response: crisisInterventionSchema,
});

export const crisisFollowUpSchema = z.object({
  id: z.number().int(),
  recordId: z.number().int().nullable(),
  focusId: z.number().int().nullable(),
  student: studentRefSchema,
  trackDate: z.string(),
  method: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  content: z.string(),
  author: personRefSchema,
  createTime: dateTimeSchema,
});

export const crisisFollowUpSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/followup/save',
  summary:
    'A follow-up on a record or key person; trackDate not in the future, at most 7 days back (S1.5.10)',
  tags: ['crisis'],
  body: z.object({
    ...subjectFields,
    trackDate: z.string().describe('yyyy-MM-dd, China calendar'),
    methodId: idSchema.optional().describe('key-person settings type 3'),
    content: requiredCrisisText(CRISIS_TEXT_LIMITS.content),
  }),
  response: crisisFollowUpSchema,
});

export const crisisFollowUpPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/followup/page',
  summary: 'Follow-ups in reach, by trackDate newest first',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({ ...subjectFields, studentId: idSchema.optional() }),
  response: pageOf(crisisFollowUpSchema),
});

// ---------------------------------------------------------------- suspension, green channel

export const crisisSuspensionSchema = z.object({
  id: z.number().int(),
  student: studentRefSchema,
  recordId: z.number().int().nullable(),
  status: z.number().int().describe('1 suspended, 2 return requested, 3 returned'),
  suspendedOn: z.string(),
  reason: z.string(),
  expectedReturn: z.string().nullable(),
  returnAssessmentId: z.number().int().nullable(),
  returnedOn: z.string().nullable(),
  createdBy: personRefSchema,
  actions: z.array(z.string()),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
});

const approvalAnswer = <T extends z.ZodType>(key: string, schema: T) =>
  z.object({ [key]: schema.nullable(), approvalId: z.number().int().nullable() } as Record<
    string,
    z.ZodType
  >);

export const crisisSuspensionSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/suspension/save',
  summary: 'Records a suspension (or the approval it needs)',
  tags: ['crisis'],
  body: z.object({
    studentId: idSchema,
    recordId: idSchema.optional(),
    suspendedOn: dateSchema,
    reason: requiredCrisisText(CRISIS_TEXT_LIMITS.content),
    expectedReturn: dateSchema.optional(),
  }),
  response: approvalAnswer('suspension', crisisSuspensionSchema),
});

export const crisisSuspensionPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/suspension/page',
  summary: 'Suspensions in reach, newest first',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    status: z.coerce.number().int().min(1).max(3).optional(),
    studentId: idSchema.optional(),
  }),
  response: pageOf(crisisSuspensionSchema),
});

export const crisisSuspensionDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/suspension/detail',
  summary: 'A suspension with its return assessments (`/xiufuxueinfo`, `/fuxueAssessinfo`)',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: crisisSuspensionSchema.extend({ assessments: z.array(crisisAssessmentSchema) }),
});

export const crisisSuspensionTransitionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/suspension/transition',
  summary:
    'applyReturn, return (needs a return assessment concluding fit) or keep (not yet fit); may answer an approval',
  tags: ['crisis'],
  body: z.object({
    id: idSchema,
    action: z.enum(['applyReturn', 'return', 'keep'], { message: 'must be applyReturn, return or keep' }),
    assessmentId: idSchema.optional().describe('the return assessment (action return)'),
    returnedOn: dateSchema.optional(),
  }),
  response: approvalAnswer('suspension', crisisSuspensionSchema),
});

export const crisisGreenwaySchema = z.object({
  id: z.number().int(),
  recordId: z.number().int(),
  student: studentRefSchema,
  hospital: z.string(),
  referredAt: dateTimeSchema,
  escorts: z.array(personRefSchema),
  guardianNotified: z.boolean(),
  note: z.string().nullable(),
  status: z.number().int().describe('1 referred, 2 seen or admitted, 3 back'),
  result: z.string().nullable(),
  createdBy: personRefSchema,
  actions: z.array(z.string()),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
});

export const crisisGreenwaySaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/greenway/save',
  summary: 'A referral to a hospital through the green channel (or the approval it needs)',
  tags: ['crisis'],
  body: z.object({
    recordId: idSchema,
    hospital: requiredCrisisText(CRISIS_TEXT_LIMITS.name),
    referredAt: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 time' }),
    escortIds: ids(10).default([]),
    guardianNotified: z.boolean(),
    note: crisisText(CRISIS_TEXT_LIMITS.content).optional(),
  }),
  response: approvalAnswer('greenway', crisisGreenwaySchema),
});

export const crisisGreenwayPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/greenway/page',
  summary: 'Green-channel referrals in reach, newest first',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    status: z.coerce.number().int().min(1).max(3).optional(),
    recordId: idSchema.optional(),
  }),
  response: pageOf(crisisGreenwaySchema),
});

export const crisisGreenwayDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/greenway/detail',
  summary: 'A green-channel referral (`/greenway_info`)',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: crisisGreenwaySchema,
});

export const crisisGreenwayTransitionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/greenway/transition',
  summary: 'admit (seen or admitted) or finish (back), with the result',
  tags: ['crisis'],
  body: z.object({
    id: idSchema,
    action: z.enum(['admit', 'finish'], { message: 'must be admit or finish' }),
    result: crisisText(CRISIS_TEXT_LIMITS.content).optional(),
  }),
  response: crisisGreenwaySchema,
});

// ---------------------------------------------------------------- approvals

export const crisisApprovalSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  targetId: z.number().int().nullable().describe('the record, suspension or key person acted on'),
  student: studentRefSchema,
  requestedBy: personRefSchema,
  request: z.record(z.string(), z.unknown()).describe('the requested action as it will be applied'),
  mode: z.number().int().describe('1 sequential, 2 all must agree, 3 any one decides'),
  steps: z.array(z.object({ level: z.number().int(), approvers: z.array(personRefSchema) })),
  status: z.number().int().describe('1 pending, 2 approved, 3 rejected'),
  waitingFor: z.array(z.number().int()),
  decisions: z.array(
    z.object({
      step: z.number().int(),
      user: personRefSchema,
      approve: z.boolean(),
      comment: z.string().nullable(),
      time: dateTimeSchema,
    }),
  ),
  createTime: dateTimeSchema,
  decidedAt: dateTimeSchema.nullable(),
});

export const crisisApprovalPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/approval/page',
  summary:
    'Approvals the caller asked for (`mine`, `/approval_info`) or must decide (`toExamine`, `/examine_info`)',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    box: z.enum(['mine', 'toExamine'], { message: 'must be mine or toExamine' }),
    status: z.coerce.number().int().min(1).max(3).optional(),
  }),
  response: pageOf(crisisApprovalSchema),
});

export const crisisApprovalDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/approval/detail',
  summary: 'An approval with its decisions (`/approval_detail`)',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: crisisApprovalSchema,
});

export const crisisApprovalDecideEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/approval/decide',
  summary: 'Approves or rejects; an approval that is decided applies the requested step',
  tags: ['crisis'],
  body: z.object({
    id: idSchema,
    approve: z.boolean(),
    comment: crisisText(CRISIS_TEXT_LIMITS.content).optional(),
  }),
  response: crisisApprovalSchema,
});

// ---------------------------------------------------------------- warnings

export const crisisWarningSchema = z.object({
  student: studentRefSchema,
  flag: z.number().int().describe('1 normal, 2 attention, 3 tracking, 4 abnormal, 5 alert'),
  derived: z.number().int().describe('the flag the state gives'),
  manual: z.boolean().describe('set by hand'),
  reason: z.string().nullable(),
  updateTime: dateTimeSchema,
});

export const crisisWarningPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/warning/page',
  summary: 'The warning list (`/crisisWarningDetails`): students in reach by flag, highest first',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    flag: flagSchema.optional(),
    minFlag: flagSchema.default(2),
    studentName: crisisText(50).optional(),
  }),
  response: pageOf(crisisWarningSchema),
});

export const crisisWarningDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/warning/detail',
  summary: "A student's flag, its history, records and key-person state (`/warningPersonnel/detail`)",
  tags: ['crisis'],
  query: z.object({ studentId: idSchema }),
  response: crisisWarningSchema.extend({
    history: z.array(
      z.object({
        flag: z.number().int(),
        manual: z.boolean(),
        reason: z.string().nullable(),
        actor: personRefSchema.nullable(),
        time: dateTimeSchema,
      }),
    ),
    records: z.array(crisisRecordSummarySchema),
    focusId: z.number().int().nullable(),
    focusLevel: z.number().int().nullable(),
  }),
});

export const crisisWarningFlagEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/warning/flag',
  summary: "Sets a student's flag by hand (it stands until the derived flag changes)",
  tags: ['crisis'],
  body: z.object({
    studentId: idSchema,
    flag: flagSchema,
    reason: requiredCrisisText(CRISIS_TEXT_LIMITS.note),
  }),
  response: crisisWarningSchema,
});

// ---------------------------------------------------------------- network, dormitories

const coverageRoleSchema = z.enum(COVERAGE_ROLES, { message: `must be one of ${COVERAGE_ROLES.join(', ')}` });

export const crisisNetworkMemberSchema = z.object({
  user: personRefSchema.extend({ deptId: z.number().int().nullable(), deptName: z.string().nullable() }),
  roleCode: z.string(),
  coverage: z.array(z.object({ deptId: z.number().int(), deptName: z.string() })),
  coverageDefault: z
    .boolean()
    .describe('true: no departments assigned, the person covers their own department'),
});

export const crisisNetworkPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/network/page',
  summary: 'The network: holders of the crisis roles with what they cover',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    roleCode: z.string().max(64).optional(),
    keyword: crisisText(50).optional(),
  }),
  response: pageOf(crisisNetworkMemberSchema),
});

export const crisisNetworkCoverageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/network/coverage',
  summary: 'Sets the departments a person covers in a role (empty: back to their own department)',
  tags: ['crisis'],
  body: z.object({ userId: idSchema, roleCode: coverageRoleSchema, deptIds: ids(50) }),
  response: crisisNetworkMemberSchema,
});

export const crisisLadderEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/network/ladder',
  summary:
    "Who is responsible for a student at each level (the student's ladder), their class members and dormitory",
  tags: ['crisis'],
  query: z.object({ studentId: idSchema }),
  response: z.object({
    student: studentRefSchema,
    ladder: z.array(z.object({ level: z.number().int(), people: z.array(personRefSchema) })),
    classMembers: z.array(personRefSchema),
    facultyConsultants: z.array(personRefSchema),
    dormitory: z
      .object({ id: z.number().int(), name: z.string(), leader: personRefSchema.nullable() })
      .nullable(),
  }),
});

export const crisisDormitorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  leader: personRefSchema.nullable(),
  members: z.array(personRefSchema),
  createTime: dateTimeSchema,
});

export const crisisDormitoryPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/dormitory/page',
  summary: 'Dormitories with their leader and members',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({ keyword: crisisText(50).optional() }),
  response: pageOf(crisisDormitorySchema),
});

export const crisisDormitoryMineEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/dormitory/mine',
  summary:
    "The dormitories the caller leads, with their members (a dormitory leader's report screen starts here)",
  tags: ['crisis'],
  response: z.array(crisisDormitorySchema),
});

export const crisisDormitorySaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/dormitory/save',
  summary: 'Adds or changes a dormitory (a student lives in at most one)',
  tags: ['crisis'],
  body: z.object({
    id: idSchema.optional(),
    name: requiredCrisisText(50).describe('e.g. 3号楼 402; unique'),
    deptId: idSchema.optional().describe('the department it belongs to, if any'),
    leaderId: idSchema.optional().describe('the dormitory leader (usually a member)'),
    memberIds: ids(20).default([]),
  }),
  response: crisisDormitorySchema,
});

export const crisisDormitoryDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/dormitory/delete',
  summary: 'Removes a dormitory (its reports stay)',
  tags: ['crisis'],
  body: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});

// ---------------------------------------------------------------- settings

const sectionParams = z.object({
  section: z.enum(CRISIS_SETTING_SECTIONS as [string, ...string[]], {
    message: `must be one of ${CRISIS_SETTING_SECTIONS.join(', ')}`,
  }),
});
/** The version of a saved settings row (a section, a notice row): saves name the one they read. */
const settingVersion = z
  .number()
  .int()
  .min(0)
  .describe('how many times the row was saved (0: never, the defaults); a save sends the one it read');
const settingAnswer = z.object({
  section: z.string(),
  value: z.record(z.string(), z.unknown()),
  version: settingVersion,
  updateTime: dateTimeSchema.nullable().describe('null: never saved, the defaults'),
});

export const crisisSettingGetEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/setting/:section',
  summary: 'A section of the crisis settings (reporting, intervention, followUp, heartTalk, approval)',
  tags: ['crisis'],
  params: sectionParams,
  response: settingAnswer,
});

export const crisisSettingSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/setting/:section',
  summary:
    "Saves a section whole (its schema: docs/crisis.md section 8; 400 naming the field) with the version it was read at beside the section's fields; a save from an older version is refused 409 (nothing changes)",
  tags: ['crisis'],
  params: sectionParams,
  // The section's own fields are checked by its schema on the server, which never sees `version`.
  body: z.object({ version: settingVersion }).catchall(z.unknown()),
  response: settingAnswer,
});

const noticeSettingAnswer = crisisNoticeSettingSchema.extend({
  version: settingVersion,
  updateTime: dateTimeSchema.nullable(),
});

export const crisisNoticeSettingListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/noticeSetting/list',
  summary: 'Who is told what (`/focusperson/setting/caseMsgSetDetail`): each event with its parties and SMS',
  tags: ['crisis'],
  response: z.array(noticeSettingAnswer),
});

export const crisisNoticeSettingSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/noticeSetting/save',
  summary:
    'Changes who an event tells; the body is the whole row with the version it was read at, and a save from an older version is refused 409 (nothing changes)',
  tags: ['crisis'],
  body: crisisNoticeSettingSchema.extend({ version: settingVersion }),
  response: noticeSettingAnswer,
});

// ---------------------------------------------------------------- monthly reports

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month yyyy-MM');
const reportKindSchema = z.enum(MONTHLY_REPORT_KINDS, { message: 'must be crisis or consultation' });
const count = z.coerce.number().int().min(0).max(1_000_000);

export const consultationFiguresSchema = z
  .object({
    sessions: count.describe('counselling sessions held'),
    hours: z.coerce.number().min(0).max(100_000).describe('hours of counselling'),
    students: count.describe('students seen'),
    referrals: count.describe('referrals to hospital or outside care'),
  })
  .strict();

export const crisisMonthlyReportSchema = z.object({
  id: z.number().int(),
  dept: z.object({ id: z.number().int(), name: z.string() }),
  month: z.string(),
  kind: z.string(),
  status: z.number().int().describe('1 draft, 2 submitted'),
  nothingToReport: z.boolean(),
  figures: z.record(z.string(), z.unknown()).describe('computed (crisis) or entered (consultation)'),
  narrative: z.string().nullable(),
  submittedBy: personRefSchema.nullable(),
  submittedAt: dateTimeSchema.nullable(),
  updateTime: dateTimeSchema,
});

export const crisisMonthlyPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/monthlyReport/page',
  summary: 'Monthly reports of the faculties in reach, newest month first',
  tags: ['crisis'],
  body: boundedPageQuery(100).extend({
    month: monthSchema.optional(),
    kind: reportKindSchema.optional(),
    deptId: idSchema.optional(),
    status: z.coerce.number().int().min(1).max(2).optional(),
  }),
  response: pageOf(crisisMonthlyReportSchema),
});

export const crisisMonthlyDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/monthlyReport/detail',
  summary: 'A monthly report (`/crisisMonthlyReportDetails`, `/consultationMonthlyReportDetails`)',
  tags: ['crisis'],
  query: z.object({ id: idSchema }),
  response: crisisMonthlyReportSchema,
});

const monthlyWriteBody = z.object({
  deptId: idSchema.describe('the faculty'),
  month: monthSchema,
  kind: reportKindSchema,
  narrative: crisisText(CRISIS_TEXT_LIMITS.narrative).optional(),
  figures: consultationFiguresSchema.optional().describe('consultation reports: the figures entered'),
});

export const crisisMonthlySaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/monthlyReport/save',
  summary: "Saves a faculty's report as a draft (crisis figures are computed from the records)",
  tags: ['crisis'],
  body: monthlyWriteBody,
  response: crisisMonthlyReportSchema,
});

export const crisisMonthlySubmitEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/monthlyReport/submit',
  summary: "Submits a faculty's report to the centre; `nothingToReport` is the zero report",
  tags: ['crisis'],
  body: monthlyWriteBody.extend({ nothingToReport: z.boolean().default(false) }),
  response: crisisMonthlyReportSchema,
});

export const collegeReportStatusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/monthlyReport/collegeReportStatus',
  summary: "Each faculty's report status for a month (S0.7.29): submitted, zero, draft, missing or overdue",
  tags: ['crisis'],
  query: z.object({
    month: monthSchema.optional().describe('default: last month'),
    kind: reportKindSchema.default('crisis'),
  }),
  response: z.object({
    month: z.string(),
    kind: z.string(),
    dueDate: z.string(),
    faculties: z.array(
      z.object({
        deptId: z.number().int(),
        deptName: z.string(),
        status: z.enum(COLLEGE_REPORT_STATUSES),
        reportId: z.number().int().nullable(),
        submittedAt: dateTimeSchema.nullable(),
        submittedBy: personRefSchema.nullable(),
      }),
    ),
    counts: z.record(z.enum(COLLEGE_REPORT_STATUSES), z.number().int()),
  }),
});

export const crisisMonthlyExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/crisis/monthlyReport/export',
  summary: "The month's reports of every faculty as XLSX (a download task)",
  tags: ['crisis'],
  body: z.object({ month: monthSchema, kind: reportKindSchema }),
  response: downloadTaskSchema,
});

// ---------------------------------------------------------------- pending counts, workbench

export const crisisIntervenePendingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/intervene/crisisIntervenePending',
  summary: 'Crisis work waiting for the caller (S1.7.26)',
  tags: ['crisis'],
  response: z.object({
    total: z.number().int(),
    unacknowledged: z.number().int().describe('records the caller owns that nobody has acknowledged'),
    interventions: z.number().int().describe('orders assigned to the caller without a receipt'),
    approvals: z.number().int().describe('approvals waiting for the caller'),
  }),
});

export const emphasisReportPendingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/emphasis/report/emphasisReportPending',
  summary: 'Key-person work waiting for the caller (S1.7.26)',
  tags: ['crisis'],
  response: z.object({
    total: z.number().int(),
    reportsToAudit: z.number().int().describe('information updates the caller may audit'),
    followUpsDue: z.number().int().describe('key persons in reach due by today'),
  }),
});

export const crisisWorkbenchEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/crisis/workbench',
  summary: "The network roles' workbench figures",
  tags: ['crisis'],
  response: z.object({
    unacknowledged: z.number().int().describe('records the caller owns, not acknowledged'),
    overdue: z.number().int().describe('records in reach past their deadline, not acknowledged'),
    openSignals: z.number().int().describe('records in reach not closed'),
    dueFollowUps: z.number().int(),
    interventions: z.number().int(),
    approvals: z.number().int(),
    myReports: z.number().int().describe("the caller's own reports not closed"),
  }),
});
