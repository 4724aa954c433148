import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import { dateTimeSchema } from './common';

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
});

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
    formId: idSchema.nullish().describe('form the agreement was shown with'),
    formAnswerId: idSchema.nullish().describe('the saved form answer, if any'),
  }),
  response: z.object({
    formName: z.string(),
    agreedAt: dateTimeSchema.describe('when the user first agreed'),
  }),
});
