import { WEEK_MAX, WEEK_MIN, type TimeSelection } from '@psy/forms';

/** One row of the time-grid editor (spec S0.3.24): start, end and the chosen weekdays. */
export interface TimeGridRow {
  start: string;
  end: string;
  weeks: number[];
}

export const WEEKDAYS: readonly number[] = Array.from(
  { length: WEEK_MAX - WEEK_MIN + 1 },
  (_, i) => WEEK_MIN + i,
);

/** Rows of a stored selection `[{time: 'HH:mm-HH:mm', weeks}]`; anything unreadable gives no rows. */
export function timeGridRows(value: unknown): TimeGridRow[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { time, weeks } = entry as { time?: unknown; weeks?: unknown };
    const [start = '', end = ''] = typeof time === 'string' ? time.split('-') : [];
    const days = Array.isArray(weeks) ? weeks.filter((w): w is number => typeof w === 'number') : [];
    return [{ start, end, weeks: days }];
  });
}

/**
 * The stored selection of the editor's rows, weekdays in order and each once; the engine checks the
 * rest (start before end, at least one weekday) and names the field when a row is wrong.
 */
export function timeGridValue(rows: readonly TimeGridRow[]): TimeSelection {
  return rows.map((row) => ({
    time: `${row.start}-${row.end}`,
    weeks: [...new Set(row.weeks)].sort((a, b) => a - b),
  }));
}

/** Switches a weekday of a row on or off. */
export function toggleWeek(row: TimeGridRow, week: number): TimeGridRow {
  return row.weeks.includes(week)
    ? { ...row, weeks: row.weeks.filter((w) => w !== week) }
    : { ...row, weeks: [...row.weeks, week].sort((a, b) => a - b) };
}
