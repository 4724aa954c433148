import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import { TIME_SLOT_TYPES, isTimeSlotType } from './time-slots';

/**
 * Lookups the form builder's fields use (spec S0.7.21 "Builder helpers"; docs/builder-helpers.md).
 * Option lists answer `{ value, label }` in the caller's language (the option-list convention of the
 * form engine: a column's `dicUrl` may name one of these paths without `/biz`).
 */

/** The dictionary behind `GET /plantest/interview/results/list` (S0.5.13: only entries with status 1). */
export const INTERVIEW_RESULT_DICT = 'interviewAssessResult';
/** The dictionary behind `GET /activity/schemeCategory`. */
export const SCHEME_CATEGORY_DICT = 'activitySchemeCategory';

/** An option of a lookup list: a dictionary item switched on (`status` 1), labelled in the caller's language. */
export const lookupOptionSchema = z.object({
  value: z.string(),
  label: z.string().describe("in the caller's language (Accept-Language)"),
  status: z.literal(1).describe('1: switched on (items switched off are not listed)'),
});
export type LookupOption = z.infer<typeof lookupOptionSchema>;

export const interviewResultsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/plantest/interview/results/list',
  summary:
    'First-interview assessment results offered to forms: the interviewAssessResult dictionary items switched on, in order',
  tags: ['builder-helpers'],
  response: z.array(lookupOptionSchema),
});

export const schemeCategoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/activity/schemeCategory',
  summary: 'Activity scheme categories: the activitySchemeCategory dictionary items switched on, in order',
  tags: ['builder-helpers'],
  response: z.array(lookupOptionSchema),
});

const TYPE_MESSAGE = `must be one of ${TIME_SLOT_TYPES.join(', ')}`;

export const findScheduleTimeBodySchema = z.object({
  type: z
    .number({ message: TYPE_MESSAGE })
    .refine(isTimeSlotType, TYPE_MESSAGE)
    .describe('2 consult, 15 first interview, 17 assessment, 18 psychological counselling, 19 family'),
  siteId: idSchema.optional().describe('a site: its own slots when it has some, else the school-wide ones'),
});

export const scheduleTimeSchema = z.object({
  type: z.number().int(),
  slots: z.array(z.object({ time: z.string().describe('HH:mm-HH:mm'), weeks: z.array(z.number().int()) })),
  configured: z.boolean().describe("false: the school has no slots for the type; the spec's default"),
});
export type ScheduleTime = z.infer<typeof scheduleTimeSchema>;

export const findScheduleTimeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/findScheduleTime',
  summary:
    'Time slots a time-grid field offers for a type (setting sjdsz); the default 08:00-18:00 window when none are set',
  tags: ['builder-helpers'],
  body: findScheduleTimeBodySchema,
  response: scheduleTimeSchema,
});

/** repeatStatus (S0.3.19): 1 no, 2 yes. */
export const REPEAT_STATUS = { no: 1, yes: 2 } as const;

export const calculateIsRepeatBodySchema = z.object({
  userId: idSchema.describe('the visitor'),
  eventSign: z
    .string()
    .trim()
    .max(200, 'at most 200 characters')
    .optional()
    .describe('the current event: its own answers are not counted'),
});

export const repeatVisitSchema = z.object({
  repeatStatus: z.union([z.literal(1), z.literal(2)]).describe('1 no, 2 yes'),
  count: z.number().int().describe('earlier records about the visitor'),
  lastDate: z.string().nullable().describe('time of the latest earlier record (ISO), null when none'),
});
export type RepeatVisit = z.infer<typeof repeatVisitSchema>;

export const calculateIsRepeatEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/register/calculateIsRepeat',
  summary:
    'Whether a visitor is a repeat visitor: submitted case-record, intake or first-interview answers about them (other than this event)',
  tags: ['builder-helpers'],
  body: calculateIsRepeatBodySchema,
  response: repeatVisitSchema,
});
