import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import { SIGNATURE_FIELDS, SIGNATURE_UPLOAD_DATA_URL_MAX } from './signature-rules';

/** A stored signature as answered: the image as a data URL, who signed and when (spec S0.4.9). */
export const storedSignatureSchema = z.object({
  userId: z.number().int(),
  username: z.string().describe('the signer (companion field _signUserName)'),
  realName: z.string().describe('the signer (companion field _signRealName)'),
  sign: z.string().describe('the image as a data URL (image/png or image/jpeg)'),
  contentType: z.enum(['image/png', 'image/jpeg']),
  size: z.number().int().describe('bytes of the image'),
  signTime: z.string().describe('when it was stored, ISO 8601 (companion field _signTime)'),
});
export type StoredSignature = z.infer<typeof storedSignatureSchema>;

/** Body of the calls that store a signature: a drawn canvas or an uploaded image, as a data URL. */
export const saveSignatureBodySchema = z.object({
  sign: z
    .string()
    .max(SIGNATURE_UPLOAD_DATA_URL_MAX, 'the signature image must be smaller than 2 MB')
    .describe('data:image/png;base64,... or data:image/jpeg;base64,...; empty means not signed'),
});

const quoteFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true')
  .describe('1: quoting into a form; a missing signature is then refused with the spec message');

export const getTeamSignEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/team/getSign',
  summary:
    "The signed-in staff member's stored signature (quote: visitors refused, none stored refused); with userId, a counsellor's for consult_case_all within the data scope (access-logged)",
  tags: ['signatures'],
  query: z.object({
    userId: idSchema
      .optional()
      .describe(
        "another person whose stored signature to see (consult_case_all, within the caller's data scope; never with quote)",
      ),
    quote: quoteFlag,
  }),
  response: storedSignatureSchema.nullable(),
});

export const editTeamSignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/team/editSign',
  summary:
    "Stores the signed-in user's signature (jpg/jpeg/png by content, at most 2 MB, re-encoded within 1520x760)",
  tags: ['signatures'],
  body: saveSignatureBodySchema,
  response: storedSignatureSchema,
});

export const getVisitorSignEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/visitor/sign',
  summary: "A visitor's stored signature: the caller's own, or (staff only) the visitor `uid` for a quote",
  tags: ['signatures'],
  query: z.object({
    uid: idSchema.optional().describe('the visitor whose signature a student-signature quote uses'),
    quote: quoteFlag,
  }),
  response: storedSignatureSchema.nullable(),
});

export const saveVisitorSignEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/visitor/sign',
  summary: "Stores the signed-in visitor's own signature",
  tags: ['signatures'],
  body: saveSignatureBodySchema,
  response: storedSignatureSchema,
});

export const consultRoleTypeSchema = z.object({
  isVisitor: z.boolean().describe('every applying role is a visitor role (ROLE_GENERAL)'),
  signField: z.enum(['sign_student', 'sign_teacher']).describe('the field this user signs by default'),
  signableFields: z.array(z.enum(SIGNATURE_FIELDS)).describe('signature fields this user may sign'),
  canQuoteTeacherSign: z.boolean(),
  setId: z.number().int().nullable().describe('echoed; per-setting role types come with the form engine'),
});

export const checkConsultRoleTypeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/team/checkConsultRoleType',
  summary: 'Which signature fields the signed-in user signs (spec S0.6.7)',
  tags: ['signatures'],
  query: z.object({ setId: idSchema.optional() }),
  response: consultRoleTypeSchema,
});
