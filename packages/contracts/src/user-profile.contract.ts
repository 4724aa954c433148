import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import { USER_DICT_FIELDS, type UserDictField } from './users.contract';
import { isMaskedValue, MASKED_VALUE_MESSAGE, phoneSchema } from './rules';

/**
 * The user's own extra information kept beside the user row: emergency contacts (spec S0.3.25
 * emergencyContact / emergencyContactPhone), family information, custom ("other") information and the
 * comprehensive-evaluation (assess) information of the user-info page (spec S0.3.3, S0.3.4, S0.7.13,
 * S0.7.14). Until the form engine lands these are validated JSON documents per user: strict objects
 * (unknown keys refused) with a size cap. Each call has a `Mine` variant acting on the signed-in user.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .refine((value) => !isMaskedValue(value), MASKED_VALUE_MESSAGE['en-US']);
const requiredText = (max: number, message: string) => text(max).pipe(z.string().min(1, message));

// ---- Emergency contacts -------------------------------------------------------------------------

/** At most this many emergency contacts per user. */
export const EMERGENCY_CONTACT_MAX = 10;

export const emergencyContactFieldsSchema = z.strictObject({
  emergencyContact: requiredText(50, 'enter the emergency contact').describe('the contact person'),
  emergencyContactPhone: phoneSchema.describe('11 digits, 1 then 3-9 (spec S0.5.3)'),
  relation: text(20).optional().describe('relation to the user, e.g. mother'),
});

export const emergencyContactSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  emergencyContact: z.string(),
  emergencyContactPhone: z.string(),
  relation: z.string().nullable(),
  updateTime: z.string(),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

export const emergencyContactListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/emergencyContact/list',
  summary: "Another user's emergency contacts (sys_user_detail, within the data scope)",
  tags: ['user-profile'],
  body: z.strictObject({ userId: idSchema }),
  response: z.array(emergencyContactSchema),
});

export const emergencyContactInsertEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/emergencyContact/insert',
  summary: 'Adds an emergency contact to another user (admin_userInfo_edit, within the data scope)',
  tags: ['user-profile'],
  body: emergencyContactFieldsSchema.extend({ userId: idSchema }),
  response: emergencyContactSchema,
});

export const emergencyContactUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/emergencyContact/update',
  summary: "Changes another user's emergency contact (admin_userInfo_edit, within the data scope)",
  tags: ['user-profile'],
  body: emergencyContactFieldsSchema.extend({ id: idSchema }),
  response: emergencyContactSchema,
});

export const emergencyContactDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/emergencyContact/delete',
  summary: "Removes another user's emergency contact (admin_userInfo_edit, within the data scope)",
  tags: ['user-profile'],
  body: z.strictObject({ id: idSchema }),
  response: z.boolean(),
});

export const myEmergencyContactsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/emergencyContact/getMyList',
  summary: "The signed-in user's emergency contacts",
  tags: ['user-profile'],
  response: z.array(emergencyContactSchema),
});

export const insertMyEmergencyContactEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/emergencyContact/insertMine',
  summary: 'Adds an emergency contact of the signed-in user',
  tags: ['user-profile'],
  body: emergencyContactFieldsSchema,
  response: emergencyContactSchema,
});

export const updateMyEmergencyContactEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/emergencyContact/updateMine',
  summary: 'Changes an emergency contact of the signed-in user',
  tags: ['user-profile'],
  body: emergencyContactFieldsSchema.extend({ id: idSchema }),
  response: emergencyContactSchema,
});

export const deleteMyEmergencyContactEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/emergencyContact/deleteMine',
  summary: 'Removes an emergency contact of the signed-in user',
  tags: ['user-profile'],
  body: z.strictObject({ id: idSchema }),
  response: z.boolean(),
});

// ---- Family, custom and assess information (JSON documents) ------------------------------------

/** Largest stored document, as JSON text. */
export const PROFILE_DOCUMENT_MAX_BYTES = 16 * 1024;

const capped = <T extends z.ZodType>(schema: T) =>
  schema.refine(
    (v) => new TextEncoder().encode(JSON.stringify(v)).length <= PROFILE_DOCUMENT_MAX_BYTES,
    `the information is larger than ${PROFILE_DOCUMENT_MAX_BYTES / 1024} KB`,
  );

export const FAMILY_MEMBER_MAX = 20;

export const familyMemberSchema = z.strictObject({
  relation: requiredText(20, 'enter the relation'),
  name: requiredText(50, 'enter the name'),
  phone: phoneSchema.optional(),
  occupation: text(50).optional(),
  workplace: text(100).optional(),
});

/** Family information of the user-info page (the spec names no fields: our design, see docs). */
export const familyInfoSchema = capped(
  z.strictObject({
    members: z.array(familyMemberSchema).max(FAMILY_MEMBER_MAX).default([]),
    isOnlyChild: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .describe('1 yes, 0 no'),
    familyAddress: text(200).optional(),
    economicStatus: text(50).optional(),
    remark: text(500).optional(),
  }),
);
export type FamilyInfo = z.infer<typeof familyInfoSchema>;

/**
 * The custom ("other information") group: the dictionary-backed fields of the default user form (spec
 * S0.3.3, `USER_DICT_FIELDS`), stored on the user row itself so the administrator's user form and these
 * calls show one value. Absent keys are left as they are; null or '' clears one.
 */
const dictValue = z
  .union([z.literal('').transform(() => null), z.null(), text(40)])
  .optional()
  .describe('dictionary value');

export const customInfoSchema = z.strictObject(
  Object.fromEntries(USER_DICT_FIELDS.map((f) => [f, dictValue])) as Record<UserDictField, typeof dictValue>,
);
export type CustomInfo = z.infer<typeof customInfoSchema>;

const count = z.number().int().min(0, 'must be 0 or more').max(999, 'at most 999');

/** Comprehensive-evaluation information (spec S0.3.4): punishments, failed courses, late returns. */
export const assessInfoSchema = capped(
  z.strictObject({
    punishNum: count.optional(),
    failNum: count.optional(),
    stayOutLateNum: count.optional(),
  }),
);
export type AssessInfo = z.infer<typeof assessInfoSchema>;

const documentAnswer = <T extends z.ZodType>(info: T) =>
  z.object({
    userId: z.number().int(),
    info: info.nullable().describe('null until first saved'),
    updateTime: z.string().nullable(),
  });

/**
 * Family information as answered: a member's phone is masked (`139****5678`) for a viewer of another
 * user without `admin_userInfo_sensitive`, the rule of the user's own phone.
 */
const familyInfoViewSchema = familyInfoSchema.safeExtend({
  members: z
    .array(
      familyMemberSchema.extend({
        phone: z.string().optional().describe('masked unless the viewer may see it'),
      }),
    )
    .default([]),
});
export const familyInfoAnswerSchema = documentAnswer(familyInfoViewSchema);
export const customInfoAnswerSchema = z.object({
  userId: z.number().int(),
  info: z.object(
    Object.fromEntries(USER_DICT_FIELDS.map((f) => [f, z.string().nullable()])) as Record<
      UserDictField,
      z.ZodNullable<z.ZodString>
    >,
  ),
  updateTime: z.string().nullable(),
});
export const assessInfoAnswerSchema = documentAnswer(assessInfoSchema);

const userQuery = z.object({ userId: idSchema });

export const findUserFamilyInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/v2/user/findUserFamilyInfo',
  summary: "Another user's family information (sys_user_detail, data scope; access logged)",
  tags: ['user-profile'],
  query: userQuery,
  response: familyInfoAnswerSchema,
});
export const findMineUserFamilyInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/v2/user/findMineUserFamilyInfo',
  summary: "The signed-in user's family information",
  tags: ['user-profile'],
  response: familyInfoAnswerSchema,
});
export const updateUserFamilyInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/v2/user/updateUserFamilyInfo',
  summary: "Replaces another user's family information (admin_userInfo_edit, data scope)",
  tags: ['user-profile'],
  body: z.strictObject({ userId: idSchema, info: familyInfoSchema }),
  response: familyInfoAnswerSchema,
});
export const updateMineUserFamilyInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/v2/user/updateMineUserFamilyInfo',
  summary: "Replaces the signed-in user's family information",
  tags: ['user-profile'],
  body: z.strictObject({ info: familyInfoSchema }),
  response: familyInfoAnswerSchema,
});

export const findCustomInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/v2/user/findCustomInfo',
  summary: "Another user's custom (other) information (sys_user_detail, data scope)",
  tags: ['user-profile'],
  query: userQuery,
  response: customInfoAnswerSchema,
});
export const findMineCustomInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/v2/user/findMineCustomInfo',
  summary: "The signed-in user's custom (other) information",
  tags: ['user-profile'],
  response: customInfoAnswerSchema,
});
export const updateCustomInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/v2/user/updateCustomInfo',
  summary: "Replaces another user's custom information (admin_userInfo_edit, data scope)",
  tags: ['user-profile'],
  body: z.strictObject({ userId: idSchema, info: customInfoSchema }),
  response: customInfoAnswerSchema,
});
export const updateMineCustomInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/v2/user/updateMineCustomInfo',
  summary: "Replaces the signed-in user's custom information",
  tags: ['user-profile'],
  body: z.strictObject({ info: customInfoSchema }),
  response: customInfoAnswerSchema,
});

export const findUserAssessInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/userAssessInfo/findUserAssessInfo',
  summary: "Another user's comprehensive-evaluation information (sys_user_detail, data scope; access logged)",
  tags: ['user-profile'],
  query: userQuery,
  response: assessInfoAnswerSchema,
});
export const findMineUserAssessInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/userAssessInfo/findMineUserAssessInfo',
  summary: "The signed-in user's comprehensive-evaluation information",
  tags: ['user-profile'],
  response: assessInfoAnswerSchema,
});
export const updateUserAssessInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/userAssessInfo/updateUserAssessInfo',
  summary: "Replaces another user's comprehensive-evaluation information (admin_userInfo_edit, data scope)",
  tags: ['user-profile'],
  body: z.strictObject({ userId: idSchema, info: assessInfoSchema }),
  response: assessInfoAnswerSchema,
});
export const updateMineUserAssessInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/userAssessInfo/updateMineUserAssessInfo',
  summary: "Replaces the signed-in user's comprehensive-evaluation information",
  tags: ['user-profile'],
  body: z.strictObject({ info: assessInfoSchema }),
  response: assessInfoAnswerSchema,
});

// ---- Avatar -----------------------------------------------------------------------------------

/** Largest avatar image accepted. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The stored avatar fits in this box: it is shown at most 200 px wide, twice that for sharp screens. */
export const AVATAR_BOX = { width: 512, height: 512 } as const;

export const avatarEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/avatar',
  summary:
    "Replaces the signed-in user's avatar; the body is a data URL (text/plain) of a PNG or JPEG up to 2 MB (re-encoded within 512x512)",
  tags: ['user-profile'],
  bodyType: 'text',
  body: z
    .string()
    .min(1, 'choose an image')
    .max(Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 64, 'the avatar must be smaller than 2 MB'),
  response: z.object({ avatar: z.string().describe('address of the stored image') }),
});

export const avatarFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/avatarFile/:tenantId/:name',
  summary: 'An avatar image by its unguessable name (for <img>, which cannot sign)',
  tags: ['user-profile'],
  params: z.object({ tenantId: idSchema, name: z.string().uuid() }),
  response: null,
  produces: 'image/*',
});
