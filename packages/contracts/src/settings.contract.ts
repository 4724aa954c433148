import { z } from 'zod';
import { agreementSettingValueSchema, AGREEMENT_SETTING_CODE } from './agreements.contract';
import { boundedPageQuery, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { SETTING_CODES } from './enums';
import { dictItemSchema, pageSetupSchema } from './identity.contract';
import { clockTimeSchema, timeSlotSettingValueSchema } from './time-slots';

/**
 * Settings, page setup, sites and dictionaries administration (spec S0.1.7, S0.7.8, S0.7.16, S1.7.3,
 * S1.7.4, S1.7.8). What each setting code means and stores: docs/settings-and-dictionaries.md.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
const requiredText = (max: number) => text(max).min(1, 'required');
/** Free text that keeps line breaks (descriptions). */
const multilineText = (max: number) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    // Control characters other than tab and line breaks.
    .regex(/^(?:(?![\p{Cc}])[^]|[\t\n\r])*$/u, 'must not contain control characters');

// ---------------------------------------------------------------------------------------------------
// Setting codes and their payloads

/** `HH:mm`, 00:00-23:59. */

/** A colour as `#rgb` or `#rrggbb` (what the colour pickers produce). */
export const HEX_COLOR_PATTERN = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const hexColorSchema = z.string().trim().regex(HEX_COLOR_PATTERN, 'must be a colour #rrggbb');

/** One entry of a setting's list (spec S1.3: level, star, color, id, text). */
export const settingListItemSchema = z.strictObject({
  id: z.union([z.string().trim().min(1).max(40), z.number().int()]).describe('stable key of the entry'),
  text: requiredText(50).describe('label shown to users'),
  color: hexColorSchema.optional(),
  level: z.number().int().min(1).max(10).optional(),
  star: z.number().int().min(0).max(5).optional(),
  enable: z.boolean().optional(),
});
export type SettingListItem = z.infer<typeof settingListItemSchema>;

const uniqueIds = (items: { id: string | number }[]) =>
  new Set(items.map((i) => String(i.id))).size === items.length;
const settingList = (max: number) =>
  z
    .array(settingListItemSchema)
    .max(max, `at most ${max} entries`)
    .refine(uniqueIds, 'entries must have different ids')
    .default([]);

const emptyValue = z.strictObject({});

/** Booking calendar window (yyrlqzsjsz): defaults 08:00-22:00 (spec S1.5.3). */
const timeWindowValue = z
  .strictObject({
    startTime: clockTimeSchema.default('08:00'),
    endTime: clockTimeSchema.default('22:00'),
  })
  .refine((v) => v.startTime < v.endTime, { message: 'must be after startTime', path: ['endTime'] });

/** Assessment before counselling: 0 none, 13 telephone assessment, 15 first interview, 17 assessment (spec S1.4). */
export const ASSESS_MODES = [0, 13, 15, 17] as const;

/**
 * How long the personal-data access log is kept when the school switches retention on. At least six
 * months: the Cybersecurity Law (art. 21) asks network logs to be kept that long; at most ten years.
 */
export const ACCESS_LOG_RETENTION_MIN_DAYS = 180;
export const ACCESS_LOG_RETENTION_MAX_DAYS = 3650;
export const ACCESS_LOG_RETENTION_DEFAULT_DAYS = 365;

/**
 * The payload (`value`) each known setting code accepts. A code missing here is refused with 400; the
 * record's `enable` flag is separate. Meanings: docs/settings-and-dictionaries.md.
 */
export const SETTING_VALUE_SCHEMAS = {
  [SETTING_CODES.singleRoleSwitch]: emptyValue,
  [SETTING_CODES.loginCaptcha]: emptyValue,
  // Switched on, the personal-data access log keeps `days` (docs/settings-and-dictionaries.md).
  [SETTING_CODES.accessLogRetention]: z.strictObject({
    days: z
      .number()
      .int('must be a whole number of days')
      .min(ACCESS_LOG_RETENTION_MIN_DAYS, `at least ${ACCESS_LOG_RETENTION_MIN_DAYS} days`)
      .max(ACCESS_LOG_RETENTION_MAX_DAYS, `at most ${ACCESS_LOG_RETENTION_MAX_DAYS} days`)
      .default(ACCESS_LOG_RETENTION_DEFAULT_DAYS)
      .describe('days an entry of the personal-data access log is kept'),
  }),
  [AGREEMENT_SETTING_CODE]: agreementSettingValueSchema.strict(),
  // All-app settings (spec S0.7.8), also pruning menus (S0.4.4).
  zxyyms: z.strictObject({
    bookingCheckEnable: z.boolean().default(false).describe('bookings wait for the centre to approve'),
    assessMode: z
      .union([z.literal(0), z.literal(13), z.literal(15), z.literal(17)])
      .default(0)
      .describe('0 none, 13 telephone assessment, 15 first interview, 17 assessment'),
  }),
  yymssz: z.strictObject({
    switchFlag: z
      .union([z.literal(1), z.literal(2)])
      .default(1)
      .describe('1 the visitor picks a slot, 2 the visitor asks and the centre assigns'),
  }),
  sfqyycdy: emptyValue,
  ytmssz: z.strictObject({
    interviewEnable: z.boolean().default(false).describe('interviews may be booked by the interviewee'),
  }),
  // Business settings of spec S1.7.3.
  zxlysz: z.strictObject({ settingList: settingList(50) }),
  yyrlqzsjsz: timeWindowValue,
  yyztyssz: z.strictObject({ settingList: settingList(20) }),
  djsz: z.strictObject({ settingList: settingList(10) }),
  wtlxsz: z.strictObject({
    questions: z
      .array(settingListItemSchema.pick({ id: true, text: true, enable: true }))
      .max(100, 'at most 100 entries')
      .refine(uniqueIds, 'entries must have different ids')
      .default([]),
  }),
  tjzxssz: emptyValue,
  lxfwkgsz: z.strictObject({ switchFlag: z.union([z.literal(0), z.literal(1)]).default(0) }),
  hdzxmssz: z.strictObject({ bookingCheckEnable: z.boolean().default(false) }),
  ddxssz: z.strictObject({
    supervisionForms: z
      .array(z.union([z.literal(1), z.literal(2), z.literal(3)]))
      .max(3)
      .default([1, 2])
      .refine((a) => new Set(a).size === a.length, 'must not repeat a form')
      .describe('1 individual, 2 group, 3 peer supervision'),
  }),
  pgddjlsz: z.strictObject({
    supervisionForms: z.array(idSchema).max(20, 'at most 20 forms').default([]).describe('record form ids'),
  }),
  txddjlsz: z.strictObject({
    supervisionForms: z.array(idSchema).max(20, 'at most 20 forms').default([]).describe('record form ids'),
  }),
  // Time slots of the time-grid fields (spec 001 section 3; findScheduleTime, docs/builder-helpers.md).
  sjdsz: timeSlotSettingValueSchema,
  // The school's consultation agreement (CONSULT_AGREEMENT_SETTING_CODE; docs/cases.md 7): switched on with
  // a text, visitors agree to it instead of the default; each agreement keeps the text it was given to.
  consultAgreement: z.strictObject({
    title: z.string().trim().max(100, 'at most 100 characters').default(''),
    content: z.string().max(20000, 'at most 20000 characters').default('').describe('plain text'),
  }),
} as const satisfies Record<string, z.ZodType>;

export type SettingCode = keyof typeof SETTING_VALUE_SCHEMAS;
export const KNOWN_SETTING_CODES = Object.keys(SETTING_VALUE_SCHEMAS) as SettingCode[];
/** The all-app settings (spec S0.7.8): the four that prune menus, and the single-role switch. */
export const ALL_APP_SETTING_CODES = [
  'zxyyms',
  'yymssz',
  'sfqyycdy',
  'ytmssz',
  SETTING_CODES.singleRoleSwitch,
] as const satisfies readonly SettingCode[];

export function isKnownSettingCode(code: string): code is SettingCode {
  return Object.hasOwn(SETTING_VALUE_SCHEMAS, code);
}

/** The value a code has when the school has not saved it. */
export function defaultSettingValue(code: SettingCode): Record<string, unknown> {
  return SETTING_VALUE_SCHEMAS[code].parse({}) as Record<string, unknown>;
}

export const settingCodeSchema = z
  .string()
  .refine(isKnownSettingCode, 'not a known setting code') as unknown as z.ZodType<SettingCode>;

/** A setting as it is saved: the code, its switch and its payload (validated per code). */
export const settingInputSchema = z
  .object({
    type: z.string().describe('setting code'),
    enable: z.boolean().describe('switched on'),
    value: z.record(z.string(), z.unknown()).default({}).describe('payload; its shape depends on the code'),
  })
  .superRefine((s, ctx) => {
    if (!isKnownSettingCode(s.type)) {
      ctx.addIssue({ code: 'custom', path: ['type'], message: 'not a known setting code' });
      return;
    }
    const r = SETTING_VALUE_SCHEMAS[s.type].safeParse(s.value);
    if (!r.success) {
      for (const issue of r.error.issues)
        ctx.addIssue({ code: 'custom', path: ['value', ...issue.path], message: issue.message });
    }
  })
  .transform((s) => ({
    type: s.type as SettingCode,
    enable: s.enable,
    value: SETTING_VALUE_SCHEMAS[s.type as SettingCode].parse(s.value) as Record<string, unknown>,
  }));
export type SettingInput = z.input<typeof settingInputSchema>;

/** A setting's state: saved, or the code's default (`saved` false) when the school never saved it. */
export const settingStateSchema = z.object({
  type: z.string(),
  enable: z.boolean(),
  value: z.record(z.string(), z.unknown()),
  saved: z.boolean().describe('false: the school has not saved this code; enable and value are defaults'),
  updatedAt: dateTimeSchema.nullable(),
});
export type SettingState = z.infer<typeof settingStateSchema>;

export const saveSettingEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/setting/manage',
  summary: 'Saves one setting (code, switch, payload validated per code); unknown codes are refused',
  tags: ['settings'],
  body: settingInputSchema,
  response: settingStateSchema,
});

export const saveSettingsBatchEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/setting/manage/type/batch',
  summary: 'Saves several settings at once: all or none',
  tags: ['settings'],
  body: z
    .array(settingInputSchema)
    .min(1, 'give at least one setting')
    .max(50, 'at most 50 settings')
    .refine((a) => new Set(a.map((s) => s.type)).size === a.length, 'a code may appear once'),
  response: z.array(settingStateSchema),
});

export const firstSettingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/setting/inner/manage/type/getFirst',
  summary: "A setting's state by code, the default when never saved (never null)",
  tags: ['settings'],
  query: z.object({ type: settingCodeSchema }),
  response: settingStateSchema,
});

export const allAppSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/setting/manage/allApp',
  summary: 'The all-app settings (zxyyms, yymssz, sfqyycdy, ytmssz, singleRoleSwitch) in one call',
  tags: ['settings'],
  response: z.record(z.string(), settingStateSchema),
});

export const settingListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/setting/manage/list',
  summary: 'Every known setting code with its state (the settings page)',
  tags: ['settings'],
  response: z.array(settingStateSchema),
});

// ---------------------------------------------------------------------------------------------------
// Sites and rooms (spec S1.7.4)

const sitePhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 -]{3,18}[0-9]$/, 'must be a phone number (digits, spaces, -)');

export const roomInputSchema = z.object({
  id: idSchema.optional().describe('an existing room of the site; omitted for a new room'),
  name: requiredText(50),
  capacity: z.coerce.number().int().min(1).max(1000).nullish(),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
});

const siteFields = {
  name: requiredText(50).describe('site name, unique in the school'),
  address: text(200).nullish(),
  phone: z.union([z.literal(''), sitePhoneSchema]).nullish(),
  description: multilineText(500).nullish(),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
  rooms: z
    .array(roomInputSchema)
    .max(100, 'at most 100 rooms')
    .default([])
    .refine(
      (rooms) => new Set(rooms.map((r) => r.name.trim())).size === rooms.length,
      'two rooms of a site cannot have the same name',
    ),
};

export const roomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export const siteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
  rooms: z.array(roomSchema),
  updatedAt: dateTimeSchema,
});
export type Site = z.infer<typeof siteSchema>;

export const siteListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/setting/site',
  summary: 'Sites (counselling places) with their rooms, paged',
  tags: ['settings'],
  query: boundedPageQuery(100).extend({
    name: text(50).optional().describe('part of the site name'),
    enabled: z.enum(['true', 'false']).optional().describe('only enabled or only disabled sites'),
  }),
  response: pageOf(siteSchema),
});

export const createSiteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/setting/site',
  summary: 'Adds a site with its rooms',
  tags: ['settings'],
  body: z.object(siteFields),
  response: siteSchema,
});

export const updateSiteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/setting/site/updateSite',
  summary: 'Changes a site; its rooms become the list given (rooms left out are removed)',
  tags: ['settings'],
  body: z.object({ id: idSchema, ...siteFields }),
  response: siteSchema,
});

export const deleteSiteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/public/setting/site/delete',
  summary: 'Removes a site and its rooms (kept for the records that name them)',
  tags: ['settings'],
  body: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------------
// Page setup (spec S0.1.7, S0.7.16)

/** Largest uploaded icon or logo, decoded (data URL). */
export const PAGE_SETUP_IMAGE_MAX_BYTES = 256 * 1024;
/** Types a new icon or logo may have; the server re-encodes it (an .ico already stored is kept until replaced). */
export const PAGE_SETUP_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const DATA_URL_PATTERN = /^data:(image\/(?:png|jpeg|gif|webp|x-icon));base64,([A-Za-z0-9+/]+={0,2})$/;

/** Decoded size of a base64 payload. */
export function base64DecodedBytes(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/**
 * An icon or logo: an http(s) or root-relative address, or an image as a base64 data URL (png, jpeg,
 * gif, webp, ico) of at most 256 KiB. SVG is refused: it can carry script.
 */
export const pageSetupImageSchema = z
  .string()
  .trim()
  .max(400_000, 'image too large: at most 256 KB')
  .superRefine((v, ctx) => {
    if (v === '') return;
    const data = DATA_URL_PATTERN.exec(v);
    if (data) {
      if (base64DecodedBytes(data[2]!) > PAGE_SETUP_IMAGE_MAX_BYTES)
        ctx.addIssue({ code: 'custom', message: 'image too large: at most 256 KB' });
      return;
    }
    if (v.startsWith('data:')) {
      ctx.addIssue({ code: 'custom', message: 'must be a png, jpeg, gif, webp or ico image' });
      return;
    }
    const isAddress =
      v.length <= 2000 && (/^https?:\/\/[^\s"'<>]+$/i.test(v) || /^\/(?!\/)[^\s"'<>]*$/.test(v));
    if (!isAddress) ctx.addIssue({ code: 'custom', message: 'must be an http(s) address or an image' });
  });

export const savePageSetupEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/pageSetup/saveOrUpdatePageSetup',
  summary: "Saves the school's page setup (titles, icon, logo, theme colour)",
  tags: ['settings'],
  body: z.object({
    tenantId: idSchema.nullish().describe("the caller's own school; another id is refused with 403"),
    systemTitle: text(50).nullish(),
    browserTitle: text(50).nullish(),
    browserIcon: pageSetupImageSchema.nullish(),
    technicalSupport: text(100).nullish(),
    navigateLogo: pageSetupImageSchema.nullish(),
    layoutThemeColor: z
      .union([z.literal(''), hexColorSchema])
      .nullish()
      .describe('#rrggbb; white is kept but shown as the default blue'),
  }),
  response: pageSetupSchema,
});

// ---------------------------------------------------------------------------------------------------
// Dictionaries (spec S0.3 field library, S0.7 'Departments and dictionaries')

export const DICT_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;
const dictNameSchema = z
  .string()
  .trim()
  .regex(DICT_NAME_PATTERN, 'letters, digits and _, starting with a letter (at most 60)');
const dictValueSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,40}$/, 'letters, digits, _ . - (at most 40)');

export const dictTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  system: z.boolean().describe('seeded with the platform: cannot be deleted or renamed'),
  itemCount: z.number().int(),
});
export type DictType = z.infer<typeof dictTypeSchema>;

export const dictAdminItemSchema = dictItemSchema.extend({
  dictId: z.number().int(),
  enabled: z.boolean().describe('disabled items are kept but no longer offered'),
});
export type DictAdminItem = z.infer<typeof dictAdminItemSchema>;

export const dictPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dict/page',
  summary: 'Dictionaries of the school, paged',
  tags: ['dictionaries'],
  query: boundedPageQuery(100).extend({
    name: text(60).optional().describe('part of the name or description'),
  }),
  response: pageOf(dictTypeSchema),
});

export const createDictEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/dict',
  summary: 'Adds a dictionary',
  tags: ['dictionaries'],
  body: z.object({ name: dictNameSchema, description: text(200).nullish() }),
  response: dictTypeSchema,
});

export const updateDictEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/dict',
  summary: "Changes a dictionary's description (the name is what forms refer to: fixed)",
  tags: ['dictionaries'],
  body: z.object({ id: idSchema, description: text(200).nullish() }),
  response: dictTypeSchema,
});

export const deleteDictEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/admin/dict/:id',
  summary: 'Deletes a dictionary the school added (seeded ones cannot be deleted)',
  tags: ['dictionaries'],
  params: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});

export const dictItemListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dict/item/list',
  summary: 'Every item of one dictionary, disabled ones included (the administration page)',
  tags: ['dictionaries'],
  query: z.object({ dictId: idSchema }),
  response: z.array(dictAdminItemSchema),
});

const itemFields = {
  label: requiredText(100).describe('Chinese label'),
  labelEn: text(100).nullish().describe('English label'),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
};

export const createDictItemEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/dict/item',
  summary: 'Adds an item; its value is fixed from then on and never reused',
  tags: ['dictionaries'],
  body: z.object({ dictId: idSchema, value: dictValueSchema, ...itemFields }),
  response: dictAdminItemSchema,
});

export const updateDictItemEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/dict/item',
  summary: "Changes an item's labels, order or switch (not its value)",
  tags: ['dictionaries'],
  body: z.object({ id: idSchema, ...itemFields }),
  response: dictAdminItemSchema,
});

export const deleteDictItemEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/admin/dict/item/:id',
  summary: 'Removes an item from the lists; stored answers keep its value, which is never reused',
  tags: ['dictionaries'],
  params: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});
