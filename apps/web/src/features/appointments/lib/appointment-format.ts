import {
  APPOINTMENT_STATUS_LABELS,
  APPOINTMENT_TYPE_LABELS,
  APPROVAL_OPTION_LABELS,
  INTERVIEW_STATUS_LABELS,
  SLOT_STATUS_LABELS,
  isAppointmentType,
  type AppointmentStatus,
  type ApprovalOption,
  type InterviewStatus,
  type SlotStatus,
} from '@psy/contracts';
import { addDays, weekdayOf, zonedDate, zonedTime } from '@psy/scheduling';

/**
 * Labels and times of the appointment screens. Pure: the code labels come with both languages from the
 * contracts, times are shown in the school's zone (docs/appointments.md section 1), whatever the
 * viewer's device says.
 */

type Lang = 'zh-CN' | 'en-US';

export const typeLabel = (type: number, lang: Lang): string =>
  isAppointmentType(type) ? APPOINTMENT_TYPE_LABELS[type][lang] : String(type);

export const statusLabel = (status: string, lang: Lang): string =>
  APPOINTMENT_STATUS_LABELS[status as AppointmentStatus]?.[lang] ?? status;

export const interviewLabel = (status: number, lang: Lang): string =>
  INTERVIEW_STATUS_LABELS[status as InterviewStatus]?.[lang] ?? String(status);

export const slotStatusLabel = (status: number | null, lang: Lang): string =>
  status === null ? '' : (SLOT_STATUS_LABELS[status as SlotStatus]?.[lang] ?? String(status));

export const approvalOptionLabel = (option: number, lang: Lang): string =>
  APPROVAL_OPTION_LABELS[option as ApprovalOption]?.[lang] ?? String(option);

/** The colour of a status tag: antd presets whose text meets the contrast minimum (not green or gold). */
export function statusColor(status: string): string {
  switch (status) {
    case 'appointment':
      return 'blue';
    case 'running':
      return 'geekblue';
    case 'success':
    case 'complete':
      return 'purple';
    case 'userBreakAppointment':
    case 'hostBreakAppointment':
      return 'red';
    default:
      return 'default';
  }
}

const WEEKDAYS: Record<Lang, readonly string[]> = {
  'zh-CN': ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
  'en-US': ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

/** `2026-03-16` as `2026-03-16 周一` / `Mon 2026-03-16`. */
export function dayLabel(date: string, lang: Lang): string {
  const weekday = WEEKDAYS[lang][weekdayOf(date) - 1] ?? '';
  return lang === 'en-US' ? `${weekday} ${date}` : `${date} ${weekday}`;
}

/** A session's day and hours in the school's zone: `Mon 2026-03-16 09:00-10:00`. */
export function sessionTime(startTime: string, endTime: string, zone: string, lang: Lang): string {
  const start = new Date(startTime);
  return `${dayLabel(zonedDate(start, zone), lang)} ${zonedTime(start, zone)}-${zonedTime(new Date(endTime), zone)}`;
}

/** An instant as `2026-03-15 17:00` in the school's zone. */
export function instantLabel(time: string, zone: string): string {
  const at = new Date(time);
  return `${zonedDate(at, zone)} ${zonedTime(at, zone)}`;
}

/** Today in the school's zone, and the day `n` days from it. */
export function schoolToday(zone: string, now: Date = new Date()): string {
  return zonedDate(now, zone);
}
export const shiftDay = (date: string, n: number): string => addDays(date, n);

/** The cancel call of a type's group (S1.7.21): the server refuses a cancel through another group's path. */
export function cancelGroupOf(
  type: number,
): 'consultations' | 'primary' | 'assessments' | 'interview' | 'first' {
  if (type === 10) return 'primary';
  if ([1, 17, 8, 11, 12].includes(type)) return 'assessments';
  if (type === 14 || type === 9) return 'interview';
  if (type === 15) return 'first';
  return 'consultations';
}

/** The slot category a waiting-list entry for an appointment type waits for (docs/appointments.md section 4). */
export function categoryOfType(type: number): number {
  if (type === 10) return 10;
  if (type === 18 || type === 19) return type;
  if ([1, 17, 8].includes(type)) return 17;
  if ([15, 14, 9].includes(type)) return 15;
  return 2;
}

/** Whether an appointment is still ahead and held (the visitor may ask for leave or cancel). */
export const isUpcoming = (a: { status: string; startTime: string }, now: number = Date.now()): boolean =>
  a.status === 'appointment' && Date.parse(a.startTime) > now;

/**
 * "My appointments" in the order a visitor reads them: those still ahead first, the soonest on top, then
 * the rest, the latest first.
 */
export function orderMine<T extends { status: string; startTime: string }>(
  list: readonly T[],
  now: number,
): T[] {
  const ahead = list
    .filter((a) => isUpcoming(a, now))
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const rest = list
    .filter((a) => !isUpcoming(a, now))
    .sort((a, b) => Date.parse(b.startTime) - Date.parse(a.startTime));
  return [...ahead, ...rest];
}
