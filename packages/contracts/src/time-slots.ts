import { z } from 'zod';

/**
 * Time-slot settings and what a time-grid field offers (spec 001 section 3 "Time-slot setting", S1.5.5 /
 * S0.9.10 default consult window; docs/builder-helpers.md). Pure: used by the server
 * (`findScheduleTime`), the settings page (editor of the `sjdsz` code) and tests.
 */

/** Time-slot types (S1.3): 2 consult, 15 first interview, 17 assessment, 18 psychological counselling, 19 family counselling. */
export const TIME_SLOT_TYPES = [2, 15, 17, 18, 19] as const;
export type TimeSlotType = (typeof TIME_SLOT_TYPES)[number];
export const isTimeSlotType = (n: unknown): n is TimeSlotType =>
  (TIME_SLOT_TYPES as readonly unknown[]).includes(n);

/** Weekdays 1 Monday .. 7 Sunday (S0.9.10). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** The weekdays of the default answer: Monday to Friday. */
export const DEFAULT_SLOT_WEEKS = [1, 2, 3, 4, 5] as const;

/** The setting code holding a school's time slots (时间段设置). */
export const TIME_SLOT_SETTING_CODE = 'sjdsz';
/** At most this many time-slot rows per school (5 types x 7 days x ~20 slots, with room to spare). */
export const TIME_SLOT_SETTING_MAX = 1000;

/** The default consult window (S1.5.5): 08:00-18:00 in 30-minute slots. */
export const DEFAULT_CONSULT_WINDOW = { start: '08:00', end: '18:00', stepMinutes: 30 } as const;
/** Slots starting at these times are not offered by default (lunch). */
export const DEFAULT_EXCLUDED_SLOT_STARTS = ['11:30', '12:00', '12:30', '13:00', '13:30'] as const;

/** A clock time HH:mm (time windows, time-slot settings). */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');

/** One time-slot setting (spec 001 section 3): startTime, endTime, week (1-7), type, siteId. */
export const timeSlotSettingSchema = z
  .strictObject({
    startTime: clockTimeSchema,
    endTime: clockTimeSchema,
    week: z
      .number({ message: 'must be a weekday 1-7' })
      .int('must be a weekday 1-7')
      .min(1, 'must be a weekday 1-7')
      .max(7, 'must be a weekday 1-7'),
    type: z
      .number({ message: 'must be one of 2, 15, 17, 18, 19' })
      .refine(isTimeSlotType, 'must be one of 2, 15, 17, 18, 19'),
    siteId: z.number().int().positive().optional().describe('a site of the school; none: every site'),
  })
  .refine((s) => s.startTime < s.endTime, { message: 'must be after startTime', path: ['endTime'] });
export type TimeSlotSetting = z.infer<typeof timeSlotSettingSchema>;

const slotKey = (s: TimeSlotSetting) => `${s.type}|${s.siteId ?? ''}|${s.week}|${s.startTime}|${s.endTime}`;

/** The `sjdsz` payload: the school's time-slot rows, each once. */
export const timeSlotSettingValueSchema = z.strictObject({
  slots: z
    .array(timeSlotSettingSchema)
    .max(TIME_SLOT_SETTING_MAX, `at most ${TIME_SLOT_SETTING_MAX} slots`)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        const k = slotKey(r);
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [i], message: 'this slot is listed twice' });
        seen.add(k);
      });
    })
    .default([]),
});

/** A time-grid entry (S0.3.24): `HH:mm-HH:mm` and its weekdays. */
export interface ScheduleSlot {
  time: string;
  weeks: number[];
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const toClock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/**
 * The default slots (S1.5.5): 08:00-18:00 cut into 30-minute slots, without the slots starting 11:30,
 * 12:00, 12:30, 13:00 and 13:30, and without the last slot (17:30-18:00): 08:00-11:30 and 14:00-17:30.
 */
export function defaultConsultSlotTimes(): string[] {
  const { start, end, stepMinutes } = DEFAULT_CONSULT_WINDOW;
  const times: string[] = [];
  for (let m = toMinutes(start); m + stepMinutes <= toMinutes(end); m += stepMinutes) {
    if ((DEFAULT_EXCLUDED_SLOT_STARTS as readonly string[]).includes(toClock(m))) continue;
    times.push(`${toClock(m)}-${toClock(m + stepMinutes)}`);
  }
  return times.slice(0, -1);
}

/** The default answer: every default slot on Monday to Friday. */
export function defaultScheduleSlots(): ScheduleSlot[] {
  return defaultConsultSlotTimes().map((time) => ({ time, weeks: [...DEFAULT_SLOT_WEEKS] }));
}

/** Groups time-slot rows by time range: one entry per `start-end` with its weekdays, both ascending. */
export function groupSlots(rows: readonly Pick<TimeSlotSetting, 'startTime' | 'endTime' | 'week'>[]) {
  const byTime = new Map<string, Set<number>>();
  for (const r of rows) {
    const time = `${r.startTime}-${r.endTime}`;
    byTime.set(time, (byTime.get(time) ?? new Set()).add(r.week));
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([time, weeks]) => ({ time, weeks: [...weeks].sort((a, b) => a - b) }));
}

/**
 * What a time-grid field offers for a type (and site): the school's rows of that type for the site, else
 * its rows for every site (no siteId), else the default (S1.5.5). `configured` is false for the default.
 */
export function scheduleTimeOf(
  rows: readonly TimeSlotSetting[],
  type: TimeSlotType,
  siteId?: number,
): { type: TimeSlotType; slots: ScheduleSlot[]; configured: boolean } {
  const ofType = rows.filter((r) => r.type === type);
  const forSite = siteId === undefined ? [] : ofType.filter((r) => r.siteId === siteId);
  const chosen = forSite.length > 0 ? forSite : ofType.filter((r) => r.siteId === undefined);
  if (chosen.length > 0) return { type, slots: groupSlots(chosen), configured: true };
  return { type, slots: defaultScheduleSlots(), configured: false };
}
