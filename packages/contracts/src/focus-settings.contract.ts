import { z } from 'zod';
import { boundedPageQuery, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import type { PermissionKey } from './permissions';

/**
 * Key-person (focus) settings (spec S1.7.7, S0.7.21 builder helper `GET /focus/setting/4/all`): named
 * option lists a school keeps for its key-person work, one list per type. The spec names the calls
 * only; the types are ours (docs/focus-settings.md). Forms refer to a list by its path, e.g. a column
 * with `dicUrl: '/focus/setting/4/all'` offers the school's enabled focus categories.
 */
export const FOCUS_SETTING_TYPE = {
  /** Where a key person was reported from (counsellor, class teacher, assessment, ...). */
  reportSource: 1,
  /** What is done for the person (talks, referral, guardian contact, ...). */
  interventionMeasure: 2,
  /** How a follow-up is made (in person, phone, ...). */
  followUpMethod: 3,
  /** Why the person is followed: the category form builders offer (`/focus/setting/4/all`). */
  focusCategory: 4,
  /** Topics of heart-to-heart talks. */
  talkTopic: 5,
} as const;
export type FocusSettingTypeKey = keyof typeof FOCUS_SETTING_TYPE;
export type FocusSettingType = (typeof FOCUS_SETTING_TYPE)[FocusSettingTypeKey];
/** The types in order, 1..5. */
export const FOCUS_SETTING_TYPES: readonly FocusSettingType[] = [1, 2, 3, 4, 5];
/** The key of a type number, e.g. 4 -> `focusCategory` (web tab texts use it). */
export const FOCUS_SETTING_TYPE_KEYS = Object.fromEntries(
  Object.entries(FOCUS_SETTING_TYPE).map(([k, v]) => [v, k]),
) as Record<FocusSettingType, FocusSettingTypeKey>;

export const FOCUS_SETTING_LIMITS = { name: 50, remark: 200, sortMax: 9999 } as const;

/** Permission keys: the page (menu `/focusperson/setting/index`) and changing the lists. */
export const FOCUS_SETTING_PERMISSION = 'focus_setting' satisfies PermissionKey;
export const FOCUS_SETTING_EDIT_PERMISSION = 'focus_setting_edit' satisfies PermissionKey;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
const requiredText = (max: number) => text(max).min(1, 'required');

/** A type number 1..5; anything else is a 400 naming `type`. */
export const focusSettingTypeSchema = z.coerce
  .number({ message: 'must be 1 to 5' })
  .int('must be 1 to 5')
  .min(1, 'must be 1 to 5')
  .max(5, 'must be 1 to 5')
  .transform((n) => n as FocusSettingType)
  .describe(
    '1 report sources, 2 intervention measures, 3 follow-up methods, 4 focus categories, 5 talk topics',
  );

const statusSchema = z.union([z.literal(0), z.literal(1)], { message: 'must be 0 or 1' });

export const focusSettingSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string().describe('Chinese name'),
  nameEn: z.string().describe('English name'),
  status: z.number().int().describe('1 on (offered), 0 off'),
  sort: z.number().int(),
  remark: z.string().nullable(),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
});
export type FocusSetting = z.infer<typeof focusSettingSchema>;

/** An entry as an option of a list path: `value` is the id as a string, `label` in the caller's language. */
export const focusSettingOptionSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  label: z.string(),
  name: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
});
export type FocusSettingOption = z.infer<typeof focusSettingOptionSchema>;

const typeParams = z.object({ type: focusSettingTypeSchema });

export const focusSettingPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/setting/:type/page',
  summary: "A page of one type's entries, disabled ones included (administration)",
  tags: ['focus-settings'],
  params: typeParams,
  body: boundedPageQuery(100).extend({
    name: text(FOCUS_SETTING_LIMITS.name).optional().describe('part of the Chinese or English name'),
    status: statusSchema.optional(),
  }),
  response: pageOf(focusSettingSchema),
});

export const focusSettingAllEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/setting/:type/all',
  summary: "One type's enabled entries as options, by sort then id (forms use type 4: focus categories)",
  tags: ['focus-settings'],
  params: typeParams,
  response: z.array(focusSettingOptionSchema),
});

const entryFields = {
  name: requiredText(FOCUS_SETTING_LIMITS.name).describe('Chinese name, unique in its type'),
  nameEn: requiredText(FOCUS_SETTING_LIMITS.name).describe('English name, unique in its type'),
  status: statusSchema.default(1),
  sort: z.coerce.number().int().min(0).max(FOCUS_SETTING_LIMITS.sortMax).default(0),
  remark: text(FOCUS_SETTING_LIMITS.remark).nullish(),
};

export const focusSettingInsertBodySchema = z.object({ type: focusSettingTypeSchema, ...entryFields });
export type FocusSettingInsertBody = z.input<typeof focusSettingInsertBodySchema>;

export const focusSettingInsertEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/setting/insert',
  summary: 'Adds an entry to a list (400 naming `name` or `nameEn` when the type has it already)',
  tags: ['focus-settings'],
  body: focusSettingInsertBodySchema,
  response: focusSettingSchema,
});

export const focusSettingEditBodySchema = z.object({
  id: idSchema,
  name: entryFields.name.optional(),
  nameEn: entryFields.nameEn.optional(),
  status: statusSchema.optional(),
  sort: z.coerce.number().int().min(0).max(FOCUS_SETTING_LIMITS.sortMax).optional(),
  remark: entryFields.remark,
});
export type FocusSettingEditBody = z.input<typeof focusSettingEditBodySchema>;

export const focusSettingEditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/setting/edit',
  summary: "Changes an entry's names, switch, order or remark (only the fields given; the type is fixed)",
  tags: ['focus-settings'],
  body: focusSettingEditBodySchema,
  response: focusSettingSchema,
});

export const focusSettingDeleteEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/biz/focus/setting',
  summary: 'Removes an entry from its list; answers that chose it keep its id and name',
  tags: ['focus-settings'],
  query: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});
