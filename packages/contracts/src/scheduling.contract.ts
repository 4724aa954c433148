import { z } from 'zod';
import { DUTY_STATUSES, SLOT_CATEGORIES, SLOT_KINDS, type ApprovalOption } from './appointment-codes';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { downloadTaskSchema } from './downloads.contract';
import { clockTimeSchema } from './time-slots';

/**
 * Duty schedules, slots, sites and rooms, terms and the booking rules (spec S1.4.4, S1.7.10-S1.7.14;
 * issue 13). Design and every decision: docs/appointments.md. Paths are served under `/biz`.
 */

// ---------------------------------------------------------------------------------------------------
// Permission keys (seed/catalog.ts, product APPOINTMENT)

export const APPOINTMENT_PERMISSIONS = {
  scheduleView: 'consult_schedule_view',
  scheduleEdit: 'consult_schedule_edit',
  policyEdit: 'consult_policy_edit',
  appointmentView: 'consult_appointment_view',
  appointmentBook: 'consult_appointment_book',
  appointmentDesk: 'consult_appointment_desk',
  appointmentManage: 'consult_appointment_manage',
  approve: 'consult_approve',
  bookingOverride: 'consult_booking_override',
  waitlistManage: 'consult_waitlist_manage',
} as const;

// ---------------------------------------------------------------------------------------------------
// Shared values

/** An instant in a request: ISO 8601 with a zone or Z. */
export const instantSchema = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 time with a zone',
});

/** Whether the runtime knows an IANA time-zone name (Asia/Shanghai, Europe/Berlin). */
export function isKnownTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,60}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const slotCategorySchema = z
  .number({ message: 'must be one of 2, 10, 15, 17, 18, 19' })
  .int()
  .refine((n) => (SLOT_CATEGORIES as readonly number[]).includes(n), 'must be one of 2, 10, 15, 17, 18, 19');
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idSchema.optional());
const dateRange = {
  startDate: dateSchema.describe('first day, school time'),
  endDate: dateSchema.describe('last day, included'),
};
const refineRange = <T extends { startDate: string; endDate: string }>(v: T) => v.startDate <= v.endDate;
const RANGE_MESSAGE = { message: 'must not be before startDate', path: ['endDate'] };

// ---------------------------------------------------------------------------------------------------
// The booking rules (policy)

const approvalRuleSchema = (required: boolean) =>
  z.strictObject({
    required: z.boolean().default(required).describe('false: the request takes effect at once'),
    mode: z
      .union([z.literal(1), z.literal(2), z.literal(3)])
      .default(3)
      .describe('1 sequential, 2 all must agree, 3 any one decides (S1.4.5)'),
    approverIds: z
      .array(idSchema)
      .max(10, 'at most 10 approvers')
      .refine((a) => new Set(a).size === a.length, 'an approver may appear once')
      .default([])
      .describe('approvers in order; empty: any holder of consult_approve decides alone'),
    counsellorFirst: z.boolean().default(false).describe("the appointment's counsellor approves first"),
  });

/**
 * The school's booking rules (docs/appointments.md section 1). Strict: an unknown key is refused; a school
 * that never saved them reads these defaults.
 */
export const schedulingPolicySchema = z.strictObject({
  timeZone: z
    .string()
    .refine(isKnownTimeZone, 'must be an IANA time zone such as Asia/Shanghai')
    .default('Asia/Shanghai')
    .describe("the school's zone: days, '17:00 the day before' and terms are computed in it"),
  bookingWindowDays: z
    .number()
    .int()
    .min(1)
    .max(180)
    .default(14)
    .describe('how far ahead a visitor may book'),
  minLeadMinutes: z.number().int().min(0).max(10_080).default(60).describe('minimum notice for self-booking'),
  maxUpcomingPerVisitor: z
    .number()
    .int()
    .min(1)
    .max(10)
    .default(1)
    .describe('upcoming appointments a visitor may hold per type group'),
  leaveDeadlineHour: z
    .number()
    .int()
    .min(0)
    .max(23)
    .default(17)
    .describe('leave or cancel before this hour the day before, else it counts as a no-show (S1.4.15)'),
  leaveLimitPerTerm: z
    .number()
    .int()
    .min(0)
    .max(20)
    .default(2)
    .describe('leaves per term; later ones count as no-shows'),
  noShowLimitPerTerm: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(2)
    .describe('no-shows in a term that stop booking'),
  sessionsPerTerm: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(6)
    .describe('counselling sessions per term (S1.1.10)'),
  arriveEarlyMinutes: z.number().int().min(0).max(120).default(15).describe('arrive this early (S1.1.10)'),
  reminderLeadMinutes: z
    .array(z.number().int().min(5).max(10_080))
    .max(3, 'at most 3 reminders')
    .refine((a) => new Set(a).size === a.length, 'a reminder time may appear once')
    .default([1440, 120])
    .describe('reminders this many minutes before a session'),
  smsReminders: z.boolean().default(true).describe('reminders and waiting-list offers also by SMS'),
  waitlistClaimHours: z.number().int().min(1).max(168).default(12).describe('time to claim an offered slot'),
  waitlistMinClaimMinutes: z.number().int().min(5).max(1440).default(30),
  singleSessionWaitDays: z
    .number()
    .int()
    .min(1)
    .max(365)
    .default(28)
    .describe('after this wait a visitor of willingness 2 also takes single sessions (S1.9.5)'),
  peerTalkEnabled: z.boolean().default(false).describe('offer peer talk (type 20)'),
  recordLockDays: z
    .number()
    .int()
    .min(1)
    .max(90)
    .default(7)
    .describe('days after a session before its unsigned case record locks (docs/cases.md 4)'),
  approvals: z
    .strictObject({
      '1': approvalRuleSchema(false).prefault({}),
      '2': approvalRuleSchema(false).prefault({}),
      '3': approvalRuleSchema(true).prefault({}),
      '4': approvalRuleSchema(false).prefault({}),
      '7': approvalRuleSchema(true).prefault({}),
      '8': approvalRuleSchema(true).prefault({}),
    })
    .prefault({})
    .describe(
      'per approval option (1 booking, 2 leave, 3 extension, 4 visitor cancel, 7 extension lock, 8 unlock)',
    ),
});
export type SchedulingPolicy = z.infer<typeof schedulingPolicySchema>;
export type SchedulingPolicyInput = z.input<typeof schedulingPolicySchema>;
export type ApprovalRule = SchedulingPolicy['approvals']['1'];
export const approvalRuleOf = (p: SchedulingPolicy, option: ApprovalOption): ApprovalRule =>
  p.approvals[String(option) as keyof SchedulingPolicy['approvals']];
export const DEFAULT_SCHEDULING_POLICY: SchedulingPolicy = schedulingPolicySchema.parse({});

export const policyAnswerSchema = z.object({
  policy: schedulingPolicySchema.describe('the rules, defaults filled in'),
  saved: z.boolean().describe('false: the school never saved them'),
  updatedAt: dateTimeSchema.nullable(),
});

export const getPolicyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/policy',
  summary: "The school's booking rules (time zone, window, deadlines, limits, approvals)",
  tags: ['scheduling'],
  response: policyAnswerSchema,
});

export const savePolicyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/policy',
  summary: 'Saves the booking rules (strict: unknown keys refused)',
  tags: ['scheduling'],
  body: schedulingPolicySchema,
  response: policyAnswerSchema,
});

// ---------------------------------------------------------------------------------------------------
// Terms and holidays

const nameSchema = z.string().trim().min(1, 'required').max(50, 'at most 50 characters');

export const termSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export const termListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/term/list',
  summary: "The school's terms, by first day",
  tags: ['scheduling'],
  response: z.array(termSchema),
});
export const saveTermEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/term/save',
  summary: 'Adds or changes a term; terms never overlap (409)',
  tags: ['scheduling'],
  body: z
    .object({ id: idSchema.optional(), name: nameSchema, ...dateRange })
    .refine(refineRange, RANGE_MESSAGE),
  response: termSchema,
});
export const deleteTermEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/term/delete',
  summary: 'Removes a term (its days fall back to the half-year)',
  tags: ['scheduling'],
  body: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});

export const holidaySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export const holidayListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/holiday/list',
  summary: 'Holidays overlapping a range of days',
  tags: ['scheduling'],
  query: z.object({ startDate: dateSchema.optional(), endDate: dateSchema.optional() }),
  response: z.array(holidaySchema),
});
export const saveHolidayEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/holiday/save',
  summary:
    "Adds a holiday: that days' free slots are withdrawn and their appointments cancelled (visitors told)",
  tags: ['scheduling'],
  body: z
    .object({ name: nameSchema, ...dateRange })
    .refine(refineRange, RANGE_MESSAGE)
    .refine((v) => v.endDate <= addDaysIso(v.startDate, 366), {
      message: 'at most a year',
      path: ['endDate'],
    }),
  response: holidaySchema.extend({
    withdrawnSlots: z.number().int(),
    cancelledAppointments: z.number().int(),
  }),
});
export const deleteHolidayEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/holiday/delete',
  summary: 'Removes a holiday (withdrawn slots are not put back)',
  tags: ['scheduling'],
  body: z.object({ id: idSchema }),
  response: z.object({ id: z.number().int() }),
});

function addDaysIso(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------
// Sites (extending the settings module's sites: notice, departments served, categories offered)

export const bookingRoomSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int().nullable(),
});
export const bookingSiteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  description: z.string().nullable(),
  notice: z.string().nullable().describe('shown once per user and version'),
  noticeVersion: z.number().int(),
  categories: z.array(z.number().int()).describe('categories offered; empty: all'),
  deptIds: z.array(z.number().int()).describe('departments served (with their subtrees); empty: everyone'),
  rooms: z.array(bookingRoomSchema),
});
export type BookingSite = z.infer<typeof bookingSiteSchema>;

export const commonSiteListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/common/site/list',
  summary: 'Enabled sites the caller may use (a visitor: sites serving their department), with rooms',
  tags: ['scheduling'],
  response: z.array(bookingSiteSchema),
});
const siteIdQuery = z.object({ siteId: idSchema.describe('site id') });
export const existNoticeCacheEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/common/site/existNoticeCache',
  summary: "Whether the caller has seen the site's current notice",
  tags: ['scheduling'],
  query: siteIdQuery,
  response: z.object({ exist: z.boolean(), notice: z.string().nullable(), noticeVersion: z.number().int() }),
});
export const saveNoticeCacheEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/common/site/saveNoticeCache',
  summary: "Marks the site's current notice seen by the caller",
  tags: ['scheduling'],
  query: siteIdQuery,
  response: z.object({ exist: z.boolean(), notice: z.string().nullable(), noticeVersion: z.number().int() }),
});
export const siteListByTypeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/common/site/permission/findSiteListByType',
  summary: 'Sites offering a slot category that the caller may use',
  tags: ['scheduling'],
  query: z.object({ type: z.coerce.number().int().pipe(slotCategorySchema).describe('slot category') }),
  response: z.array(bookingSiteSchema),
});
export const roomListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/room/findRoomList',
  summary: "A site's live, enabled rooms",
  tags: ['scheduling'],
  query: siteIdQuery,
  response: z.array(bookingRoomSchema),
});
export const deptVerifyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/site/deptVerify',
  summary: "Whether a department (the caller's by default) is served by some site, and which",
  tags: ['scheduling'],
  query: z.object({ deptId: optionalId.describe("department; default: the caller's") }),
  response: z.object({ verified: z.boolean(), siteIds: z.array(z.number().int()) }),
});
export const singleDeptSiteEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/site/singleDeptSite',
  summary:
    "The site serving a department (the caller's by default): the one naming it or its nearest ancestor",
  tags: ['scheduling'],
  query: z.object({ deptId: optionalId }),
  response: bookingSiteSchema.nullable(),
});
export const multiDeptSiteListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/site/findMultiDeptSiteListPC',
  summary: 'Sites serving any of some departments (staff)',
  tags: ['scheduling'],
  query: z.object({
    deptIds: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
        z.array(idSchema).max(100),
      )
      .describe('department ids, repeated or comma-separated'),
  }),
  response: z.array(bookingSiteSchema),
});
export const siteProfileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/site/profile',
  summary: "A site's booking profile: notice, departments served, categories offered",
  tags: ['scheduling'],
  query: siteIdQuery,
  response: bookingSiteSchema,
});
export const saveSiteProfileEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/site/profile/save',
  summary: "Sets a site's notice (a changed text is shown again to everyone), departments and categories",
  tags: ['scheduling'],
  body: z.object({
    siteId: idSchema,
    notice: z.string().max(2000, 'at most 2000 characters').nullish(),
    deptIds: z.array(idSchema).max(200).default([]),
    categories: z.array(slotCategorySchema).max(6).default([]),
  }),
  response: bookingSiteSchema,
});

// ---------------------------------------------------------------------------------------------------
// Slots and duty shifts

export const slotAppointmentSchema = z.object({
  id: z.number().int(),
  type: z.number().int(),
  status: z.string(),
  interviewStatus: z.number().int(),
  visitorId: z.number().int(),
  visitorName: z.string(),
});
export const slotSchema = z.object({
  id: z.number().int(),
  counsellorId: z.number().int(),
  counsellorName: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  roomId: z.number().int().nullable(),
  roomName: z.string().nullable(),
  kind: z.enum(SLOT_KINDS),
  category: z.number().int(),
  startTime: dateTimeSchema,
  endTime: dateTimeSchema,
  status: z
    .number()
    .int()
    .nullable()
    .describe('1 bookable, 10 released-bookable, 2 booked, 3 completed; null for duty'),
  dutyStatus: z.enum(DUTY_STATUSES).nullable().describe('duty shifts: ok, appointment, complete'),
  offered: z.boolean().describe('a released slot currently offered to a waiting visitor'),
  appointments: z.array(slotAppointmentSchema).describe('live appointments in it (staff views only)'),
});
export type Slot = z.infer<typeof slotSchema>;

const slotFilter = {
  counsellorId: optionalId.describe('one counsellor'),
  siteId: optionalId,
  roomId: optionalId,
  kind: z.enum(SLOT_KINDS).optional(),
  category: z.number().int().optional(),
  status: z.number().int().optional().describe('slot status'),
};
export const schedulePageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/page',
  summary: 'Slots and duty shifts, by start; a counsellor without the view permission sees their own',
  tags: ['scheduling'],
  body: boundedPageQuery(200).extend({
    ...slotFilter,
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
  }),
  response: pageOf(slotSchema),
});

const slotTimeSchema = z
  .object({ date: dateSchema, startTime: clockTimeSchema, endTime: clockTimeSchema })
  .refine((s) => s.startTime < s.endTime, { message: 'must be after startTime', path: ['endTime'] });
export const saveScheduleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/save',
  summary:
    "Adds slots or duty shifts on dates (wall-clock times in the school's zone); a clash refuses all (409)",
  tags: ['scheduling'],
  body: z
    .object({
      counsellorId: idSchema,
      siteId: idSchema,
      roomId: idSchema.nullish(),
      kind: z.enum(SLOT_KINDS).default('consult'),
      category: slotCategorySchema.optional().describe('required for consult slots'),
      slots: z.array(slotTimeSchema).min(1, 'give at least one slot').max(500, 'at most 500 slots'),
    })
    .refine((b) => b.kind !== 'consult' || b.category !== undefined, {
      message: 'required for a bookable slot',
      path: ['category'],
    }),
  response: z.object({ created: z.array(slotSchema) }),
});
export const deleteScheduleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/delete',
  summary: 'Removes free slots or duty shifts without appointments (a booked one: 409, cancel it first)',
  tags: ['scheduling'],
  body: z.object({ ids: z.array(idSchema).min(1, 'please tick the data to delete').max(500) }),
  response: z.object({ deleted: z.number().int() }),
});

export const templateItemSchema = z
  .object({
    week: z.number().int().min(1, 'must be a weekday 1-7').max(7, 'must be a weekday 1-7'),
    startTime: clockTimeSchema,
    endTime: clockTimeSchema,
    siteId: idSchema,
    roomId: idSchema.nullish(),
    kind: z.enum(SLOT_KINDS).default('consult'),
    category: slotCategorySchema.optional(),
  })
  .refine((s) => s.startTime < s.endTime, { message: 'must be after startTime', path: ['endTime'] })
  .refine((s) => s.kind !== 'consult' || s.category !== undefined, {
    message: 'required for a bookable slot',
    path: ['category'],
  });
export const templateSchema = z.object({
  id: z.number().int(),
  counsellorId: z.number().int(),
  week: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  siteId: z.number().int(),
  roomId: z.number().int().nullable(),
  kind: z.enum(SLOT_KINDS),
  category: z.number().int(),
});
export const templateListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/template/list',
  summary: "A counsellor's week template",
  tags: ['scheduling'],
  query: z.object({ counsellorId: idSchema }),
  response: z.array(templateSchema),
});
export const saveTemplateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/template/save',
  summary: "Replaces a counsellor's week template (rows overlapping on a weekday refused)",
  tags: ['scheduling'],
  body: z.object({ counsellorId: idSchema, items: z.array(templateItemSchema).max(200, 'at most 200 rows') }),
  response: z.array(templateSchema),
});
export const generateScheduleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/generate',
  summary:
    "Makes slots from the week templates for a term or range, in the school's zone; holidays, past times and clashes skipped",
  tags: ['scheduling'],
  body: z
    .object({
      counsellorIds: z
        .array(idSchema)
        .max(1000)
        .default([])
        .describe('empty: every counsellor with a template'),
      termId: idSchema.optional(),
      startDate: dateSchema.optional(),
      endDate: dateSchema.optional(),
    })
    .refine((b) => b.termId !== undefined || (b.startDate !== undefined && b.endDate !== undefined), {
      message: 'give termId or startDate and endDate',
      path: ['termId'],
    })
    .refine((b) => !b.startDate || !b.endDate || b.startDate <= b.endDate, RANGE_MESSAGE),
  response: z.object({
    created: z.number().int(),
    counsellors: z.number().int(),
    skipped: z.object({
      holiday: z.number().int(),
      dst: z.number().int(),
      past: z.number().int(),
      conflict: z.number().int(),
    }),
  }),
});

export const weekViewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/week',
  summary: 'The week (Monday to Sunday, school time) containing a day: slots per day',
  tags: ['scheduling'],
  body: z.object({ date: dateSchema, ...slotFilter }),
  response: z.object({
    startDate: z.string(),
    endDate: z.string(),
    days: z.array(z.object({ date: z.string(), week: z.number().int(), slots: z.array(slotSchema) })),
  }),
});
export const monthViewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/month',
  summary: 'A month (school time): per day, slots by status and duty shifts',
  tags: ['scheduling'],
  body: z.object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month yyyy-MM'),
    counsellorId: optionalId,
    siteId: optionalId,
    category: z.number().int().optional(),
  }),
  response: z.object({
    month: z.string(),
    days: z.array(
      z.object({
        date: z.string(),
        bookable: z.number().int(),
        released: z.number().int(),
        booked: z.number().int(),
        completed: z.number().int(),
        duty: z.number().int(),
        counsellors: z.number().int(),
      }),
    ),
  }),
});
export const userViewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/user',
  summary: 'Per counsellor: their slots in a range (at most 31 days)',
  tags: ['scheduling'],
  body: z
    .object({
      ...dateRange,
      counsellorIds: z.array(idSchema).max(500).default([]),
      siteId: optionalId,
      category: z.number().int().optional(),
    })
    .refine(refineRange, RANGE_MESSAGE)
    .refine((b) => b.endDate <= addDaysIso(b.startDate, 30), {
      message: 'at most 31 days',
      path: ['endDate'],
    }),
  response: z.array(
    z.object({ counsellorId: z.number().int(), counsellorName: z.string(), slots: z.array(slotSchema) }),
  ),
});
export const workDateListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/workDateList',
  summary: 'Days with bookable slots and how many (the booking calendar)',
  tags: ['scheduling'],
  body: z.object({
    counsellorId: optionalId,
    siteId: optionalId,
    category: slotCategorySchema.optional(),
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
  }),
  response: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export const consultDateListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/consultDateList',
  summary: 'Days within the booking window with slots bookable for an appointment type',
  tags: ['scheduling'],
  query: z.object({
    type: z.coerce.number().int().describe('appointment type (S1.9.2)'),
    counsellorId: optionalId,
    siteId: optionalId,
  }),
  response: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export const freeSlotsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/freeSlots',
  summary: 'Slots bookable on a day for an appointment type (the booking screen), by start',
  tags: ['scheduling'],
  body: z.object({
    date: dateSchema,
    type: z.number().int().describe('appointment type (S1.9.2)'),
    counsellorId: optionalId,
    siteId: optionalId,
    visitorId: optionalId.describe('staff booking for a visitor'),
  }),
  response: z.array(slotSchema),
});
export const slotDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/workForId/:id',
  summary: 'A slot or duty shift with its appointments',
  tags: ['scheduling'],
  params: z.object({ id: idSchema }),
  response: slotSchema,
});
export const counsellorDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/counselor/detail',
  summary: "A counsellor's card for booking: categories, sites and next bookable slots",
  tags: ['scheduling'],
  query: z.object({ uid: idSchema.describe('counsellor user id') }),
  response: z.object({
    id: z.number().int(),
    realName: z.string(),
    deptName: z.string().nullable(),
    sex: z.number().int().nullable(),
    categoryIds: z.array(z.number().int()),
    accepting: z.boolean(),
    sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
    nextSlots: z.array(slotSchema),
  }),
});
export const workScheduleListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/schedule/workScheduleList',
  summary: "The caller's own slots and duty shifts in a range (at most 62 days)",
  tags: ['scheduling'],
  query: z.object(dateRange).refine(refineRange, RANGE_MESSAGE),
  response: z.array(slotSchema),
});

const periodSchema = z
  .object({ startTime: instantSchema, endTime: instantSchema })
  .refine((v) => Date.parse(v.endTime) > Date.parse(v.startTime), {
    message: 'must be after startTime',
    path: ['endTime'],
  });
export const roomStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  capacity: z.number().int().nullable(),
  free: z.boolean(),
  busy: z.array(
    z.object({
      slotId: z.number().int(),
      startTime: dateTimeSchema,
      endTime: dateTimeSchema,
      counsellorName: z.string(),
      kind: z.enum(SLOT_KINDS),
    }),
  ),
});
export const findFreeRoomsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/findFreeRooms',
  summary: 'Rooms (of a site, or all) with nothing scheduled in a period',
  tags: ['scheduling'],
  body: z.intersection(z.object({ siteId: optionalId }), periodSchema),
  response: z.array(roomStatusSchema),
});
export const findRoomsWithStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/findRoomsWithStatus',
  summary: "A site's rooms on a day with what occupies them",
  tags: ['scheduling'],
  body: z.object({ siteId: idSchema, date: dateSchema }),
  response: z.array(roomStatusSchema),
});
export const searchFreeRoomWithStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/searchFreeRoomWithStatus',
  summary: 'Rooms by name and site with their status in a period (free first)',
  tags: ['scheduling'],
  body: z.intersection(
    z.object({ siteId: optionalId, name: z.string().trim().max(50).optional() }),
    periodSchema,
  ),
  response: z.array(roomStatusSchema),
});
export const updateScheduleRoomEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/updateScheduleRoom',
  summary: 'Assigns a room to slots (null clears it); a room busy at one of their times refuses all (409)',
  tags: ['scheduling'],
  body: z.object({ ids: z.array(idSchema).min(1).max(500), roomId: idSchema.nullable() }),
  response: z.object({ updated: z.number().int() }),
});
export const telephoneWorkListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/telephoneWorkList',
  summary: 'Telephone duty shifts in a range',
  tags: ['scheduling'],
  body: z.object({ ...dateRange, counsellorId: optionalId }).refine(refineRange, RANGE_MESSAGE),
  response: z.array(slotSchema),
});
export const completeDutyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/duty/complete',
  summary: 'Closes a duty shift (duty status complete)',
  tags: ['scheduling'],
  body: z.object({ id: idSchema }),
  response: slotSchema,
});
export const scheduleExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/schedule/scheduleExport',
  summary: 'Starts an XLSX export of slots (a download task; the file list has it when done)',
  tags: ['scheduling'],
  body: z.object({ ...slotFilter, ...dateRange }).refine(refineRange, RANGE_MESSAGE),
  response: downloadTaskSchema,
});

// ---------------------------------------------------------------------------------------------------
// Workforce calls that need the schedule (spec S1.7.12)

export const dutyCounsellorSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  label: z.string(),
  realName: z.string(),
  deptName: z.string().nullable(),
  slotId: z.number().int().describe('the duty shift'),
  startTime: dateTimeSchema,
  endTime: dateTimeSchema,
  dutyStatus: z.enum(DUTY_STATUSES),
});
const atBody = z.object({ at: instantSchema.optional().describe('default: now') });
export const mannedFreeUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/workforce/schedule/freeUser/manned',
  summary: 'Counsellors on on-site (manned) duty at a time',
  tags: ['workforce'],
  body: atBody,
  response: z.array(dutyCounsellorSchema),
});
export const telephoneFreeUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/workforce/schedule/freeUser/fromTelephone',
  summary: 'Counsellors on telephone duty at a time',
  tags: ['workforce'],
  body: atBody,
  response: z.array(dutyCounsellorSchema),
});
export const workforceAllEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/workforce/userAll/:id',
  summary: "A counsellor's categories with their upcoming bookable slots per category",
  tags: ['workforce'],
  params: z.object({ id: idSchema }),
  response: z.object({
    userId: z.number().int(),
    accepting: z.boolean(),
    categories: z.array(z.object({ categoryId: z.number().int(), upcomingFree: z.number().int() })),
  }),
});
export const doubleIdentitySchema = z.object({
  userId: z.number().int(),
  counsellor: z.boolean().describe('holds a counsellor role (consultant, interviewer, assessor)'),
  visitor: z.boolean().describe('holds the ordinary user role (ROLE_GENERAL)'),
  dual: z.boolean(),
});
export const doubleIdentityEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/workforce/doubleIdentity',
  summary: 'Whether a user is a counsellor and a visitor at once (they may not book themselves)',
  tags: ['workforce'],
  query: z.object({ userId: optionalId }),
  response: doubleIdentitySchema,
});
export const counsellorListScopeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/getCounselorListAndDataScope',
  summary: "Counsellors (consultant, interviewer, assessor roles) in the caller's data scope",
  tags: ['workforce'],
  query: z.object({ keyword: z.string().trim().max(50).optional() }),
  response: z.array(
    z.object({
      id: z.number().int(),
      value: z.string(),
      label: z.string(),
      realName: z.string(),
      deptId: z.number().int().nullable(),
      deptName: z.string().nullable(),
      roleCodes: z.array(z.string()),
    }),
  ),
});
