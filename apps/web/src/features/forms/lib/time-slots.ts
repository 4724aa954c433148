import { WEEK_MAX, WEEK_MIN, type TimeSelection } from '@psy/forms';

/**
 * The time grid of the school's slots (spec S0.3.24, S1.3.2, docs/forms.md "Time grid slots"): a row per
 * slot the school offers (`POST /consult/schedule/findScheduleTime {type}`), a checkbox per weekday the
 * slot is offered on. The stored value keeps its shape `[{time: 'HH:mm-HH:mm', weeks}]`.
 */
export interface TimeSlot {
  time: string;
  weeks: number[];
}

const SLOT_TIME = /^\d{2}:\d{2}-\d{2}:\d{2}$/;
const isWeek = (w: unknown): w is number =>
  typeof w === 'number' && Number.isInteger(w) && w >= WEEK_MIN && w <= WEEK_MAX;

/** The slots of a `findScheduleTime` answer (`{type, slots}`); anything unreadable is left out. */
export function slotsOf(data: unknown): TimeSlot[] {
  const slots = (data as { slots?: unknown } | null)?.slots;
  if (!Array.isArray(slots)) return [];
  const byTime = new Map<string, Set<number>>();
  for (const s of slots as unknown[]) {
    if (typeof s !== 'object' || s === null) continue;
    const { time, weeks } = s as { time?: unknown; weeks?: unknown };
    if (typeof time !== 'string' || !SLOT_TIME.test(time) || !Array.isArray(weeks)) continue;
    const set = byTime.get(time) ?? new Set<number>();
    for (const w of weeks) if (isWeek(w)) set.add(w);
    byTime.set(time, set);
  }
  return [...byTime]
    .filter(([, weeks]) => weeks.size > 0)
    .map(([time, weeks]) => ({ time, weeks: [...weeks].sort((a, b) => a - b) }))
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
}

/** A stored selection as a list of entries; anything unreadable gives none. */
export function selectionOf(value: unknown): TimeSelection {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { time, weeks } = entry as { time?: unknown; weeks?: unknown };
    if (typeof time !== 'string') return [];
    return [{ time, weeks: Array.isArray(weeks) ? weeks.filter(isWeek) : [] }];
  });
}

export interface SlotRow extends TimeSlot {
  /** The weekdays of this slot chosen in the value. */
  chosen: number[];
}

/** The grid of the slots with what the value holds, and the value's entries that are no slot of the school. */
export function slotGrid(
  slots: readonly TimeSlot[],
  value: unknown,
): { rows: SlotRow[]; others: TimeSelection } {
  const selection = selectionOf(value);
  const rows = slots.map((slot) => {
    const chosen = new Set(selection.filter((e) => e.time === slot.time).flatMap((e) => e.weeks));
    return { ...slot, chosen: [...chosen].sort((a, b) => a - b) };
  });
  const times = new Set(slots.map((s) => s.time));
  return { rows, others: selection.filter((e) => !times.has(e.time)) };
}

/**
 * Chooses or un-chooses one weekday of one slot: the entry of that time gets or loses the weekday (an
 * entry left without weekdays goes); other entries are kept as they are. Undefined when nothing is left.
 */
export function toggleSlot(value: unknown, time: string, week: number): TimeSelection | undefined {
  const selection = selectionOf(value);
  const at = selection.findIndex((e) => e.time === time);
  let next: TimeSelection;
  if (at < 0) next = [...selection, { time, weeks: [week] }];
  else {
    const entry = selection[at]!;
    const weeks = entry.weeks.includes(week)
      ? entry.weeks.filter((w) => w !== week)
      : [...entry.weeks, week].sort((a, b) => a - b);
    next =
      weeks.length === 0
        ? selection.filter((_, i) => i !== at)
        : selection.map((e, i) => (i === at ? { time, weeks } : e));
  }
  return next.length > 0 ? next : undefined;
}

/** Removes an entry that is no slot of the school (kept from before, shown apart). */
export function removeEntry(value: unknown, time: string): TimeSelection | undefined {
  const next = selectionOf(value).filter((e) => e.time !== time);
  return next.length > 0 ? next : undefined;
}
