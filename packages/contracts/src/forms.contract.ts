import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';
import { downloadTaskSchema } from './downloads.contract';
import type { PermissionKey } from './permissions';

/**
 * The form engine's calls (spec S0.7.19 "Forms (public)", S0.7.20 "Smart form"; docs/forms.md, server
 * section). Form definitions travel as JSON: their schema is `@psy/forms` (`validFormDefinitionSchema`),
 * which the contracts do not depend on, so they are loose here and checked by the server on save.
 */

/** What a form is used for: the business module that picks it (docs/forms.md). */
export const FORM_PURPOSES = [
  'agreement',
  'user_profile',
  'case_record',
  'case_closing',
  'crisis_report',
  'first_interview',
  'intake',
  'questionnaire',
  'other',
] as const;
export type FormPurpose = (typeof FORM_PURPOSES)[number];
export const formPurposeSchema = z.enum(FORM_PURPOSES);

/** A text in both languages (form and type names, column labels). */
export const formLocalizedTextSchema = z.object({
  'zh-CN': z.string().trim().min(1, 'required').max(200, 'at most 200 characters'),
  'en-US': z.string().trim().min(1, 'required').max(200, 'at most 200 characters'),
});
export type FormLocalizedText = z.infer<typeof formLocalizedTextSchema>;

/**
 * A form definition version as JSON (`@psy/forms` `FormDefinition`): `id` (the form id as text),
 * `version`, `name`, `columns` (each column object kept whole).
 */
export const formDefinitionJsonSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  name: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  columns: z.array(z.record(z.string(), z.unknown())),
});
export type FormDefinitionJson = z.infer<typeof formDefinitionJsonSchema>;

/** An answer map (S0.3.34): props and companion keys to values. */
export const formAnswerMapSchema = z.record(z.string(), z.unknown());
export type FormAnswerMap = z.infer<typeof formAnswerMapSchema>;

// ---------------------------------------------------------------------------------------------------
// Form types

export const formTypeSchema = z.object({
  id: z.number().int(),
  name: formLocalizedTextSchema,
  sort: z.number().int(),
  formCount: z.number().int().describe('forms of this type'),
  createTime: dateTimeSchema,
});
export type FormType = z.infer<typeof formTypeSchema>;

export const formTypePageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/forms/type',
  summary: 'Form types, paged, by sort order',
  tags: ['forms'],
  query: boundedPageQuery(100).extend({
    name: z.string().trim().max(50).optional().describe('part of the name, either language'),
  }),
  response: pageOf(formTypeSchema),
});

export const formTypeAllEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/forms/type/all',
  summary: 'All form types, by sort order',
  tags: ['forms'],
  response: z.array(formTypeSchema),
});

export const saveFormTypeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/forms/type',
  summary: 'Creates (no id) or renames a form type (builder; not named by the spec)',
  tags: ['forms'],
  body: z.object({
    id: idSchema.optional(),
    name: formLocalizedTextSchema,
    sort: z.coerce.number().int().min(0).max(9999).default(0),
  }),
  response: formTypeSchema,
});

// ---------------------------------------------------------------------------------------------------
// Forms and versions

export const formSummarySchema = z.object({
  id: z.number().int(),
  typeId: z.number().int().nullable(),
  typeName: formLocalizedTextSchema.nullable(),
  purpose: formPurposeSchema,
  name: formLocalizedTextSchema,
  currentVersion: z.number().int().describe('the version new answers are written against'),
  enabled: z.boolean(),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema.describe('when the current version was saved'),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

const formFilterFields = {
  typeId: idSchema.optional(),
  purpose: formPurposeSchema.optional(),
  name: z.string().trim().max(50).optional().describe('part of the name, either language'),
};

export const formPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/forms/ite',
  summary: 'Forms, paged, last saved first',
  tags: ['forms'],
  query: boundedPageQuery(100).extend(formFilterFields),
  response: pageOf(formSummarySchema),
});

export const formAllEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/forms/ite/all',
  summary: 'All forms matching the filters (at most 1000), last saved first',
  tags: ['forms'],
  query: z.object(formFilterFields),
  response: z.array(formSummarySchema),
});

export const formsOfTypeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/forms/type/form/:id',
  summary: 'The forms of one type',
  tags: ['forms'],
  params: z.object({ id: idSchema.describe('form type id') }),
  response: z.array(formSummarySchema),
});

export const saveFormEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/forms/ite',
  summary:
    'Builder save: validates the definition and writes it as a NEW version (old versions are never edited)',
  tags: ['forms'],
  body: z.object({
    id: idSchema.optional().describe('the form; absent: a new form (version 1)'),
    typeId: idSchema.nullish(),
    purpose: formPurposeSchema.default('other'),
    name: formLocalizedTextSchema,
    enabled: z.boolean().default(true),
    columns: z
      .array(z.record(z.string(), z.unknown()))
      .max(500, 'at most 500 columns')
      .describe('the definition columns (@psy/forms FormColumn), checked with validFormDefinitionSchema'),
  }),
  response: z.object({ form: formSummarySchema, definition: formDefinitionJsonSchema }),
});

/** Who the caller is towards an answer or a form: what the renderer may offer (server-enforced too). */
export const formAccessSchema = z.object({
  canView: z.boolean(),
  canEdit: z.boolean(),
  /** Role codes the viewer evaluates with (`visibleCharacters`, signatures; `@psy/forms` Viewer). */
  roleCodes: z.array(z.string()),
  /** Personal values (realName, phone, idCard columns) arrive masked. */
  masked: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------
// Answers

/** Answer status: 1 submitted, 0 recalled (withdrawn by its author, kept with its editions). */
export const FORM_ANSWER_STATUS = { recalled: 0, submitted: 1 } as const;

export const formAnswerSchema = z.object({
  id: z.number().int(),
  formId: z.number().int(),
  formVersion: z.number().int().describe('the definition version this answer renders with'),
  userId: z.number().int().describe('whom the answer is about (the subject)'),
  eventSign: z.string().describe('business key: which event/record the answer belongs to'),
  answer: formAnswerMapSchema.describe("redacted for the viewer's roles, personal values masked"),
  signed: z.boolean().describe('a signature is given: changes only by amendment'),
  status: z.number().int().describe('1 submitted, 0 recalled'),
  edition: z.number().int().describe('number of the latest edition (1 = first save)'),
  amendmentCount: z.number().int(),
  createBy: z.number().int(),
  createByName: z.string(),
  createTime: dateTimeSchema,
  updateBy: z.number().int(),
  updateByName: z.string(),
  updateTime: dateTimeSchema,
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;

export const formViewSchema = z.object({
  form: formSummarySchema,
  definition: formDefinitionJsonSchema.describe("the latest version, or the answer's own version"),
  answer: formAnswerSchema.nullable(),
  access: formAccessSchema,
});
export type FormView = z.infer<typeof formViewSchema>;

const answerLookupFields = {
  answerId: idSchema.optional().describe('the answer'),
  formId: idSchema.optional().describe('with eventSign (and userId): the answer of that event'),
  eventSign: z.string().trim().max(200).optional(),
  userId: idSchema.optional().describe('the subject; default the caller'),
};

export const formViewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/forms/ite/view',
  summary:
    'A form to fill or view: the latest version, the version of the given answer (with that answer), or the given version',
  tags: ['forms'],
  query: z
    .object({
      id: idSchema.optional().describe('form id (latest version)'),
      ...answerLookupFields,
      version: z.coerce
        .number()
        .int()
        .positive()
        .optional()
        .describe("that definition version instead of the latest or the answer's own (an old edition)"),
    })
    .refine((q) => q.id !== undefined || q.answerId !== undefined || q.formId !== undefined, {
      message: 'give id, formId or answerId',
      path: ['id'],
    }),
  response: formViewSchema,
});

export const formAnswerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/forms/inner/forms/answer',
  summary: 'One answer with its version: by answerId, or by formId + eventSign (+ userId); null if none',
  tags: ['forms'],
  body: z
    .object(answerLookupFields)
    .refine((q) => q.answerId !== undefined || (q.formId !== undefined && q.eventSign !== undefined), {
      message: 'give answerId, or formId and eventSign',
      path: ['answerId'],
    }),
  response: formAnswerSchema.nullable(),
});

/** How an edition came to be. */
export const FORM_EDITION_KINDS = ['create', 'edit', 'amendment', 'recall'] as const;
export const formEditionKindSchema = z.enum(FORM_EDITION_KINDS);

export const formAmendmentChangeSchema = z.object({
  key: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  fromLabel: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
  toLabel: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
});

export const formEditionSummarySchema = z.object({
  edition: z.number().int().describe('1, 2, ... in save order'),
  answerId: z.number().int(),
  formVersion: z.number().int(),
  kind: formEditionKindSchema,
  reason: z.string().nullable().describe('amendment or recall reason'),
  changedKeys: z.array(z.string()),
  createBy: z.number().int(),
  createByName: z.string(),
  createTime: dateTimeSchema,
});
export type FormEditionSummary = z.infer<typeof formEditionSummarySchema>;

export const formEditionSchema = formEditionSummarySchema.extend({
  answer: formAnswerMapSchema.describe('the answer as saved in this edition (redacted, masked)'),
  original: formAnswerMapSchema
    .nullable()
    .describe('amendments: the signed answer as it was before, kept whole (redacted, masked)'),
  changes: z.array(formAmendmentChangeSchema).describe('amendments: each changed key with labels'),
});
export type FormEdition = z.infer<typeof formEditionSchema>;

export const formAnswerEditionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/forms/inner/forms/answer/edition',
  summary: 'One saved edition of an answer (every saved version stays retrievable)',
  tags: ['forms'],
  query: z.object({
    answerId: idSchema,
    edition: z.coerce.number().int().min(1).optional().describe('absent: the latest'),
  }),
  response: formEditionSchema,
});

export const formAnswerHistoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/forms/inner/forms/:id/history',
  summary: 'The editions of an answer, newest first (multipart or form fields accepted; no file parts)',
  tags: ['forms'],
  params: z.object({ id: idSchema.describe('answer id') }),
  body: z.object({}).optional(),
  response: z.array(formEditionSummarySchema),
});

export const saveFormAnswerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/forms/answer/save',
  summary:
    'Saves an answer: validated with the form engine, cleaned, kept with its history; a signed answer changes only by amendment (reason)',
  tags: ['forms'],
  body: z.object({
    formId: idSchema,
    eventSign: z
      .string()
      .trim()
      .min(1, 'required')
      .max(200, 'at most 200 characters')
      .describe('business key of the event the answer belongs to'),
    userId: idSchema.optional().describe('the subject; default the caller'),
    answers: z
      .union([z.string().max(2_000_000, 'too large'), formAnswerMapSchema])
      .describe('the answer map as JSON text (an object is accepted too)'),
    reason: z
      .string()
      .trim()
      .max(1000, 'at most 1000 characters')
      .optional()
      .describe('required when the stored answer is signed (amendment reason)'),
  }),
  response: z.object({
    outcome: z.enum(['created', 'edited', 'amended', 'unchanged']),
    answer: formAnswerSchema,
  }),
});

export const recallFormAnswerEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/forms/answer/recall',
  summary:
    'Withdraws an unsigned answer (its author or a role with edit permission); kept with its editions, a later save reopens it',
  tags: ['forms'],
  body: z.object({
    id: idSchema.describe('answer id'),
    reason: z.string().trim().max(1000, 'at most 1000 characters').optional(),
  }),
  response: formAnswerSchema,
});

export const downloadFormFileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/download/downloadFile/:file',
  summary: 'A file stored in an answer (e.g. a signature image), only to who may see that answer',
  tags: ['forms'],
  params: z.object({
    file: z
      .string()
      .max(300)
      .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, 'not a file key')
      .describe('the stored file key as it appears in the answer (slashes URL-encoded as %2F)'),
  }),
  body: z.object({ answerId: idSchema.describe('the answer that holds the file') }),
  response: null,
  produces: 'application/octet-stream',
});

/** File formats of the answer export: a sheet (one row per answer) or a ZIP of one Word file per answer. */
export const FORM_ANSWER_EXPORT_FORMATS = ['xlsx', 'csv', 'zip'] as const;
export type FormAnswerExportFormat = (typeof FORM_ANSWER_EXPORT_FORMATS)[number];

export const exportFormAnswersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/forms/answer/export',
  summary:
    "Export a form's answers (XLSX, CSV, or a ZIP of Word files) as a download task (see /biz/download/taskProgress)",
  tags: ['forms'],
  body: z
    .object({
      formId: idSchema.describe('the form'),
      format: z.enum(FORM_ANSWER_EXPORT_FORMATS).describe('xlsx, csv, or zip (one .docx per answer)'),
      eventSign: z.string().trim().max(200).optional().describe('only the answers of this event'),
      from: dateSchema.optional().describe('answers last saved on or after this day (China time)'),
      to: dateSchema.optional().describe('answers last saved on or before this day (China time)'),
    })
    .refine((b) => !b.from || !b.to || b.from <= b.to, {
      message: 'must not be before from',
      path: ['to'],
    }),
  response: downloadTaskSchema,
});

// ---------------------------------------------------------------------------------------------------
// Smart form (S0.7.20): which form serves which business use, grading, results

/** Business uses a smart form setting binds a form to (one setting per code and school). */
export const SMART_FORM_CODES = FORM_PURPOSES;
export const smartFormSettingSchema = z.object({
  code: formPurposeSchema,
  formId: z.number().int().nullable(),
  formName: formLocalizedTextSchema.nullable(),
  enabled: z.boolean(),
  gradeMode: z.enum(['star', 'level']).describe('how grade columns are shown: stars 1-4 or levels A-D'),
  updateTime: dateTimeSchema.nullable(),
});
export type SmartFormSetting = z.infer<typeof smartFormSettingSchema>;

export const findSmartFormSettingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/smartform/findSetting',
  summary: 'Smart form settings: the form bound to each business use (all codes, or one)',
  tags: ['forms'],
  query: z.object({ code: formPurposeSchema.optional() }),
  response: z.array(smartFormSettingSchema),
});

export const saveSmartFormSettingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/smartform/saveSetting',
  summary: 'Binds a form to a business use',
  tags: ['forms'],
  body: z.object({
    code: formPurposeSchema,
    formId: idSchema.nullable(),
    enabled: z.boolean().default(true),
    gradeMode: z.enum(['star', 'level']).default('level'),
  }),
  response: smartFormSettingSchema,
});

export const gradeResultSchema = z.object({
  gradeResult_result: z.union([z.literal(0), z.literal(1)]).describe('1 consistent, 0 inconsistent'),
  grade: z.number().int(),
  systemGrade: z
    .number()
    .int()
    .nullable()
    .describe('grade the latest scale result suggests (1 high risk, 2 medium, 3 low); null without one'),
  score: z.number().nullable(),
  scaleName: z.string().nullable(),
  explanationRequired: z.boolean().describe('gradingResultsDesc is required (inconsistent)'),
});
export type GradeResult = z.infer<typeof gradeResultSchema>;

export const gradeResultCalcEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/smartform/gradeResultCalc',
  summary:
    "Whether a chosen grade (1-4) agrees with the subject's latest scale result (S0.4.10, risk bands S0.9.3)",
  tags: ['forms'],
  query: z.object({
    userId: idSchema.describe('the subject'),
    grade: z.coerce.number().int().min(1).max(4),
  }),
  response: gradeResultSchema,
});

export const formResultItemSchema = z.object({
  answerId: z.number().int(),
  formId: z.number().int(),
  formName: formLocalizedTextSchema,
  purpose: formPurposeSchema,
  formVersion: z.number().int(),
  userId: z.number().int(),
  eventSign: z.string(),
  status: z.number().int(),
  signed: z.boolean(),
  edition: z.number().int(),
  updateTime: dateTimeSchema,
});
export type FormResultItem = z.infer<typeof formResultItemSchema>;

export const smartFormResultEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/smartform/result',
  summary: 'The answers (results) of one event the caller may view, newest first',
  tags: ['forms'],
  body: z.object({
    eventSign: z.string().trim().min(1, 'required').max(200),
    userId: idSchema.optional(),
    formId: idSchema.optional(),
  }),
  response: z.array(formResultItemSchema),
});

export const scaleResultSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  scaleName: z.string(),
  score: z.number(),
  riskGrade: z.number().int().describe('1 high (80+), 2 medium (60-79), 3 low (below 60)'),
  eventSign: z.string().nullable(),
  createTime: dateTimeSchema,
});
export type ScaleResult = z.infer<typeof scaleResultSchema>;

export const saveScaleResultEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/smartform/saveScaleResult',
  summary: "Records a scale's score for a subject (input to gradeResultCalc)",
  tags: ['forms'],
  body: z.object({
    userId: idSchema,
    scaleName: z.string().trim().min(1, 'required').max(100, 'at most 100 characters'),
    score: z.coerce.number().min(0).max(100).describe('0-100; 80+ high risk, 60-79 medium, below 60 low'),
    eventSign: z.string().trim().max(200).optional(),
  }),
  response: scaleResultSchema,
});

/** Permission keys of the form builder (seed catalogue, SYSTEM product). */
export const FORM_PERMISSIONS = { menu: 'sys_form', edit: 'admin_form_edit' } as const satisfies Record<
  string,
  PermissionKey
>;
