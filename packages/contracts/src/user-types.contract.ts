import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';

/** User types (spec S0.7.12): staff, student and the school's own kinds of user, each with its own form. */

export const USER_TYPE_NAME_MAX = 30;
export const USER_TYPE_CODE_MAX = 40;

export const USER_TYPE_MESSAGES = {
  codeTaken: { 'en-US': 'the user type code is already used', 'zh-CN': '用户类型编码已存在' },
  inUse: {
    'en-US': 'users still have this type, change their type first',
    'zh-CN': '仍有用户属于该类型，请先修改这些用户的类型',
  },
} as const;

/** Users of a type are counted up to this many (more answer the cap + 1, shown "10,000+"). */
export const USER_TYPE_USER_COUNT_CAP = 10_000;

export const userTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  allowRegister: z.boolean().describe('offered on the self-registration page'),
  sort: z.number().int(),
  userCount: z
    .number()
    .int()
    .describe(
      `users of the type (deleted ones included), counted up to ${USER_TYPE_USER_COUNT_CAP}; more answer ${USER_TYPE_USER_COUNT_CAP + 1}`,
    ),
});
export type UserType = z.infer<typeof userTypeSchema>;

/** What the registration page needs: no counts. */
export const registerUserTypeSchema = userTypeSchema.pick({ id: true, name: true, code: true });

export const userTypeListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/uType/getUserTypeNoPage',
  summary: 'Every user type of the school, in display order',
  tags: ['user-types'],
  response: z.array(userTypeSchema),
});

export const userTypeRightEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/uType/getUserTypeRight',
  summary: 'User types the caller may manage users of (all for user administrators, none otherwise)',
  tags: ['user-types'],
  response: z.array(userTypeSchema),
});

export const userTypeRegisterEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/uType/getUserTypeRegister',
  summary: 'User types offered for self-registration (public: the register page; TENANT-ID header)',
  tags: ['user-types'],
  response: z.array(registerUserTypeSchema),
});

export const userTypeBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'enter the name')
    .max(USER_TYPE_NAME_MAX, `at most ${USER_TYPE_NAME_MAX} characters`),
  code: z
    .string()
    .trim()
    .min(2, 'at least 2 characters')
    .max(USER_TYPE_CODE_MAX, `at most ${USER_TYPE_CODE_MAX} characters`)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'letters, digits and _ only, starting with a letter'),
  allowRegister: z.boolean(),
  sort: z.number().int().min(0).max(9999),
});
export type UserTypeBody = z.input<typeof userTypeBodySchema>;

export const createUserTypeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/uType',
  summary: 'Create a user type',
  tags: ['user-types'],
  body: userTypeBodySchema,
  response: userTypeSchema,
});

export const updateUserTypeEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/uType',
  summary: 'Edit a user type',
  tags: ['user-types'],
  body: userTypeBodySchema.extend({ id: idSchema }),
  response: userTypeSchema,
});

export const deleteUserTypeEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/admin/uType/:id',
  summary: 'Delete a user type no user has',
  tags: ['user-types'],
  params: z.object({ id: idSchema }),
  response: z.boolean(),
});
