/**
 * When a recurring job is due: every N seconds, daily at a wall-clock time, or monthly on a day at a
 * time, the calendar rules read in a time zone (DESIGN.md "Time": never the server's). Pure: the queue
 * stores the next occurrence and asks here for the one after.
 */
export type ScheduleRule =
  | { every: number }
  | { daily: string; timeZone: string }
  | { monthly: { day: number; at: string }; timeZone: string };

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Throws on a rule that can never be due (a typo in a declaration fails at start, not at 02:00). */
export function checkRule(rule: ScheduleRule): void {
  if ('every' in rule) {
    if (!Number.isInteger(rule.every) || rule.every < 1) throw new Error('every: whole seconds, at least 1');
    return;
  }
  new Intl.DateTimeFormat('en-US', { timeZone: rule.timeZone }); // throws RangeError on an unknown zone
  const at = 'daily' in rule ? rule.daily : rule.monthly.at;
  if (!CLOCK.test(at)) throw new Error(`time of day "${at}": HH:MM`);
  if ('monthly' in rule) {
    const d = rule.monthly.day;
    if (!Number.isInteger(d) || d < 1 || d > 28) throw new Error('monthly day: 1 to 28 (every month has it)');
  }
}

/** The rule as a person reads it, e.g. `daily 02:00 Asia/Shanghai`. */
export function describeRule(rule: ScheduleRule): string {
  if ('every' in rule) return `every ${rule.every}s`;
  if ('daily' in rule) return `daily ${rule.daily} ${rule.timeZone}`;
  return `monthly day ${rule.monthly.day} ${rule.monthly.at} ${rule.timeZone}`;
}

/** Offset of `timeZone` from UTC at instant `utcMs`, in ms (local = utc + offset). */
function offsetAt(timeZone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(utcMs));
  const n = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const local = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a wall-clock time in `timeZone` names (a time skipped by a DST change moves forward). */
function zonedToUtc(timeZone: string, y: number, m: number, d: number, hh: number, mm: number): number {
  const wall = Date.UTC(y, m, d, hh, mm);
  let utc = wall - offsetAt(timeZone, wall);
  utc = wall - offsetAt(timeZone, utc);
  return utc;
}

/** The local calendar date of an instant in `timeZone`. */
function localDate(timeZone: string, utcMs: number): { y: number; m: number; d: number } {
  const local = new Date(utcMs + offsetAt(timeZone, utcMs));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate() };
}

/**
 * The first occurrence strictly after `after`. For an interval rule occurrences are `anchor + k·every`
 * (anchor: the previous due time), so a process that was down for a while resumes on the same beat.
 */
export function nextOccurrence(rule: ScheduleRule, after: Date, anchor?: Date): Date {
  const t = after.getTime();
  if ('every' in rule) {
    const step = rule.every * 1000;
    if (!anchor) return new Date(t + step);
    const a = anchor.getTime();
    const k = Math.floor((t - a) / step) + 1;
    return new Date(a + Math.max(1, k) * step);
  }
  const at = 'daily' in rule ? rule.daily : rule.monthly.at;
  const [hh, mm] = at.split(':').map(Number) as [number, number];
  const { y, m, d } = localDate(rule.timeZone, t);
  if ('daily' in rule) {
    for (let i = 0; i < 3; i++) {
      const c = zonedToUtc(rule.timeZone, y, m, d + i, hh, mm);
      if (c > t) return new Date(c);
    }
  } else {
    for (let i = 0; i < 3; i++) {
      const c = zonedToUtc(rule.timeZone, y, m + i, rule.monthly.day, hh, mm);
      if (c > t) return new Date(c);
    }
  }
  throw new Error('no next occurrence'); // unreachable for a checked rule
}
