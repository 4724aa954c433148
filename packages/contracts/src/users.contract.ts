import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema, optionalQueryInt } from './common';
import { downloadTaskSchema } from './downloads.contract';
import { checkIdNumber, ID_CARD_MAX, ID_NUMBER_ISSUE_MESSAGES, ID_TYPES, type IdType } from './id-card';
import {
  birthdaySchema,
  emailSchema,
  isMaskedValue,
  latestCalendarDay,
  loginAccountSchema,
  MASKED_VALUE_MESSAGE,
  NUMBER_NAME_MAX,
  phoneSchema,
  profileTextSchema,
  REAL_NAME_MAX,
  sexSchema,
} from './rules';
import type { PermissionKey } from './permissions';

/**
 * User administration (spec S0.3.3 user form, S0.5 validation, S0.7 'Passwords and users'). Personal
 * values in answers are masked unless the viewer's active role holds `admin_userInfo_sensitive`;
 * unmasked reads of another person's data are written to the access log (`GET /admin/user/accessLog`).
 */

/** Account status: `active` may log in; `locked` was disabled by an administrator; `pending` awaits audit. */
export const USER_STATUSES = ['active', 'locked', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Permission key that lets a role see personal values unmasked. */
export const SENSITIVE_PERMISSION = 'admin_userInfo_sensitive' satisfies PermissionKey;

/** Spec S0.5: a batch call without a selection. */
export const NOTHING_TICKED_MESSAGE = 'please tick the data to delete';

/** Picker lists (`/admin/user/simple`) answer at most this many users. */
export const USER_SIMPLE_MAX = 200;
export const USER_SIMPLE_DEFAULT = 50;

/** Rows per page of the user list and of the access log. */
export const USER_PAGE_MAX = 100;

/** Batch calls (delete, audit) take at most this many ids. */
export const USER_BATCH_MAX = 500;

/** Roles one user may hold at once. */
export const USER_ROLES_MAX = 20;

/** Dictionary-backed fields of the default user form (spec S0.3.3); values are dictionary item values. */
export const USER_DICT_FIELDS = [
  'yearInfo',
  'nation',
  'politicCountenance',
  'educationalLevel',
  'religiousBelief',
  'isMarriage',
  'schoolRegister',
] as const;
export type UserDictField = (typeof USER_DICT_FIELDS)[number];

const notMasked = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((value) => !isMaskedValue(value), MASKED_VALUE_MESSAGE['en-US']);

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A dictionary value of the form: empty or null clears it. */
const dictValueSchema = z
  .union([z.literal('').transform(() => null), z.null(), z.string().trim().max(40, 'at most 40 characters')])
  .optional();

export const idTypeSchema = z
  .union(
    Object.values(ID_TYPES).map((v) => z.literal(v)) as unknown as [
      z.ZodLiteral<IdType>,
      z.ZodLiteral<IdType>,
      ...z.ZodLiteral<IdType>[],
    ],
    { error: 'choose an ID type (1-8)' },
  )
  .describe(
    '1 ID card, 2 HK/Macau pass, 3 Taiwan pass, 4 HK/Macau/Taiwan ID, 5 residence permit, 6 foreign permanent residence, 7 passport, 8 military/police ID',
  );

const phoneField = z.string().trim().min(1, 'enter contact').pipe(notMasked(z.string())).pipe(phoneSchema);

const idCardField = z
  .string()
  .trim()
  .toUpperCase()
  .max(ID_CARD_MAX, `at most ${ID_CARD_MAX} characters`)
  .pipe(notMasked(z.string()));

/** Checks idCard against idType (spec S0.5.4) on an object that has both. */
function refineIdCard(
  v: { idType?: IdType | null | undefined; idCard?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.idCard === undefined || v.idCard === null || v.idCard === '') return;
  const issue = checkIdNumber(v.idType ?? ID_TYPES.idCard, v.idCard, latestCalendarDay());
  if (issue)
    ctx.addIssue({ code: 'custom', path: ['idCard'], message: ID_NUMBER_ISSUE_MESSAGES[issue]['en-US'] });
}

/** Fields of the default user form shared by create and edit (spec S0.3.3). */
const userFormFields = {
  username: notMasked(loginAccountSchema).describe('login account, 2-20 characters, unique in the school'),
  realName: profileTextSchema(REAL_NAME_MAX, 'enter name'),
  numberName: profileTextSchema(NUMBER_NAME_MAX, 'enter number').describe('student or staff number'),
  phone: phoneField.describe('11 digits, 1 then 3-9 (spec S0.5.3); a masked value is refused'),
  deptId: idSchema.describe('department (GET /admin/dept/inner/tree); must be inside the viewer data scope'),
  sex: sexSchema.describe('1 male, 2 female'),
  // Not required: a school often does not know a staff member's (issue 18); empty or null leaves it unset.
  birthday: z
    .union([z.literal('').transform(() => null), z.null(), birthdaySchema])
    .optional()
    .describe('yyyy-MM-dd, not in the future; optional'),
  idType: z.preprocess(emptyToUndefined, idTypeSchema.optional()),
  idCard: z
    .union([z.literal('').transform(() => null), z.null(), idCardField])
    .optional()
    .describe('ID number checked against idType (GB 11643 for type 1); a masked value is refused'),
  email: z
    .union([z.literal('').transform(() => null), z.null(), notMasked(emailSchema)])
    .optional()
    .describe('empty or null clears it'),
  roleIds: z
    .array(idSchema)
    .min(1, 'choose role')
    .max(USER_ROLES_MAX, `at most ${USER_ROLES_MAX} roles`)
    .describe(
      'roles of the school; a data-scoped administrator cannot grant tenant-wide administrator roles',
    ),
  userTypeId: z
    .preprocess(emptyToUndefined, idSchema.nullable().optional())
    .describe('user type (/admin/uType)'),
  yearInfo: dictValueSchema.describe('dictionary yearInfo (enrolment year)'),
  nation: dictValueSchema.describe('dictionary nation'),
  politicCountenance: dictValueSchema.describe('dictionary politicCountenance'),
  educationalLevel: dictValueSchema.describe('dictionary educationalLevel'),
  religiousBelief: dictValueSchema.describe('dictionary religiousBelief'),
  isMarriage: dictValueSchema.describe('dictionary isMarriage'),
  schoolRegister: dictValueSchema.describe('dictionary schoolRegister (enrolment status)'),
};

/**
 * `POST /admin/v2/user/addUser`. Required (spec S0.3.3): username, realName, numberName, phone, deptId,
 * sex, birthday, roleIds. `password` is optional: encrypted like every password call (`<keyId>.<base64>`
 * with GET /auth/publicKey); when left out the server generates one and answers it once in
 * `initialPassword`. Either way the user must change it at first login (`mustChangePassword`).
 */
export const addUserBodySchema = z
  .object({
    ...userFormFields,
    password: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .describe('initial password encrypted with GET /auth/publicKey; generated when left out'),
  })
  .superRefine(refineIdCard);
export type AddUserBody = z.input<typeof addUserBodySchema>;

/**
 * `POST /admin/v2/user/updateUser`: `id` plus the fields to change; a field left out keeps its value.
 * A masked value (containing `*`) is refused (400), never taken as "unchanged": the form leaves the
 * field out instead (or uses updateUserPhone / updateUserIdCard).
 */
export const updateUserBodySchema = z
  .object({
    id: idSchema,
    username: userFormFields.username.optional(),
    realName: userFormFields.realName.optional(),
    numberName: userFormFields.numberName.optional(),
    phone: userFormFields.phone.optional(),
    deptId: userFormFields.deptId.optional(),
    sex: userFormFields.sex.optional(),
    birthday: userFormFields.birthday.optional(),
    idType: userFormFields.idType,
    idCard: userFormFields.idCard,
    email: userFormFields.email,
    roleIds: userFormFields.roleIds.optional(),
    userTypeId: userFormFields.userTypeId,
    yearInfo: dictValueSchema,
    nation: dictValueSchema,
    politicCountenance: dictValueSchema,
    educationalLevel: dictValueSchema,
    religiousBelief: dictValueSchema,
    isMarriage: dictValueSchema,
    schoolRegister: dictValueSchema,
  })
  .superRefine(refineIdCard);
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

const userRoleRefSchema = z.object({ roleId: z.number().int(), roleCode: z.string(), roleName: z.string() });

/** A row of the user list. `phone` and `idCard` are masked unless `masked` is false. */
export const userRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  numberName: z.string().nullable(),
  phone: z
    .string()
    .nullable()
    .describe('masked (138****5678) unless the viewer holds admin_userInfo_sensitive'),
  idType: z.number().int().nullable(),
  idCard: z.string().nullable().describe('masked unless the viewer holds admin_userInfo_sensitive'),
  email: z.string().nullable(),
  sex: z.number().int().nullable(),
  birthday: z.string().nullable().describe('yyyy-MM-dd'),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  userTypeId: z.number().int().nullable(),
  userTypeName: z.string().nullable(),
  roleList: z.array(userRoleRefSchema),
  status: z.enum(USER_STATUSES),
  mustChangePassword: z.boolean(),
  createTime: dateTimeSchema,
  masked: z.boolean().describe('true when phone and idCard are masked in this answer'),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** One user with every field of the default form (getUser / desensitizationGetUser / add / update). */
export const userFormDetailSchema = userRowSchema.extend({
  deptFullName: z.string().nullable().describe("department path from the root, joined with '-'"),
  roleIds: z.array(z.number().int()),
  yearInfo: z.string().nullable(),
  nation: z.string().nullable(),
  politicCountenance: z.string().nullable(),
  educationalLevel: z.string().nullable(),
  religiousBelief: z.string().nullable(),
  isMarriage: z.string().nullable(),
  schoolRegister: z.string().nullable(),
  isInitializeAdmin: z.boolean(),
  nameMasked: z.boolean().describe('true when realName is masked (desensitizationGetUser only)'),
});
export type UserFormDetail = z.infer<typeof userFormDetailSchema>;

/** Filters of the user list and of the export (same meaning in both). */
export const userSearchSchema = z.object({
  realName: z.string().trim().max(50).optional().describe('contains, case-insensitive'),
  username: z.string().trim().max(20).optional().describe('contains, case-insensitive'),
  numberName: z.string().trim().max(30).optional().describe('contains, case-insensitive'),
  phone: z.string().trim().max(11).optional().describe('contains (digits)'),
  deptId: optionalQueryInt(1, Number.MAX_SAFE_INTEGER).describe('department and its whole subtree'),
  userTypeId: optionalQueryInt(1, Number.MAX_SAFE_INTEGER),
  roleId: optionalQueryInt(1, Number.MAX_SAFE_INTEGER).describe('users holding this role'),
  status: z.preprocess(emptyToUndefined, z.enum(USER_STATUSES).optional()),
});
export type UserSearch = z.input<typeof userSearchSchema>;

export const userPageQuerySchema = boundedPageQuery(USER_PAGE_MAX).extend(userSearchSchema.shape);

export const userPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/page',
  summary: 'Users of the school in the viewer data scope, newest first, with search and filters',
  tags: ['users'],
  query: userPageQuerySchema,
  response: pageOf(userRowSchema),
});

export const addUserResultSchema = userFormDetailSchema.extend({
  initialPassword: z
    .string()
    .nullable()
    .describe('the generated initial password, answered once; null when the administrator supplied one'),
});

export const addUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/v2/user/addUser',
  summary: 'Create a user with the default form (permission admin_userInfo_add)',
  tags: ['users'],
  body: addUserBodySchema,
  response: addUserResultSchema,
});

export const updateUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/v2/user/updateUser',
  summary: 'Edit a user; fields left out keep their value (permission admin_userInfo_edit)',
  tags: ['users'],
  body: updateUserBodySchema,
  response: userFormDetailSchema,
});

const userIdQuery = z.object({ id: idSchema.describe('user id') });

export const getUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/getUser',
  summary: 'One user for the edit form; phone and idCard always masked',
  tags: ['users'],
  query: userIdQuery,
  response: userFormDetailSchema,
});

export const desensitizationGetUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/desensitizationGetUser',
  summary:
    'One user; name, phone and idCard masked unless the viewer holds admin_userInfo_sensitive (then logged)',
  tags: ['users'],
  query: userIdQuery,
  response: userFormDetailSchema,
});

export const getUserPhoneEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/getPhone',
  summary: "A user's full phone number (permission admin_userInfo_sensitive; written to the access log)",
  tags: ['users'],
  query: userIdQuery,
  response: z.string().nullable(),
});

export const updateUserPhoneEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/updateUserPhone',
  summary: "Change a user's phone (permission admin_userInfo_edit)",
  tags: ['users'],
  body: z.object({ id: idSchema, phone: phoneField }),
  response: z.literal(true),
});

export const updateUserIdCardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/updateUserIdCard',
  summary: "Change a user's ID type and number; an empty idCard clears it (permission admin_userInfo_edit)",
  tags: ['users'],
  body: z
    .object({
      id: idSchema,
      idType: z.preprocess(emptyToUndefined, idTypeSchema.optional()),
      idCard: z.union([z.literal('').transform(() => null), z.null(), idCardField]),
    })
    .superRefine(refineIdCard),
  response: z.literal(true),
});

export const deleteUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/delete/:id',
  summary: 'Delete a user (soft) and end their sessions; not yourself, not the initial administrator',
  tags: ['users'],
  params: userIdQuery,
  response: z.literal(true),
});

const idsSchema = z
  .array(idSchema)
  .min(1, NOTHING_TICKED_MESSAGE)
  .max(USER_BATCH_MAX, `at most ${USER_BATCH_MAX} at once`);

export const batchDeleteUsersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/batchDel',
  summary: 'Delete several users; all or nothing (same rules as delete)',
  tags: ['users'],
  body: z.object({ ids: idsSchema.describe('user ids; empty is refused (spec S0.5)') }),
  response: z.object({ deleted: z.number().int() }),
});

export const auditUsersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/audit',
  summary:
    'Approve (active) or disable (locked) users, e.g. self-registered ones; disabling ends their sessions',
  tags: ['users'],
  body: z.object({
    ids: idsSchema.describe('user ids'),
    status: z.enum(['active', 'locked']).describe('active approves or re-enables, locked disables'),
  }),
  response: z.object({ updated: z.number().int() }),
});

export const userSimpleSchema = z.object({
  id: z.number().int(),
  realName: z.string(),
  username: z.string(),
  numberName: z.string().nullable(),
  deptId: z.number().int().nullable(),
});
export type UserSimple = z.infer<typeof userSimpleSchema>;

export const userSimpleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/simple',
  summary: 'Active users for pickers (id, realName, username), in the viewer data scope',
  tags: ['users'],
  query: z.object({
    name: z.string().trim().max(50).optional().describe('realName, username or numberName contains'),
    deptId: optionalQueryInt(1, Number.MAX_SAFE_INTEGER).describe('department and its subtree'),
    limit: optionalQueryInt(1, USER_SIMPLE_MAX).describe(
      `at most ${USER_SIMPLE_MAX}, default ${USER_SIMPLE_DEFAULT}`,
    ),
  }),
  response: z.array(userSimpleSchema),
});

/**
 * Administrator's password reset (spec S0.7 'admin reset (pwd, uid)'). A POST with a body instead of the
 * spec's GET: a password never travels in a URL. `pwd` is encrypted like the other password calls.
 */
export const adminResetPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/suPwd',
  summary: "Set a user's password; ends all their sessions; they must change it at next login",
  tags: ['users'],
  body: z.object({
    uid: idSchema.describe('user id'),
    pwd: z
      .string()
      .min(1, 'enter the new password')
      .max(2000)
      .describe('new password encrypted with GET /auth/publicKey'),
  }),
  response: z.literal(true),
});

/** File formats of the user export. */
export const USER_EXPORT_FORMATS = ['xlsx', 'csv'] as const;

export const exportUsersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/exportUsersBySearch',
  summary:
    'Export the users matching the filters to XLSX or CSV as a download task (see /biz/download/taskProgress)',
  tags: ['users'],
  body: userSearchSchema.extend({
    format: z.enum(USER_EXPORT_FORMATS).optional().describe('file format, default xlsx'),
  }),
  response: downloadTaskSchema,
});

/** Personal fields an access-log row can name. */
export const ACCESS_LOG_FIELDS = ['realName', 'phone', 'idCard'] as const;

export const accessLogRowSchema = z.object({
  id: z.number().int(),
  viewerId: z.number().int(),
  viewerName: z.string().nullable(),
  subjectId: z.number().int(),
  subjectName: z.string().nullable(),
  fields: z.array(z.string()).describe('personal fields read unmasked'),
  route: z.string().describe('the call that read them'),
  createTime: dateTimeSchema,
});
export type AccessLogRow = z.infer<typeof accessLogRowSchema>;

export const accessLogEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/accessLog',
  summary: 'Unmasked reads of personal data, newest first (sys_user and admin_userInfo_sensitive)',
  tags: ['users'],
  query: boundedPageQuery(USER_PAGE_MAX).extend({
    subjectId: optionalQueryInt(1, Number.MAX_SAFE_INTEGER).describe('whose data was read'),
    viewerId: optionalQueryInt(1, Number.MAX_SAFE_INTEGER).describe('who read it'),
  }),
  response: pageOf(accessLogRowSchema),
});
