import { z } from 'zod';
import { LICENCE_KINDS, REPORT_TYPES, SCALE_KINDS, scaleDefinitionSchema } from '@psy/scoring';
import { boundedPageQuery, dateTimeSchema, optionalQueryInt } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';

/**
 * The scale library (docs/assessment.md "The scale library"; spec S1.2.13 report types, S1.7 `GET
 * /scale/scale/tree` and the questionnaire calls). The spec names the tree and the questionnaire calls;
 * the rest is ours.
 */

/** Largest XLSX scale workbook accepted. */
export const SCALE_XLSX_MAX_BYTES = 5 * 1024 * 1024;

/** Text of a record: trimmed, at most `max` characters; line breaks and tabs kept, other control characters refused. */
export const recordText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((v) => !/\p{Cc}/u.test(v.replace(/[\t\n\r]/g, '')), 'must not contain control characters');

export const textPairSchema = z.object({ zh: z.string(), en: z.string() });

export const scaleSummarySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  version: z.number().int(),
  name: z.string().describe("in the caller's language"),
  nameZh: z.string(),
  nameEn: z.string(),
  shortName: z.string(),
  kind: z.enum(SCALE_KINDS).describe('scale (scored) or questionnaire (unscored survey)'),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  reportType: z.enum(REPORT_TYPES),
  licenceKind: z.enum(LICENCE_KINDS),
  licenceNote: z.string(),
  source: z
    .enum(['builtin', 'import'])
    .describe('builtin: shipped with the platform; import: a school imported it'),
  itemCount: z.number().int(),
  status: z.number().int().describe('1 enabled (may be added to plans), 0 disabled'),
  createTime: dateTimeSchema,
});
export type ScaleSummary = z.infer<typeof scaleSummarySchema>;

const kindQuery = z.preprocess((v) => (v === '' ? undefined : v), z.enum(SCALE_KINDS).optional());

export const scaleTreeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/scale/scale/tree',
  summary: 'Categories with their enabled scales (spec S1.7): the scale picker of plans and pushes',
  tags: ['assessment-scales'],
  query: z.object({
    kind: kindQuery.describe('only scales or only questionnaires'),
    evaluationType: optionalQueryInt(0, 1).describe(
      '1 for the cadre evaluation product (spec S0.7); no effect yet',
    ),
  }),
  response: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      kind: z.enum(SCALE_KINDS),
      children: z.array(
        z.object({
          id: z.number().int(),
          code: z.string(),
          version: z.number().int(),
          name: z.string(),
          shortName: z.string(),
          reportType: z.enum(REPORT_TYPES),
          itemCount: z.number().int(),
        }),
      ),
    }),
  ),
});

export const scalePageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/scale/scale/page',
  summary: "A page of the school's scales, disabled ones included",
  tags: ['assessment-scales'],
  body: boundedPageQuery(100).extend({
    categoryId: idSchema.optional(),
    name: z.string().trim().max(50).optional().describe('part of the name, short name or code'),
    kind: z.enum(SCALE_KINDS).optional(),
    status: z.union([z.literal(0), z.literal(1)]).optional(),
    source: z.enum(['builtin', 'import']).optional(),
  }),
  response: pageOf(scaleSummarySchema),
});

export const scaleDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/scale/scale/detail',
  summary: 'One scale with its whole definition',
  tags: ['assessment-scales'],
  query: z.object({ id: idSchema }),
  response: scaleSummarySchema.extend({ definition: scaleDefinitionSchema }),
});

export const scaleImportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/scale/scale/import',
  summary:
    'Imports a scale definition given as JSON (a new code, or a new version of one); 400 naming the path of what is wrong',
  tags: ['assessment-scales'],
  body: z.object({
    definition: scaleDefinitionSchema,
    categoryId: idSchema
      .optional()
      .describe("the tree category; default: the one the definition's category code names"),
  }),
  response: scaleSummarySchema,
});

/**
 * `POST /scale/scale/importXlsx` (multipart/form-data): `file`, an XLSX workbook in the layout of
 * `@psy/scoring` `SHEET_HEADERS` (what `export?format=xlsx` writes), at most SCALE_XLSX_MAX_BYTES;
 * `categoryId` optional.
 */
export const scaleImportXlsxEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/scale/scale/importXlsx',
  summary: 'Imports a scale definition from an XLSX workbook (part `file`); 400 naming the sheet entry',
  tags: ['assessment-scales'],
  bodyType: 'multipart',
  body: z.object({ categoryId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()) }),
  response: scaleSummarySchema,
});

export const scaleExportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/scale/scale/export',
  summary: 'A scale definition as a JSON or XLSX file (licensed instruments: what the school imported)',
  tags: ['assessment-scales'],
  query: z.object({ id: idSchema, format: z.enum(['json', 'xlsx']).default('json') }),
  response: null,
  produces: 'application/octet-stream',
});

export const scaleStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/scale/scale/status',
  summary:
    'Enables or disables a scale (a disabled scale cannot be added to a plan; plans that have it go on)',
  tags: ['assessment-scales'],
  body: z.object({
    id: idSchema,
    status: z.union([z.literal(0), z.literal(1)], { message: 'must be 0 or 1' }),
  }),
  response: scaleSummarySchema,
});

/**
 * Why a scale cannot be removed, in the caller's language. `plans` is the list of the plans that use it
 * (quoted names, at most three, then "and N more").
 */
export const SCALE_MESSAGES = {
  builtin: {
    'zh-CN': '内置量表不能删除，可将其停用',
    'en-US': 'a built-in scale cannot be removed; disable it instead',
  },
  inUse: {
    'zh-CN': '测评计划{{plans}}正在使用该量表，不能删除；可将其停用（停用后不能再加入计划）',
    'en-US':
      'the assessment plan(s) {{plans}} use this scale, so it cannot be removed; disable it instead (a disabled scale cannot be added to a plan)',
  },
  more: { 'zh-CN': '等 {{count}} 个', 'en-US': ' and {{count}} more' },
} as const;

export const scaleDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/scale/scale/delete',
  summary:
    'Removes an imported scale that no plan uses (built-in scales are disabled, not removed); a scale in use is refused (code 1) naming the plans, with data.plans [{id, name}] and data.planCount',
  tags: ['assessment-scales'],
  body: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});

export const reportTypesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/scale/scale/reportTypes',
  summary: 'Report types (spec S1.2.13) with their licence and what the platform ships for each',
  tags: ['assessment-scales'],
  response: z.array(
    z.object({
      code: z.enum(REPORT_TYPES),
      name: z.string(),
      licence: z.enum(LICENCE_KINDS),
      shipped: z.string().nullable().describe('codes of the built-in scales of this type; null: import only'),
      note: z.string(),
    }),
  ),
});

export const scaleCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(SCALE_KINDS),
  sort: z.number().int(),
});

export const scaleCategoryListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/scale/category/list',
  summary: 'Categories of the scale tree',
  tags: ['assessment-scales'],
  query: z.object({ kind: kindQuery }),
  response: z.array(scaleCategorySchema),
});

export const questionnaireTypesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/questionnaire/info/questionnaireTypes',
  summary: 'Questionnaire types (the categories of unscored questionnaires; spec S1.7 supervision pushes)',
  tags: ['assessment-scales'],
  response: z.array(scaleCategorySchema),
});

export const questionnaireInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/questionnaire/info',
  summary: 'Enabled questionnaires, optionally of one type (spec S1.7 supervision pushes)',
  tags: ['assessment-scales'],
  query: z.object({ typeId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()) }),
  response: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      version: z.number().int(),
      name: z.string(),
      typeId: z.number().int().nullable(),
      itemCount: z.number().int(),
    }),
  ),
});

export const userQuestionnairePendingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/questionnaire/plan/userQuestionnairePending',
  summary: "The caller's pending questionnaires (plans of open questionnaires not yet answered): the count",
  tags: ['assessment-plans'],
  response: z.object({ total: z.number().int() }),
});
