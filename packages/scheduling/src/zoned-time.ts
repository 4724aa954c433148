/**
 * Calendar days and wall-clock times in a school's time zone, and the instants they stand for. Built on
 * `Intl.DateTimeFormat` (the IANA database of the runtime), so it runs the same in Node and browsers and
 * needs no library. Days are `yyyy-MM-dd`, times `HH:mm`, weekdays 1 Monday .. 7 Sunday (S0.9.10).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows the IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,60}$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsOf(instant: Date, zone: string): Parts {
  const out: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year!,
    month: out.month!,
    day: out.day!,
    hour: out.hour! === 24 ? 0 : out.hour!,
    minute: out.minute!,
    second: out.second!,
  };
}

/** The zone's offset from UTC at an instant, in minutes (Asia/Shanghai: 480). */
export function offsetMinutes(instant: Date, zone: string): number {
  const p = partsOf(instant, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - whole) / MINUTE_MS);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The calendar day of an instant in the zone. */
export function zonedDate(instant: Date, zone: string): string {
  const p = partsOf(instant, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** The wall-clock time `HH:mm` of an instant in the zone. */
export function zonedTime(instant: Date, zone: string): string {
  const p = partsOf(instant, zone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** `yyyy-MM-dd HH:mm` in the zone (messages, exports). */
export function formatInZone(instant: Date, zone: string): string {
  return `${zonedDate(instant, zone)} ${zonedTime(instant, zone)}`;
}

const dayUtcMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOfUtcMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after `date` (negative: before). Pure calendar arithmetic, no zone. */
export function addDays(date: string, n: number): string {
  return dateOfUtcMs(dayUtcMs(date) + n * DAY_MS);
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayUtcMs(b) - dayUtcMs(a)) / DAY_MS);
}

/** Weekday of a calendar day: 1 Monday .. 7 Sunday. */
export function weekdayOf(date: string): number {
  const d = new Date(dayUtcMs(date)).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The Monday of the week containing `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** Days from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** How a wall-clock time maps to instants: once, never (spring-forward gap) or twice (fall-back overlap). */
export type LocalTimeKind = 'unique' | 'gap' | 'ambiguous';

/**
 * The instant of a wall-clock time on a day in the zone. `kind` says whether that time exists once, not
 * at all (in a daylight-saving gap: the instant is then the one after the gap, as if the clock had not
 * jumped) or twice (in an overlap: the earlier instant).
 */
export function localToInstant(
  date: string,
  time: string,
  zone: string,
): { instant: Date; kind: LocalTimeKind } {
  const local = dayUtcMs(date) + toMinutes(time) * MINUTE_MS;
  // The offsets in force a day before and a day after cover every transition near this time.
  const before = offsetMinutes(new Date(local - DAY_MS), zone);
  const after = offsetMinutes(new Date(local + DAY_MS), zone);
  const candidates = [...new Set([before, after])]
    .map((off) => local - off * MINUTE_MS)
    .filter((t) => {
      const back = new Date(t);
      return zonedDate(back, zone) === date && zonedTime(back, zone) === time;
    })
    .sort((a, b) => a - b);
  if (candidates.length === 0) return { instant: new Date(local - before * MINUTE_MS), kind: 'gap' };
  return { instant: new Date(candidates[0]!), kind: candidates.length > 1 ? 'ambiguous' : 'unique' };
}

/** The first instant of a calendar day in the zone. */
export function startOfDay(date: string, zone: string): Date {
  return localToInstant(date, '00:00', zone).instant;
}

type DayMapping = (time: string) => { instant: Date; kind: LocalTimeKind };

/** Mappings made, by zone and day: a term's generation asks for the same days once per counsellor. */
const dayMappers = new Map<string, DayMapping>();
/** Days kept before the memo starts again (a few years of days in a few zones). */
const DAY_MAPPERS_KEPT = 4096;

/**
 * A day's wall-clock → instant mapping, fast when the day has no transition (one offset all day), which is
 * every day but two a year in zones with daylight saving. Slot generation maps thousands of times per
 * term through it; each zone's day is worked out once (the zone's rules do not change while the process
 * runs).
 */
export function dayMapper(date: string, zone: string): DayMapping {
  const key = `${zone} ${date}`;
  const known = dayMappers.get(key);
  if (known) return known;
  const midnight = dayUtcMs(date);
  const first = offsetMinutes(new Date(midnight - 12 * 60 * MINUTE_MS), zone);
  const last = offsetMinutes(new Date(midnight + 36 * 60 * MINUTE_MS), zone);
  const mapping: DayMapping =
    first === last
      ? (time) => ({ instant: new Date(midnight + (toMinutes(time) - first) * MINUTE_MS), kind: 'unique' })
      : (time) => localToInstant(date, time, zone);
  if (dayMappers.size >= DAY_MAPPERS_KEPT) dayMappers.clear();
  dayMappers.set(key, mapping);
  return mapping;
}
