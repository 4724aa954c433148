import { addDays, zonedDate, zonedTime } from '@psy/scheduling';
import { seededName, type Slot } from '@psy/contracts';
import { slotStatusLabel, statusLabel } from './appointment-format';

/** The colour of a slot on the calendar: free green, booked blue, completed grey, duty purple. */
export function slotColour(slot: Pick<Slot, 'kind' | 'status'>): string {
  if (slot.kind !== 'consult') return '#722ed1';
  if (slot.status === 2) return '#1677ff';
  if (slot.status === 3) return '#8c8c8c';
  return '#52c41a';
}

/** `2026-03-16T09:00:00` (no zone): the wall-clock time in the school's zone, for a calendar kept in UTC. */
export function wallClock(instant: string, zone: string): string {
  const at = new Date(instant);
  return `${zonedDate(at, zone)}T${zonedTime(at, zone)}:00`;
}

/**
 * Calendar events of slots: a booked slot shows its visitor and the appointment's status, a free one
 * says so, a duty shift its kind; then its room (a seeded one in the reader's language). Times are the
 * school's wall clock (the calendar runs in UTC so that the device's zone cannot move them).
 */
export function calendarEventsOf(
  slots: readonly Slot[],
  zone: string,
  lang: 'zh-CN' | 'en-US',
  words: { free: string; duty: string },
) {
  return slots.map((slot) => {
    const appointment = slot.appointments[0];
    const title = appointment
      ? `${appointment.visitorName} · ${statusLabel(appointment.status, lang)}`
      : slot.kind === 'consult'
        ? `${words.free} · ${slotStatusLabel(slot.status, lang)}`
        : words.duty;
    return {
      id: String(slot.id),
      title: slot.roomName ? `${title} · ${seededName(slot.roomName, lang)}` : title,
      start: wallClock(slot.startTime, zone),
      end: wallClock(slot.endTime, zone),
      backgroundColor: slotColour(slot),
      borderColor: slotColour(slot),
    };
  });
}

/** The days a calendar view shows (its end is exclusive), as the inclusive range the calls take. */
export function calendarRange(startStr: string, endStr: string): { startDate: string; endDate: string } {
  return { startDate: startStr.slice(0, 10), endDate: addDays(endStr.slice(0, 10), -1) };
}

/**
 * The hours a week grid shows: the working day (07:00-22:00) widened to whole hours around any event
 * outside it, so that an evening or early session is never left off the grid. Events are wall-clock
 * `YYYY-MM-DDTHH:mm:ss` strings; one ending at midnight or past it keeps the grid open to 24:00.
 */
export function visibleHours(
  events: readonly { start: string; end: string }[],
  day = { from: 7, to: 22 },
): { slotMinTime: string; slotMaxTime: string } {
  let from = day.from;
  let to = day.to;
  // All-day events (the month's counts per day) have no hours to show.
  for (const e of events.filter((x) => x.start.length >= 16 && x.end.length >= 16)) {
    const startHour = Number(e.start.slice(11, 13));
    const endHour = Number(e.end.slice(11, 13)) + (e.end.slice(14, 16) === '00' ? 0 : 1);
    const crossesMidnight = e.end.slice(0, 10) !== e.start.slice(0, 10);
    from = Math.min(from, startHour);
    to = Math.max(to, crossesMidnight ? 24 : endHour);
  }
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return { slotMinTime: hh(from), slotMaxTime: hh(to) };
}
