import { z } from 'zod';
import { RAINBOW_COLOURS } from '@psy/scoring';
import { INTERVIEW_STATUS } from './appointment-codes';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import type { PermissionKey } from './permissions';
import { recordText } from './assessment-scales.contract';

/**
 * After the screen (docs/assessment.md): interviews (S1.2.5, statuses of S1.4.2), transfer to counselling
 * (transfer source 1 of S1.9.1; `/plantest/interview/record/toConsult` and
 * `/consult/inner/register/forAssessment*` of S1.7), follow-up records (S1.2.12), the rainbow code
 * (S1.2.6) and the House-Tree-Person record (S1.2.11).
 */

/** Transfer source of S1.9.1 that assessment interviews use. */
export const TRANSFER_SOURCE_ASSESSMENT_INTERVIEW = 1;
/** A transfer's state on the counselling side: 1 waiting, 2 registered, 3 sent to a first interview, 4 cancelled. */
export const TRANSFER_STATUS = { waiting: 1, registered: 2, firstInterview: 3, cancelled: 4 } as const;

const note = recordText;

const statusSchema = z
  .number()
  .int()
  .refine(
    (s) => (Object.values(INTERVIEW_STATUS) as number[]).includes(s),
    'must be an interview status 1-8',
  );

export const interviewSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  userId: z.number().int(),
  realName: z.string(),
  numberName: z.string().nullable(),
  deptName: z.string().nullable(),
  interviewerId: z.number().int(),
  interviewerName: z.string(),
  time: dateTimeSchema,
  address: z.string().nullable(),
  status: z.number().int().describe('S1.4.2: 1 pending ... 7 interviewed, 8 visitor arrived'),
  nextStatuses: z.array(z.number().int()).describe('moves the transition table allows from here'),
  result: z.string().nullable().describe('interviewAssessResult value'),
  resultLabel: z.string().nullable(),
  riskScore: z.number().nullable(),
  riskGrade: z.number().int().nullable(),
  level: z.number().int().nullable().describe('grading option 1-4 shown as A-D (S0.9.3)'),
  star: z.number().int().nullable().describe('stars 1-4 (S0.9.3)'),
  content: z.string().nullable(),
  nextStep: z.number().int().nullable().describe('1 none, 2 follow-up, 3 counselling, 4 crisis'),
  recordTime: dateTimeSchema.nullable(),
  transferred: z.boolean(),
  createTime: dateTimeSchema,
});
export type Interview = z.infer<typeof interviewSchema>;

export const interviewerPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/interviewerPage',
  summary:
    'Interviewers (users who may hold interviews) with their open and held interviews (/assessmentInterviewInterviewers)',
  tags: ['assessment-interviews'],
  body: boundedPageQuery(100).extend({ name: z.string().trim().max(50).optional() }),
  response: pageOf(
    z.object({
      userId: z.number().int(),
      realName: z.string(),
      deptName: z.string().nullable(),
      pending: z.number().int(),
      held: z.number().int(),
    }),
  ),
});

export const flaggedPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/flaggedPage',
  summary: 'Students a plan flags by its flag rule, with no open or held interview for it yet',
  tags: ['assessment-interviews'],
  body: boundedPageQuery(200).extend({ planId: idSchema }),
  response: pageOf(
    z.object({
      userId: z.number().int(),
      realName: z.string(),
      numberName: z.string().nullable(),
      deptName: z.string().nullable(),
      answerId: z.number().int(),
      scaleName: z.string(),
      riskGrade: z.number().int().nullable(),
      screenPositive: z.boolean(),
      warning: z.boolean(),
      critical: z.boolean(),
      submitTime: dateTimeSchema,
    }),
  ),
});

export const interviewAssignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/assign',
  summary: 'Assigns students of a plan to an interviewer (status 1 pending)',
  tags: ['assessment-interviews'],
  body: z.object({
    planId: idSchema,
    userIds: z.array(idSchema).min(1, 'choose at least one student').max(200),
    interviewerId: idSchema,
    time: z.iso.datetime({ offset: true }),
    address: note(200).optional(),
  }),
  response: z.object({ ids: z.array(z.number().int()) }),
});

export const interviewPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/page',
  summary:
    'Interview records (/assessmentInterviewInterviewlist): an interviewer sees their own, assigners all',
  tags: ['assessment-interviews'],
  body: boundedPageQuery(100).extend({
    status: statusSchema.optional(),
    planId: idSchema.optional(),
    interviewerId: idSchema.optional(),
    name: z.string().trim().max(50).optional(),
  }),
  response: pageOf(interviewSchema),
});

export const interviewDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/interview/detail',
  summary: 'One interview (access-logged)',
  tags: ['assessment-interviews'],
  query: z.object({ id: idSchema }),
  response: interviewSchema,
});

export const interviewStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/status',
  summary:
    'Moves an interview by the transition table of S1.4.2 (back to 1 needs a new time); 7 needs the record call',
  tags: ['assessment-interviews'],
  body: z.object({ id: idSchema, status: statusSchema, time: z.iso.datetime({ offset: true }).optional() }),
  response: interviewSchema,
});

export const interviewRecordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/record',
  summary: 'Records a held interview (status 7): the result from the interview results list is required',
  tags: ['assessment-interviews'],
  body: z.object({
    id: idSchema,
    result: z.string().trim().min(1, 'choose interview assessment result').max(40),
    riskScore: z.number().min(0).max(100).optional().describe('0-100, graded by S0.9.3'),
    level: z.number().int().min(1).max(4).optional().describe('grading option A-D as 1-4'),
    star: z.number().int().min(1).max(4).optional(),
    content: note(5000).optional(),
    nextStep: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).default(1),
  }),
  response: interviewSchema,
});

export const transferSchema = z.object({
  id: z.number().int(),
  source: z.number().int().describe('transfer source (S1.9.1): 1 assessment interview'),
  interviewId: z.number().int(),
  planName: z.string(),
  userId: z.number().int(),
  realName: z.string(),
  numberName: z.string().nullable(),
  deptName: z.string().nullable(),
  phone: z.string().nullable().describe('masked unless the caller may see personal data'),
  riskGrade: z.number().int().nullable(),
  urgent: z.boolean(),
  note: z.string().nullable(),
  status: z.number().int().describe('1 waiting, 2 registered, 3 sent to a first interview, 4 cancelled'),
  createUserName: z.string(),
  createTime: dateTimeSchema,
  handleNote: z.string().nullable(),
  handleTime: dateTimeSchema.nullable(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const interviewToConsultEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/record/toConsult',
  summary: 'Transfers an interviewed student to counselling, transfer source 1 (spec S1.7, S1.9.1)',
  tags: ['assessment-interviews'],
  body: z.object({ interviewId: idSchema, note: note(500).optional(), urgent: z.boolean().default(false) }),
  response: transferSchema,
});

export const transferPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/interview/transfers',
  summary:
    'Transfers from assessment interviews and what became of them, urgent and oldest first (the registrations they open are in GET /consult/inner/register/forAssessment)',
  tags: ['assessment-interviews'],
  query: boundedPageQuery(100).extend({
    status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(4).optional()),
  }),
  response: pageOf(transferSchema),
});

export const transferFirstInterviewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/interview/transfers/firstInterview',
  summary: 'Marks a waiting transfer from assessment as sent to a first interview',
  tags: ['assessment-interviews'],
  body: z.object({ id: idSchema, note: note(500).optional() }),
  response: transferSchema,
});

// --- follow-up records ---------------------------------------------------------------------------------

/** 1 follow-up visit, 2 intervention, 3 intervention receipt, 4 follow-up assessment table, 5 assessment table. */
export const FOLLOW_UP_TYPE = {
  visit: 1,
  intervention: 2,
  receipt: 3,
  followUpTable: 4,
  assessmentTable: 5,
} as const;

export const followUpSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  userId: z.number().int(),
  realName: z.string(),
  deptName: z.string().nullable(),
  warningId: z.number().int().nullable(),
  answerId: z.number().int().nullable(),
  interviewId: z.number().int().nullable(),
  interventionId: z.number().int().nullable().describe('receipts: the intervention received'),
  amendsId: z.number().int().nullable().describe('the record this one amends'),
  date: z.string().describe('yyyy-MM-dd'),
  method: z.number().int().nullable().describe('follow-up method (key-person setting type 3)'),
  measures: z.array(z.number().int()).describe('intervention measures (key-person setting type 2)'),
  hours: z.number().nullable().describe('intervention hours 0-999'),
  content: z.string().nullable(),
  receiver: z.string().nullable(),
  feedback: z.string().nullable(),
  riskScore: z.number().nullable(),
  riskGrade: z.number().int().nullable(),
  level: z.number().int().nullable(),
  nextDate: z.string().nullable(),
  createUserName: z.string(),
  createTime: dateTimeSchema,
});
export type FollowUp = z.infer<typeof followUpSchema>;

export const followUpPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/followUp/page',
  summary:
    'Follow-up records (/anFollowUpVisit, /anAssIntervention, /anAssInterReceipt, /anFollowUpAssTable, /assessmentTable)',
  tags: ['assessment-followup'],
  body: boundedPageQuery(100).extend({
    type: z.number().int().min(1).max(5).optional(),
    userId: idSchema.optional(),
    warningId: idSchema.optional(),
  }),
  response: pageOf(followUpSchema),
});

export const followUpDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/followUp/detail',
  summary: 'One follow-up record (access-logged)',
  tags: ['assessment-followup'],
  query: z.object({ id: idSchema }),
  response: followUpSchema,
});

export const followUpSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/followUp/save',
  summary: 'Adds a follow-up record (records are never rewritten; an amendment names the record it amends)',
  tags: ['assessment-followup'],
  body: z.object({
    type: z.number().int().min(1, 'must be 1-5').max(5, 'must be 1-5'),
    userId: idSchema,
    warningId: idSchema.optional(),
    answerId: idSchema.optional(),
    interviewId: idSchema.optional(),
    interventionId: idSchema.optional().describe('required for a receipt (type 3)'),
    amendsId: idSchema.optional(),
    date: dateSchema,
    method: idSchema.optional(),
    measures: z.array(idSchema).max(20).default([]),
    hours: z.number().min(0).max(999).optional().describe('S1.9.8: 0-999'),
    content: note(5000).optional(),
    receiver: note(50).optional(),
    feedback: note(2000).optional(),
    riskScore: z.number().min(0).max(100).optional(),
    level: z.number().int().min(1).max(4).optional(),
    nextDate: dateSchema.optional(),
  }),
  response: followUpSchema,
});

// --- rainbow code --------------------------------------------------------------------------------------

export const rainbowInfoSchema = z.object({
  userId: z.number().int(),
  realName: z.string(),
  numberName: z.string().nullable(),
  deptName: z.string().nullable(),
  colour: z.enum(RAINBOW_COLOURS),
  rule: z.string().describe('R1-R6 of the rules'),
  updateTime: dateTimeSchema.nullable(),
  inputs: z.object({
    latestScreening: z
      .object({ at: dateTimeSchema, riskGrade: z.number().int().nullable(), screenPositive: z.boolean() })
      .nullable(),
    openWarnings: z.object({ critical: z.number().int(), other: z.number().int() }),
    latestInterview: z
      .object({
        at: dateTimeSchema,
        riskGrade: z.number().int().nullable(),
        nextStep: z.number().int().nullable(),
      })
      .nullable(),
    crisisLevel: z.number().int().nullable(),
  }),
  rules: z.array(z.object({ rule: z.string(), colour: z.enum(RAINBOW_COLOURS), text: z.string() })),
});

export const rainbowInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/rainbow/info',
  summary:
    "A student's rainbow code with the rule that decided it, its inputs and every rule (/mindtherainbowInfo/info); access-logged",
  tags: ['assessment-followup'],
  query: z.object({ userId: idSchema }),
  response: rainbowInfoSchema,
});

export const rainbowPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/rainbow/page',
  summary: 'Students with a rainbow code, most serious first',
  tags: ['assessment-followup'],
  body: boundedPageQuery(200).extend({
    colour: z.enum(RAINBOW_COLOURS).optional(),
    deptId: idSchema.optional(),
    name: z.string().trim().max(50).optional(),
  }),
  response: pageOf(
    z.object({
      userId: z.number().int(),
      realName: z.string(),
      numberName: z.string().nullable(),
      deptName: z.string().nullable(),
      colour: z.enum(RAINBOW_COLOURS),
      rule: z.string(),
      updateTime: dateTimeSchema,
    }),
  ),
});

// --- House-Tree-Person ---------------------------------------------------------------------------------

/** The observation choices of an HTP record (our design; docs/assessment.md). */
export const HTP_OBSERVATIONS = {
  house: {
    size: ['small', 'medium', 'large'],
    door: ['none', 'closed', 'open', 'small', 'large'],
    windows: ['none', 'few', 'many', 'barred', 'curtained'],
    chimney: ['none', 'present', 'smoking'],
    path: ['none', 'straight', 'winding'],
    groundLine: ['absent', 'present'],
  },
  tree: {
    size: ['small', 'medium', 'large'],
    trunk: ['thin', 'medium', 'thick', 'scarred'],
    crown: ['small', 'full', 'bare', 'cut'],
    branches: ['none', 'few', 'many', 'broken'],
    roots: ['none', 'visible', 'exposed'],
    fruit: ['none', 'some', 'many', 'fallen'],
  },
  person: {
    size: ['small', 'medium', 'large'],
    face: ['detailed', 'blank', 'hidden'],
    eyes: ['normal', 'closed', 'emphasised', 'absent'],
    arms: ['open', 'by-side', 'behind', 'absent'],
    hands: ['drawn', 'hidden', 'absent'],
    legs: ['drawn', 'absent'],
    clothing: ['plain', 'detailed', 'absent'],
  },
  page: {
    placement: ['centre', 'top', 'bottom', 'left', 'right', 'corner'],
    pressure: ['light', 'normal', 'heavy'],
    erasures: ['none', 'some', 'many'],
    shading: ['none', 'some', 'heavy'],
    colour: ['none', 'few', 'many', 'dark'],
    order: ['house-tree-person', 'other'],
  },
} as const;

type Part = keyof typeof HTP_OBSERVATIONS;
const partSchema = <P extends Part>(part: P) => {
  const fields = HTP_OBSERVATIONS[part];
  const shape = Object.fromEntries(
    Object.entries(fields).map(([k, values]) => [
      k,
      z.enum(values as unknown as [string, ...string[]]).optional(),
    ]),
  ) as Record<keyof (typeof HTP_OBSERVATIONS)[P], z.ZodOptional<z.ZodEnum>>;
  return z.object({ ...shape, notes: note(500).optional() });
};

export const htpObservationsSchema = z.object({
  house: partSchema('house'),
  tree: partSchema('tree'),
  person: partSchema('person'),
  page: partSchema('page'),
  minutes: z.number().int().min(0).max(600).optional().describe('time taken'),
});

export const htpSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  realName: z.string(),
  deptName: z.string().nullable(),
  fileKey: z.string(),
  drawDate: z.string(),
  observations: htpObservationsSchema,
  impression: z.string().nullable(),
  followUp: z.boolean(),
  amendsId: z.number().int().nullable(),
  createUserName: z.string(),
  createTime: dateTimeSchema,
});

/** Largest HTP drawing accepted. */
export const HTP_DRAWING_MAX_BYTES = 10 * 1024 * 1024;

export const htpUploadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/htp/upload',
  summary: 'Uploads an HTP drawing (multipart part `file`, PNG or JPEG checked by content, at most 10 MB)',
  tags: ['assessment-followup'],
  bodyType: 'multipart',
  body: z.object({}),
  response: z.object({ fileKey: z.string() }),
});

export const htpSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/htp/save',
  summary:
    'Adds a House-Tree-Person record (/houseTreeManInfoWrite); an amendment names the record it amends',
  tags: ['assessment-followup'],
  body: z.object({
    userId: idSchema,
    fileKey: z.string().max(200),
    drawDate: dateSchema,
    observations: htpObservationsSchema,
    impression: note(5000).optional(),
    followUp: z.boolean().default(false),
    amendsId: idSchema.optional(),
  }),
  response: htpSchema,
});

export const htpPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/htp/page',
  summary: 'House-Tree-Person records',
  tags: ['assessment-followup'],
  body: boundedPageQuery(100).extend({ userId: idSchema.optional() }),
  response: pageOf(htpSchema),
});

export const htpDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/htp/detail',
  summary: 'One House-Tree-Person record (access-logged)',
  tags: ['assessment-followup'],
  query: z.object({ id: idSchema }),
  response: htpSchema,
});

export const htpDrawingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/htp/drawing',
  summary: "A record's drawing (image)",
  tags: ['assessment-followup'],
  query: z.object({ id: idSchema }),
  response: null,
  produces: 'image/*',
});

/** Permission keys of the area, for the server's routes and the web's button maps. */
export const ASSESSMENT_PERMISSIONS = {
  take: 'plantest_take',
  mine: 'plantest_mine',
  plan: 'plantest_plan',
  planEdit: 'plantest_plan_edit',
  report: 'plantest_report',
  resultView: 'plantest_result_view',
  reportExport: 'plantest_report_export',
  scale: 'plantest_scale',
  scaleEdit: 'plantest_scale_edit',
  warning: 'plantest_warning',
  warningHandle: 'plantest_warning_handle',
  warningNotify: 'plantest_warning_notify',
  interview: 'plantest_interview',
  interviewAssign: 'plantest_interview_assign',
  transfer: 'plantest_transfer',
  followUp: 'plantest_followup',
  rainbow: 'plantest_rainbow',
  htp: 'plantest_htp',
} as const satisfies Record<string, PermissionKey>;
