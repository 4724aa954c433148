import { z } from 'zod';
import { REPORT_TYPES } from '@psy/scoring';
import { boundedPageQuery, dateTimeSchema } from './common';
import { downloadTaskSchema } from './downloads.contract';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { textPairSchema } from './assessment-scales.contract';
import { resultSummarySchema } from './assessment-plans.contract';

/**
 * Results, reports, the comprehensive analysis and warnings (docs/assessment.md "Results and reports",
 * "Warnings"; spec S1.2.2, S1.2.3, S1.2.8, S1.2.10, the risk bands of S0.9.3). Paths are ours.
 */

const targetSchema = z.string().describe('total, totalMean, index, positiveItems or factor:<code>');
const bandHitSchema = z.object({
  target: targetSchema,
  value: z.number(),
  level: z.number().int(),
  label: textPairSchema,
  interpretation: textPairSchema,
});

/** A scored answer's result (`ScaleResult` of @psy/scoring). */
export const scoredResultSchema = z.object({
  scaleCode: z.string(),
  scaleVersion: z.number().int(),
  normId: z.string().nullable(),
  itemCount: z.number().int(),
  total: z.number().nullable(),
  totalMean: z.number().nullable(),
  index: z.number().nullable(),
  positiveItems: z.number().int().nullable(),
  positiveMean: z.number().nullable(),
  factors: z.array(
    z.object({
      code: z.string(),
      name: textPairSchema,
      raw: z.number(),
      mean: z.number(),
      score: z.number(),
      z: z.number().nullable(),
      t: z.number().nullable(),
      band: bandHitSchema.nullable(),
    }),
  ),
  standard: z.array(
    z.object({
      target: targetSchema,
      value: z.number(),
      z: z.number(),
      t: z.number(),
      normMean: z.number(),
      normSd: z.number(),
    }),
  ),
  bands: z.array(bandHitSchema),
  level: z.number().int(),
  screens: z.array(z.object({ code: z.string(), label: textPairSchema, positive: z.boolean() })),
  screenPositive: z.boolean(),
  critical: z.array(
    z.object({
      item: z.number().int(),
      value: z.number().int(),
      itemText: textPairSchema,
      optionLabel: textPairSchema,
      reason: textPairSchema,
    }),
  ),
  riskScore: z.number().nullable().describe('0-100'),
  riskGrade: z.number().int().nullable().describe('S0.9.3: 1 high (80 and up), 2 medium (60-79), 3 low'),
  profileCode: z.string().nullable(),
});

export const answerRowSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  scaleId: z.number().int(),
  scaleName: z.string(),
  anonymous: z.boolean(),
  userId: z.number().int().nullable().describe('null in anonymous plans'),
  realName: z.string().nullable(),
  numberName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  grade: z.string().nullable(),
  sex: z.number().int().nullable(),
  attempt: z.number().int(),
  total: z.number().nullable(),
  index: z.number().nullable(),
  riskScore: z.number().nullable(),
  riskGrade: z.number().int().nullable(),
  level: z.number().int(),
  levelLabel: z.string().nullable().describe("the band of the total or index, in the caller's language"),
  screenPositive: z.boolean(),
  critical: z.boolean(),
  warning: z.boolean(),
  submitTime: dateTimeSchema.describe('anonymous plans: the start of the day only'),
});
export type AnswerRow = z.infer<typeof answerRowSchema>;

const answerFilter = {
  planId: idSchema.optional(),
  scaleId: idSchema.optional(),
  deptId: idSchema.optional().describe('a department and its subtree'),
  grade: z.string().trim().max(20).optional(),
  sex: z.union([z.literal(1), z.literal(2)]).optional(),
  riskGrade: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  screenPositive: z.boolean().optional(),
  warning: z.boolean().optional(),
  name: z.string().trim().max(50).optional().describe('part of the name or number'),
};

export const answerPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/answer/page',
  summary: 'Raw answer records (/evaluationAnswerlist), newest first; every named row read is access-logged',
  tags: ['assessment-results'],
  body: boundedPageQuery(200).extend(answerFilter),
  response: pageOf(answerRowSchema),
});

export const answerDetailSchema = answerRowSchema.extend({
  items: z.array(
    z.object({
      no: z.number().int(),
      text: textPairSchema,
      value: z.number().int(),
      optionLabel: textPairSchema,
      score: z.number(),
    }),
  ),
  result: scoredResultSchema,
});

export const answerDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/answer/detail',
  summary: 'One answer with every item and the value picked (access-logged)',
  tags: ['assessment-results'],
  query: z.object({ id: idSchema }),
  response: answerDetailSchema,
});

export const answerExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/answer/export',
  summary: "Exports a plan's answers of one scale as XLSX (one column per item) through the job queue",
  tags: ['assessment-results'],
  body: z.object({ planId: idSchema, scaleId: idSchema }),
  response: downloadTaskSchema,
});

export const dailyUserPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/answer/dailyUserPage',
  summary: 'People who answered daily plans, with their latest answer (/dailyTestUser)',
  tags: ['assessment-results'],
  body: boundedPageQuery(100).extend({
    name: z.string().trim().max(50).optional(),
    deptId: idSchema.optional(),
  }),
  response: pageOf(
    z.object({
      userId: z.number().int(),
      realName: z.string(),
      numberName: z.string().nullable(),
      deptName: z.string().nullable(),
      answers: z.number().int(),
      lastSubmitTime: dateTimeSchema,
      lastRiskGrade: z.number().int().nullable(),
    }),
  ),
});

export const recordPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/answer/recordPage',
  summary: "One person's answers over time (/evaluationRecord); access-logged",
  tags: ['assessment-results'],
  body: boundedPageQuery(100).extend({ userId: idSchema }),
  response: pageOf(answerRowSchema),
});

export const individualReportSchema = z.object({
  answer: answerRowSchema,
  scale: z.object({
    code: z.string(),
    version: z.number().int(),
    name: textPairSchema,
    reportType: z.enum(REPORT_TYPES),
    chart: z.enum(['bar', 'radar', 'line']),
  }),
  result: scoredResultSchema,
  normPopulation: textPairSchema.nullable(),
  chart: z
    .object({
      categories: z.array(textPairSchema).describe('factor names'),
      scores: z.array(z.number()),
      tScores: z.array(z.number().nullable()),
      normMeans: z.array(z.number().nullable()),
    })
    .describe('the factor profile, ready for an ECharts bar or radar series'),
});

export const individualReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/report/individual',
  summary: 'The individual report of an answer per report type (/evaluationReport); access-logged',
  tags: ['assessment-results'],
  query: z.object({ answerId: idSchema }),
  response: individualReportSchema,
});

export const individualReportPdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/report/individualPdf',
  summary: 'The individual report as a PDF file; access-logged',
  tags: ['assessment-results'],
  query: z.object({ answerId: idSchema }),
  response: null,
  produces: 'application/pdf',
});

export const myReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/userPlan/myReport',
  summary: "The caller's own report, as far as the plan lets them see it (403 when it does not)",
  tags: ['assessment-plans'],
  query: z.object({ answerId: idSchema }),
  response: z.object({
    resultVisibility: z.number().int(),
    summary: resultSummarySchema,
    report: individualReportSchema.nullable().describe('resultVisibility 2'),
  }),
});

export const GROUP_BY = ['dept', 'grade', 'sex'] as const;
export type GroupBy = (typeof GROUP_BY)[number];

/** Cells of fewer people than this are suppressed in anonymous plans. */
export const ANONYMOUS_MIN_CELL = 5;

const statsSchema = z.object({
  count: z.number().int(),
  totalMean: z.number().nullable(),
  totalSd: z.number().nullable(),
  indexMean: z.number().nullable(),
  riskMean: z.number().nullable(),
  high: z.number().int().describe('risk grade 1 (S0.9.3)'),
  medium: z.number().int(),
  low: z.number().int(),
  screenPositive: z.number().int(),
  warnings: z.number().int(),
  critical: z.number().int(),
  factors: z.array(
    z.object({
      code: z.string(),
      mean: z.number().nullable(),
      sd: z.number().nullable(),
      atLeast2: z.number().int().describe('answers with this factor score 2 or more (SCL-90 style)'),
    }),
  ),
});

const comprehensiveQuery = z.object({
  planId: idSchema,
  scaleId: idSchema,
  groupBy: z.enum(GROUP_BY).default('dept'),
});

export const comprehensiveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/report/comprehensive',
  summary:
    'Comprehensive analysis of a plan and scale by department, grade or gender (/comprehensiveAnalysis), in SQL',
  tags: ['assessment-results'],
  body: comprehensiveQuery,
  response: z.object({
    planId: z.number().int(),
    scaleId: z.number().int(),
    groupBy: z.enum(GROUP_BY),
    factors: z.array(z.object({ code: z.string(), name: textPairSchema })),
    all: statsSchema,
    groups: z.array(statsSchema.extend({ key: z.string(), label: z.string() })),
    suppressed: z.number().int().describe('groups hidden because they are smaller than 5 (anonymous plans)'),
  }),
});

export const comprehensiveExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/report/comprehensiveExport',
  summary: 'The comprehensive analysis as an XLSX file through the job queue',
  tags: ['assessment-results'],
  body: comprehensiveQuery,
  response: downloadTaskSchema,
});

export const drillAnswerPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/report/drillAnswerPage',
  summary: 'The answers of one cell of the analysis (/tzbEvaluationAnswerlist)',
  tags: ['assessment-results'],
  body: boundedPageQuery(200).extend({
    planId: idSchema,
    scaleId: idSchema,
    groupBy: z.enum(GROUP_BY),
    key: z.string().max(40).describe('the group key of the analysis'),
    riskGrade: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
    screenPositive: z.boolean().optional(),
    warning: z.boolean().optional(),
  }),
  response: pageOf(answerRowSchema),
});

export const drillDataPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/report/drillDataPage',
  summary: 'The answers of one group at or above a factor score (/tzbDataDeepList)',
  tags: ['assessment-results'],
  body: boundedPageQuery(200).extend({
    planId: idSchema,
    scaleId: idSchema,
    groupBy: z.enum(GROUP_BY),
    key: z.string().max(40),
    factor: z.string().max(40),
    minScore: z.number().finite().default(2),
  }),
  response: pageOf(answerRowSchema.extend({ factorScore: z.number() })),
});

// --- warnings ------------------------------------------------------------------------------------------

export const WARNING_STATUS = { new: 1, inProgress: 2, closed: 3, handedOver: 4 } as const;

export const warningSchema = z.object({
  id: z.number().int(),
  level: z.number().int().describe('1 critical item (someone now), 2 high risk or positive screen'),
  status: z.number().int().describe('1 new, 2 in progress, 3 closed, 4 handed over to crisis'),
  reasons: z.array(
    z.object({
      kind: z.enum(['critical', 'highRisk', 'screenPositive']),
      item: z.number().int().nullable(),
      itemText: textPairSchema.nullable(),
      optionLabel: textPairSchema.nullable(),
      text: textPairSchema,
    }),
  ),
  answerId: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  scaleName: z.string(),
  anonymous: z.boolean(),
  userId: z.number().int().nullable(),
  realName: z.string().nullable(),
  numberName: z.string().nullable(),
  deptName: z.string().nullable(),
  riskScore: z.number().nullable(),
  createTime: dateTimeSchema,
  deliveredTime: dateTimeSchema.nullable().describe('when the hand-over took it'),
  handedTo: z.string().nullable().describe("'message' (crisis roles' inbox) or 'crisis' (the crisis intake)"),
  handleUserName: z.string().nullable(),
  handleTime: dateTimeSchema.nullable(),
  handleNote: z.string().nullable(),
});
export type AssessmentWarning = z.infer<typeof warningSchema>;

export const warningPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/warning/page',
  summary: 'Warnings, open ones first (critical first), then newest',
  tags: ['assessment-warnings'],
  body: boundedPageQuery(100).extend({
    status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
    open: z.boolean().optional().describe('only new and in progress'),
    level: z.union([z.literal(1), z.literal(2)]).optional(),
    planId: idSchema.optional(),
  }),
  response: pageOf(warningSchema),
});

export const warningDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/warning/detail',
  summary: 'One warning with the answer that raised it (access-logged)',
  tags: ['assessment-warnings'],
  query: z.object({ id: idSchema }),
  response: warningSchema,
});

export const warningHandleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/plantest/warning/handle',
  summary: 'Takes a warning in hand (2) or closes it (3, a note is required)',
  tags: ['assessment-warnings'],
  body: z.object({
    id: idSchema,
    status: z.union([z.literal(2), z.literal(3)], { message: 'must be 2 (in progress) or 3 (closed)' }),
    note: z.string().trim().max(1000).optional(),
  }),
  response: warningSchema,
});

export const warningPendingCountEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/warning/pendingCount',
  summary: 'Open warnings the caller may see',
  tags: ['assessment-warnings'],
  response: z.object({ total: z.number().int(), critical: z.number().int() }),
});
