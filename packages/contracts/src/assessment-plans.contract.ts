import { z } from 'zod';
import { boundedPageQuery, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { recordText, textPairSchema } from './assessment-scales.contract';

/**
 * Assessment plans and answering them (docs/assessment.md "Plans", "Answering"; spec S1.2.4, S1.2.7,
 * S1.2.9, the pending count `getMyUpscomingScaleByPage` of S1.7). Paths other than the pending count are
 * ours, in the spec's style.
 */

export const PLAN_KIND = { screening: 1, daily: 2 } as const;
export const PLAN_STATUS = { draft: 1, published: 2, closed: 3 } as const;
/** What a student sees of their own result: 0 nothing, 1 the level and its advice, 2 the full report. */
export const RESULT_VISIBILITY = { none: 0, level: 1, full: 2 } as const;
/** Who a plan lists for an interview: 1 warnings, 2 medium or high risk (or a warning), 3 screen positive (or either). */
export const FLAG_RULE = { warnings: 1, risk: 2, screen: 3 } as const;
/** State of a person's test: 0 not started, 1 in progress, 2 submitted. */
export const TASK_STATE = { notStarted: 0, inProgress: 1, submitted: 2 } as const;

export const PLAN_LIMITS = {
  name: 100,
  description: 2000,
  scales: 20,
  deptIds: 500,
  grades: 50,
  userTypeIds: 50,
  userIds: 20_000,
  maxAttempts: 20,
  remindHours: 5,
  agreementText: 5000,
  helpText: 1000,
  /** A drawn signature as a PNG data URL. */
  signatureChars: 300_000,
} as const;

const text = recordText;

const kindSchema = z.union([z.literal(1), z.literal(2)], { message: 'must be 1 (screening) or 2 (daily)' });

export const audienceSchema = z
  .object({
    deptIds: z
      .array(idSchema)
      .max(PLAN_LIMITS.deptIds)
      .default([])
      .describe('departments, each with its subtree'),
    grades: z
      .array(z.string().trim().min(1).max(20))
      .max(PLAN_LIMITS.grades)
      .default([])
      .describe('grades (the yearInfo dictionary values)'),
    userTypeIds: z.array(idSchema).max(PLAN_LIMITS.userTypeIds).default([]),
    userIds: z
      .array(idSchema)
      .max(PLAN_LIMITS.userIds)
      .default([])
      .describe('named users, added to the filters'),
  })
  .describe('named users, plus the users matching every non-empty filter');

const planFields = {
  name: text(PLAN_LIMITS.name).min(1, 'required'),
  description: text(PLAN_LIMITS.description).nullish(),
  kind: kindSchema.default(1),
  scales: z
    .array(
      z.object({
        scaleId: idSchema,
        normId: z
          .string()
          .max(40)
          .nullish()
          .describe("the norm standard scores use; default the scale's first"),
      }),
    )
    .min(1, 'choose at least one scale')
    .max(PLAN_LIMITS.scales),
  audience: audienceSchema,
  startTime: z.iso.datetime({ offset: true }).nullish().describe('opening time (required for screenings)'),
  endTime: z.iso.datetime({ offset: true }).nullish().describe('closing time (required for screenings)'),
  anonymous: z.boolean().default(false).describe('no readable link between an answer and its person'),
  resultVisibility: z
    .union([z.literal(0), z.literal(1), z.literal(2)], { message: 'must be 0, 1 or 2' })
    .default(1)
    .describe('0 none, 1 level and advice, 2 full report'),
  maxAttempts: z
    .number()
    .int()
    .min(1)
    .max(PLAN_LIMITS.maxAttempts)
    .default(1)
    .describe('answers per scale and person'),
  minDaysBetween: z
    .number()
    .int()
    .min(0)
    .max(365)
    .default(0)
    .describe('daily plans: days between two answers'),
  remindOnPublish: z.boolean().default(true),
  remindBeforeEndHours: z
    .array(z.number().int().min(1).max(720))
    .max(PLAN_LIMITS.remindHours)
    .default([])
    .describe('reminders to those not finished, hours before the end'),
  agreementText: text(PLAN_LIMITS.agreementText)
    .nullish()
    .describe('if set, students sign it before the first test'),
  helpText: text(PLAN_LIMITS.helpText).nullish().describe('help contacts shown after a critical answer'),
  useRiskBands: z.boolean().default(true).describe('record risk scores as scale results (S0.9.3 bands)'),
  warnOnScreenPositive: z.boolean().default(false),
  flagRule: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .default(2)
    .describe('who is listed for an interview'),
};

export const planInputSchema = z.object(planFields);
export type PlanInput = z.input<typeof planInputSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.number().int(),
  status: z.number().int().describe('1 draft, 2 published, 3 closed'),
  scales: z.array(
    z.object({
      scaleId: z.number().int(),
      code: z.string(),
      version: z.number().int(),
      name: z.string(),
      kind: z.string(),
      itemCount: z.number().int(),
      normId: z.string().nullable(),
    }),
  ),
  audience: z.object({
    deptIds: z.array(z.number().int()),
    grades: z.array(z.string()),
    userTypeIds: z.array(z.number().int()),
    userIds: z.array(z.number().int()),
  }),
  namedUsers: z
    .array(z.object({ id: z.number().int(), realName: z.string() }))
    .optional()
    .describe(
      'one plan (detail, save, update): the named users of the audience with their names, so an editor sees who they are',
    ),
  startTime: dateTimeSchema.nullable(),
  endTime: dateTimeSchema.nullable(),
  anonymous: z.boolean(),
  resultVisibility: z.number().int(),
  maxAttempts: z.number().int(),
  minDaysBetween: z.number().int(),
  remindOnPublish: z.boolean(),
  remindBeforeEndHours: z.array(z.number().int()),
  agreementText: z.string().nullable(),
  helpText: z.string().nullable(),
  useRiskBands: z.boolean(),
  warnOnScreenPositive: z.boolean(),
  flagRule: z.number().int(),
  answerCount: z.number().int().describe('submitted answers'),
  createUserName: z.string(),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
  publishTime: dateTimeSchema.nullable(),
});
export type Plan = z.infer<typeof planSchema>;

export const planPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/page',
  summary: 'Assessment plans, newest first (/evaluationDetails list)',
  tags: ['assessment-plans'],
  body: boundedPageQuery(100).extend({
    name: z.string().trim().max(50).optional(),
    status: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    kind: kindSchema.optional(),
  }),
  response: pageOf(planSchema),
});

export const planDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/plan/detail',
  summary: 'One plan',
  tags: ['assessment-plans'],
  query: z.object({ id: idSchema }),
  response: planSchema,
});

export const planSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/save',
  summary: 'A new plan, as a draft (/addPlanInfo)',
  tags: ['assessment-plans'],
  body: planInputSchema,
  response: planSchema,
});

export const planUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/update',
  summary:
    'Edits a plan (/editPlanInfo): a draft freely; a published plan keeps its scales and anonymity; a closed plan is read-only',
  tags: ['assessment-plans'],
  body: planInputSchema.extend({ id: idSchema }),
  response: planSchema,
});

const planIdBody = z.object({ id: idSchema });

export const planPublishEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/publish',
  summary: 'Publishes a draft: it opens at its start time; reminders are queued',
  tags: ['assessment-plans'],
  body: planIdBody,
  response: planSchema,
});

export const planCloseEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/close',
  summary: 'Closes a published plan: no more answers',
  tags: ['assessment-plans'],
  body: planIdBody,
  response: planSchema,
});

export const planDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/delete',
  summary: 'Deletes a plan without answers',
  tags: ['assessment-plans'],
  body: planIdBody,
  response: z.object({ id: z.number().int() }),
});

export const planProgressEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/plan/progress',
  summary: 'Who has and has not answered, in all and by department (/evaluationDetails)',
  tags: ['assessment-plans'],
  query: z.object({ id: idSchema }),
  response: z.object({
    planId: z.number().int(),
    audience: z.number().int().describe('people the plan is for'),
    started: z.number().int().describe('people with at least one test started or submitted'),
    finished: z.number().int().describe('people who submitted every scale'),
    byScale: z.array(z.object({ scaleId: z.number().int(), name: z.string(), submitted: z.number().int() })),
    byDept: z.array(
      z.object({
        deptId: z.number().int().nullable(),
        deptName: z.string(),
        audience: z.number().int(),
        finished: z.number().int(),
      }),
    ),
  }),
});

export const planPersonSchema = z.object({
  userId: z.number().int(),
  realName: z.string(),
  numberName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  grade: z.string().nullable(),
  sex: z.number().int().nullable(),
});

export const planNoAnswerPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/noAnswerPage',
  summary: 'People of the audience who have not submitted every scale',
  tags: ['assessment-plans'],
  body: boundedPageQuery(200).extend({
    planId: idSchema,
    deptId: idSchema.optional().describe('a department and its subtree'),
    name: z.string().trim().max(50).optional(),
  }),
  response: pageOf(planPersonSchema.extend({ submitted: z.number().int().describe('scales submitted') })),
});

export const planRemindEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/remind',
  summary: 'Reminds those who have not finished (all of them, or the ones named) through the message manager',
  tags: ['assessment-plans'],
  body: z.object({ planId: idSchema, userIds: z.array(idSchema).max(5000).optional() }),
  response: z.object({
    sent: z.number().int().describe('messages sent (0 when the school switched the event off)'),
  }),
});

export const planResponsePageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/responsePage',
  summary: 'Each person of the audience with the state of each scale (/assessmentPlanResponseList)',
  tags: ['assessment-plans'],
  body: boundedPageQuery(200).extend({
    planId: idSchema,
    state: z
      .union([z.literal(0), z.literal(1), z.literal(2)])
      .optional()
      .describe('0 none started, 1 some, 2 all submitted'),
    deptId: idSchema.optional(),
    name: z.string().trim().max(50).optional(),
  }),
  response: pageOf(
    planPersonSchema.extend({
      scales: z.array(
        z.object({
          scaleId: z.number().int(),
          state: z.number().int().describe('0 not started, 1 in progress, 2 submitted'),
          submitTime: dateTimeSchema
            .nullable()
            .describe('null in anonymous plans (only the day is kept, with the answer)'),
        }),
      ),
    }),
  ),
});

export const planSignaturePageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/plan/signaturePage',
  summary: "Signatures of the plan's agreement (/signatureList)",
  tags: ['assessment-plans'],
  body: boundedPageQuery(100).extend({ planId: idSchema }),
  response: pageOf(
    planPersonSchema.extend({ signTime: dateTimeSchema, signature: z.string().describe('PNG data URL') }),
  ),
});

// --- the student's side --------------------------------------------------------------------------------

export const pendingTestSchema = z.object({
  planId: z.number().int(),
  planName: z.string(),
  kind: z.number().int(),
  scaleId: z.number().int(),
  scaleName: z.string(),
  itemCount: z.number().int(),
  endTime: dateTimeSchema.nullable(),
  state: z.number().int().describe('0 not started, 1 in progress'),
  answered: z.number().int().describe('items answered so far'),
  needsAgreement: z.boolean().describe("the plan's agreement must be signed first"),
  agreementText: z.string().nullable().describe('the agreement to read and sign, while it is unsigned'),
});

export const myPendingScalesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/userPlan/getMyUpscomingScaleByPage',
  summary: "The caller's pending tests (spec S1.7 pending counts; the workbench shows `total`)",
  tags: ['assessment-plans'],
  query: boundedPageQuery(100),
  response: pageOf(pendingTestSchema),
});

export const paperSchema = z.object({
  name: textPairSchema,
  instructions: textPairSchema,
  items: z.array(
    z.object({
      no: z.number().int(),
      text: textPairSchema,
      options: z.array(z.object({ value: z.number().int(), label: textPairSchema })),
    }),
  ),
});

export const taskSchema = z.object({
  taskId: z.number().int(),
  planId: z.number().int(),
  scaleId: z.number().int(),
  attempt: z.number().int(),
  state: z.number().int().describe('1 in progress, 2 submitted'),
  position: z.number().int().describe('the item number to resume at'),
  responses: z.record(z.string(), z.number().int()).describe('item number -> option value saved so far'),
  anonymous: z.boolean(),
  paper: paperSchema,
});

export const startTestEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/userPlan/start',
  summary: "Opens (or reopens) the caller's test of a scale in a plan: the paper and what was saved so far",
  tags: ['assessment-plans'],
  body: z.object({ planId: idSchema, scaleId: idSchema }),
  response: taskSchema,
});

export const saveProgressEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/userPlan/saveProgress',
  summary: 'Saves answers as the student goes (merged into what was saved) and the position',
  tags: ['assessment-plans'],
  body: z.object({
    taskId: idSchema,
    responses: z
      .record(z.string().regex(/^\d{1,4}$/, 'item numbers'), z.number().int())
      .refine((r) => Object.keys(r).length <= 1000, 'too many answers'),
    position: z.number().int().min(1).max(1000).optional(),
  }),
  response: z.object({
    taskId: z.number().int(),
    answered: z.number().int(),
    position: z.number().int(),
    saveTime: dateTimeSchema,
  }),
});

export const resultSummarySchema = z.object({
  level: z.number().int().describe('0 none ... 4 most severe'),
  label: textPairSchema.nullable(),
  interpretation: textPairSchema.nullable(),
  profileCode: z.string().nullable(),
});

export const submitTestEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/userPlan/submit',
  summary:
    'Scores and stores the answer once (a second submit answers the first result); answers what the plan lets the student see',
  tags: ['assessment-plans'],
  body: z.object({
    taskId: idSchema,
    responses: z.record(z.string().regex(/^\d{1,4}$/, 'item numbers'), z.number().int()).optional(),
  }),
  response: z.object({
    answerId: z.number().int().nullable().describe('null in anonymous plans'),
    alreadySubmitted: z.boolean(),
    resultVisibility: z.number().int(),
    summary: resultSummarySchema.nullable().describe('resultVisibility 1 or 2'),
    critical: z.boolean().describe('a critical answer: show the help contacts'),
    helpText: z.string().nullable(),
  }),
});

export const signAgreementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/userPlan/sign',
  summary: "Signs a plan's agreement (once)",
  tags: ['assessment-plans'],
  body: z.object({
    planId: idSchema,
    signature: z
      .string()
      .max(PLAN_LIMITS.signatureChars, 'the signature image is too large')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'must be a PNG data URL'),
  }),
  response: z.object({ planId: z.number().int(), signTime: dateTimeSchema }),
});

export const myAnswerSchema = z.object({
  answerId: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  scaleName: z.string(),
  submitTime: dateTimeSchema,
  resultVisibility: z.number().int(),
  summary: resultSummarySchema.nullable(),
});

export const myAnswerPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/userPlan/myAnswerPage',
  summary: "The caller's own answers (/evaluation_user_answerlist), with what each plan lets them see",
  tags: ['assessment-plans'],
  body: boundedPageQuery(100),
  response: pageOf(myAnswerSchema),
});
