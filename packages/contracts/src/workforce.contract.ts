import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import type { PermissionKey } from './permissions';

/**
 * Roles whose holders take visitors and so may be given service categories (docs/workforce.md):
 * counsellors, first interviewers and assessors (spec S1.6; categories are the time-slot types of S1.3).
 */
export const WORKFORCE_ROLE_CODES = ['ROLE_CONSULTANT', 'ROLE_INTERVIEWER', 'ROLE_ASSESSMENT'] as const;

/** Button permission of the service-category card on the user details page. */
export const WORKFORCE_EDIT_PERMISSION = 'consult_workforce_edit' satisfies PermissionKey;

/** The `categoryId` dictionary holds the school's categories; transferToType's single session (10) is added. */
export const WORKFORCE_CATEGORY_DICT = 'categoryId';
export const SINGLE_SESSION_CATEGORY_ID = 10;
/** At most this many categories per person (the dictionary has a handful). */
export const WORKFORCE_MAX_CATEGORIES = 50;

/** A service category id (a `categoryId` dictionary value, or 10 single session). */
export const categoryIdSchema = z.coerce
  .number({ message: 'must be a category id' })
  .int('must be a category id')
  .positive('must be a category id')
  .max(Number.MAX_SAFE_INTEGER, 'must be a category id');

export const freeCounsellorSchema = z.object({
  id: z.number().int(),
  value: z.string().describe('the user id as a string (option value of form fields)'),
  label: z.string().describe('the real name (option label of form fields)'),
  realName: z.string(),
  deptName: z.string().nullable(),
});
export type FreeCounsellor = z.infer<typeof freeCounsellorSchema>;

export const freeCounsellorsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/workforce/schedule/freeUser',
  summary:
    'Counsellors free for a service category: enabled, holding a counsellor role, assigned the category and taking new visitors; sorted by name',
  tags: ['workforce'],
  body: z.object({
    categoryId: categoryIdSchema.describe(
      'service category: a value of the categoryId dictionary (2, 15, 17, 18, 19) or 10 single session',
    ),
  }),
  response: z.array(freeCounsellorSchema),
});

export const workforceSchema = z.object({
  userId: z.number().int(),
  categoryIds: z.array(z.number().int()).describe('service categories, ascending'),
  accepting: z.boolean().describe('takes new visitors (listed as free); true when never set'),
});
export type Workforce = z.infer<typeof workforceSchema>;

export const getWorkforceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/workforce/user/:id',
  summary: "A person's service categories and whether they take new visitors (administrator or the person)",
  tags: ['workforce'],
  params: z.object({ id: idSchema.describe('user id') }),
  response: workforceSchema,
});

export const saveWorkforceBodySchema = z.object({
  userId: idSchema.describe('a user holding a counsellor role (WORKFORCE_ROLE_CODES)'),
  categoryIds: z
    .array(categoryIdSchema)
    .max(WORKFORCE_MAX_CATEGORIES, `at most ${WORKFORCE_MAX_CATEGORIES} categories`)
    .describe('the full set of categories (replaces the stored one); empty: none'),
  accepting: z.boolean().default(true).describe('takes new visitors'),
});
export type SaveWorkforceBody = z.input<typeof saveWorkforceBodySchema>;

export const saveWorkforceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/workforce/workForTeacher',
  summary: "Sets a counsellor's service categories and whether they take new visitors",
  tags: ['workforce'],
  body: saveWorkforceBodySchema,
  response: workforceSchema,
});

export const deleteWorkforceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/workforce/del',
  summary: "Removes a person's service categories and accepting flag (they are no longer listed as free)",
  tags: ['workforce'],
  query: z.object({ userId: idSchema.describe('user id') }),
  response: workforceSchema,
});
