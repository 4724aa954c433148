import { z } from 'zod';

/**
 * Shared value schemas of the inbox, notice, download and log calls.
 *
 * Times in answers are ISO 8601 strings in UTC (`2026-03-01T08:30:00.000Z`); the client formats them in
 * the viewer's time zone. Calendar dates in queries (`yyyy-MM-dd`) are days in China Standard Time.
 */
export const CALENDAR_UTC_OFFSET = '+08:00';

/**
 * A range of calendar days (`yyyy-MM-dd`, China time) as instants: from the start of the first day to the
 * start of the day after the last, so the last day is included whole. Either end may be absent.
 */
export function calendarDayRange(
  startDate: string | undefined,
  endDate: string | undefined,
): { from: Date | undefined; to: Date | undefined } {
  const startOf = (day: string) => new Date(`${day}T00:00:00${CALENDAR_UTC_OFFSET}`);
  return {
    from: startDate ? startOf(startDate) : undefined,
    to: endDate ? new Date(startOf(endDate).getTime() + 24 * 3600 * 1000) : undefined,
  };
}

/** A query parameter sent empty (`?status=`) means "not given", as list filters in the web send it. */
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** An optional integer query parameter; an empty value counts as absent. */
export const optionalQueryInt = (min: number, max: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).optional());

/** A calendar date `yyyy-MM-dd` that exists (no 2026-02-30). */
export const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-MM-dd')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a date that exists');

/** An optional calendar date query parameter; an empty value counts as absent. */
export const optionalQueryDate = z.preprocess(emptyAsUndefined, dateSchema.optional());

/** A point in time in an answer: ISO 8601, UTC. */
export const dateTimeSchema = z.string().describe('ISO 8601 time in UTC, e.g. 2026-03-01T08:30:00.000Z');

/** Spec S0.9.1: lists, the error log, messages and import records show 10 rows per page. */
export const DEFAULT_PAGE_SIZE = 10;

/** Paging input of list calls, capped at `max` rows per page: `current` (1-based) and `size`. */
export const boundedPageQuery = (max: number) =>
  z.object({
    current: z.coerce.number().int().min(1).default(1).describe('page number, from 1'),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .max(max)
      .default(DEFAULT_PAGE_SIZE)
      .describe(`rows per page, at most ${max}`),
  });
