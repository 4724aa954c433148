import { addDays, zonedDate, zonedTime } from '@psy/scheduling';
import type { Slot } from '@psy/contracts';
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
 * says so, a duty shift its kind. Times are the school's wall clock (the calendar runs in UTC so that the
 * device's zone cannot move them).
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
      title: slot.roomName ? `${title} · ${slot.roomName}` : title,
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

const DAY_START_HOUR = 7;
const DAY_END_HOUR = 22;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The hours a week grid shows: 07:00 to 22:00, widened to every event's times, so an evening hotline
 * shift or a session at 22:30 is on the grid rather than cut off without a word. Event times are
 * `YYYY-MM-DDTHH:MM:SS` wall-clock strings; an end on a later day (midnight) runs the grid to 24:00.
 */
export function visibleHours(events: readonly { start: string; end: string }[]): {
  slotMinTime: string;
  slotMaxTime: string;
} {
  let first = DAY_START_HOUR;
  let last = DAY_END_HOUR;
  for (const event of events) {
    const startHour = Number(event.start.slice(11, 13));
    const endHour = Number(event.end.slice(11, 13));
    const endMinute = Number(event.end.slice(14, 16));
    if (Number.isNaN(startHour) || Number.isNaN(endHour)) continue;
    first = Math.min(first, startHour);
    const endsLaterDay = event.end.slice(0, 10) > event.start.slice(0, 10);
    last = Math.max(last, endsLaterDay ? 24 : Math.min(24, endHour + (endMinute > 0 ? 1 : 0)));
  }
  return { slotMinTime: `${two(first)}:00:00`, slotMaxTime: `${two(last)}:00:00` };
}
