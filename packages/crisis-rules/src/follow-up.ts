import { CALENDAR_UTC_OFFSET, type FocusLevel } from '@psy/contracts';

const DAY_MS = 24 * 3600 * 1000;

/** Adds whole days to a calendar day `yyyy-MM-dd`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar day (China time, the platform's calendar) of an instant. */
export function calendarDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const [sign, hh, mm] = /^([+-])(\d{2}):(\d{2})$/.exec(CALENDAR_UTC_OFFSET)!.slice(1);
  const offset = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)) * 60_000;
  return new Date(ms + offset).toISOString().slice(0, 10);
}

/**
 * A key person's next follow-up due date: the latest follow-up's trackDate (or the day they became a key
 * person) plus their level's interval (follow-up settings).
 */
export function nextFollowUpDue(
  level: FocusLevel,
  since: string,
  lastTrackDate: string | null,
  followUpDays: Readonly<Record<FocusLevel, number>>,
): string {
  const from = lastTrackDate && lastTrackDate > since ? lastTrackDate : since;
  return addDays(from, followUpDays[level]);
}

/** Whether a due date needs telling: due within `remindDaysBefore` days of today, or past. */
export const isFollowUpDue = (nextDue: string, today: string, remindDaysBefore = 0) =>
  nextDue <= addDays(today, remindDaysBefore);
