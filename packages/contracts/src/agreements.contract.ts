import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';

/** Setting code of the start-up agreement (spec S0.3.12). */
export const AGREEMENT_SETTING_CODE = 'agreementSetting';
/** Form name the start-up agreement is saved under when the setting names none. */
export const DEFAULT_AGREEMENT_FORM_NAME = 'startupAgreement';

const agreementTextSchema = z.object({ title: z.string(), content: z.string() });

/**
 * `value` of the agreementSetting record (its `enable` flag switches the dialog on). `title`/`content` are
 * the default text; `locales` may give the text per language (`zh-CN`, `en-US`).
 */
export const agreementSettingValueSchema = z.object({
  userRoleId: z.array(z.coerce.number().int()).default([]).describe('roles that must agree'),
  formName: z.string().min(1).max(100).optional().describe('form name the agreement is saved under'),
  title: z.string().default(''),
  content: z.string().default(''),
  locales: z.record(z.string(), agreementTextSchema).optional(),
});
export type AgreementSettingValue = z.infer<typeof agreementSettingValueSchema>;

export const myAgreementSchema = z.object({
  mustAgree: z
    .boolean()
    .describe('show the agreement dialog: setting enabled, one of the user roles listed, not yet agreed'),
  agreed: z.boolean().describe('the user has agreed to this form'),
  agreedAt: dateTimeSchema.nullable(),
  formName: z.string().describe('send this as formName when saving the agreement'),
  title: z.string().describe("in the caller's language when the setting has it"),
  content: z.string().describe('agreement text: plain text, paragraphs separated by blank lines'),
  form: z
    .object({
      formId: z.number().int().describe('render its latest version (GET /biz/public/forms/ite/view)'),
    })
    .nullable()
    .describe(
      "the school's agreement form (smart-form setting 'agreement', bound and switched on), or null: the dialog " +
        'then shows the text only. With a form, its answer is saved first (eventSign agreement:<userId>), ' +
        'then the agreement with formId and formAnswerId',
    ),
});

/** The eventSign the start-up agreement form's answer is saved under: one answer per user. */
export const agreementEventSign = (userId: number) => `agreement:${userId}`;

export const myAgreementEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/agreement/mine',
  summary: 'Whether the signed-in user must still agree to the start-up agreement, and its text',
  tags: ['agreements'],
  response: myAgreementSchema,
});

const formNameSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(100, 'at most 100 characters')
  .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

export const saveAgreementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/agreement/save',
  summary: "Records the signed-in user's agreement to a form (idempotent); another user's id is refused",
  tags: ['agreements'],
  body: z.object({
    userId: idSchema.nullish().describe("the signed-in user's id; any other id is refused with 403"),
    formName: formNameSchema.describe('which agreement (from GET /admin/agreement/mine)'),
    formId: idSchema
      .nullish()
      .describe(
        "form the agreement was shown with: the school's agreement form (purpose 'agreement'), else 400",
      ),
    formAnswerId: idSchema
      .nullish()
      .describe('the saved answer of that form, by or about the signed-in user and not withdrawn, else 400'),
  }),
  response: z.object({
    formName: z.string(),
    agreedAt: dateTimeSchema.describe('when the user first agreed'),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Administration: who agreed, exports, per-role groups (spec S0.7 'Agreements')

/** Most rows one export writes; a larger selection is refused (narrow the filters). */
export const AGREEMENT_EXPORT_MAX_ROWS = 20_000;

const agreementFilterFields = {
  keyword: z
    .string()
    .trim()
    .max(50, 'at most 50 characters')
    .optional()
    .describe('part of the real name, login account or number'),
  roleId: idSchema.optional().describe('only users holding this role'),
  formName: formNameSchema.optional(),
  startDate: dateSchema.optional().describe('agreed on or after this day (China time)'),
  endDate: dateSchema.optional().describe('agreed on or before this day (China time)'),
};
const checkDateRange = (f: { startDate?: string; endDate?: string }) =>
  !f.startDate || !f.endDate || f.startDate <= f.endDate;
const dateRangeIssue = { message: 'must not be before startDate', path: ['endDate'] };

export const agreementFilterSchema = z.object(agreementFilterFields).refine(checkDateRange, dateRangeIssue);
export type AgreementFilter = z.infer<typeof agreementFilterSchema>;

export const agreementRecordSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  numberName: z.string().nullable(),
  deptName: z.string().nullable(),
  roleNames: z.array(z.string()).describe("the user's roles now"),
  formName: z.string(),
  formId: z.number().int().nullable().describe('the agreement form the user filled, if any'),
  formAnswerId: z
    .number()
    .int()
    .nullable()
    .describe('their saved answer (GET /biz/public/forms/ite/view?answerId=)'),
  agreedAt: dateTimeSchema,
});
export type AgreementRecord = z.infer<typeof agreementRecordSchema>;

export const agreementListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/agreement/list',
  summary: 'Who agreed to which agreement and when, newest first, paged',
  tags: ['agreements'],
  body: boundedPageQuery(100).extend(agreementFilterFields).refine(checkDateRange, dateRangeIssue),
  response: pageOf(agreementRecordSchema),
});

export const agreementExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/agreement/export',
  summary: 'The agreements matching the filters as an Excel workbook (.xlsx)',
  tags: ['agreements'],
  body: agreementFilterSchema,
  response: null,
  produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

export const agreementExportWordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/agreement/exportWord',
  summary: 'The agreements matching the filters as a Word document (.docx) with the agreement text',
  tags: ['agreements'],
  body: agreementFilterSchema,
  response: null,
  produces: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
});

export const agreementGroupSchema = z.object({
  roleId: z.number().int(),
  roleCode: z.string(),
  roleName: z.string(),
  targeted: z.boolean().describe('the role is in the setting userRoleId list'),
  userCount: z.number().int().describe('users holding the role'),
  agreedCount: z.number().int().describe('of them, who have agreed to formName'),
  pendingCount: z.number().int(),
});

export const agreementGroupEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/agreement/findUserAgreementGroup',
  summary: 'Per role: how many users hold it and how many of them have agreed',
  tags: ['agreements'],
  query: z.object({
    formName: formNameSchema.optional().describe("the setting's form name when omitted"),
  }),
  response: z.object({ formName: z.string(), groups: z.array(agreementGroupSchema) }),
});
