import { addDays, calendarDay, previousMonth } from '@psy/crisis-rules';
import { TRACK_DATE_MAX_DAYS_BACK } from '@psy/forms';

/**
 * Pure helpers of the crisis forms: the date windows the server's rules allow, and the bodies the forms
 * send (trimmed, empty optional fields left out).
 */

/** The days a trackDate (S1.5.10) may take, China calendar: today back to 7 days ago. */
export function trackDateBounds(now: Date | number = Date.now()): { min: string; max: string } {
  const today = calendarDay(now);
  return { min: addDays(today, -TRACK_DATE_MAX_DAYS_BACK), max: today };
}

/** Today in the China calendar (`yyyy-MM-dd`). */
export const today = (now: Date | number = Date.now()) => calendarDay(now);

/** The month a faculty reports by default: the month before this one (China calendar). */
export const defaultReportMonth = (now: Date | number = Date.now()) =>
  previousMonth(calendarDay(now).slice(0, 7));

/** A trimmed text, or nothing when blank (optional fields are left out of a body). */
export function optionalText(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export interface ReportFormValues {
  studentId?: number;
  crisisEvents?: string;
  urgent?: boolean;
  location?: string;
}

/** The body of `POST /crisis/report/save` from the report form. */
export function reportBody(values: ReportFormValues) {
  const location = optionalText(values.location);
  return {
    studentId: values.studentId ?? 0,
    crisisEvents: (values.crisisEvents ?? '').trim(),
    urgent: values.urgent === true,
    ...(location ? { location } : {}),
  };
}

/**
 * An `<input type="datetime-local">` value (the browser's local time, no zone) as an ISO instant with
 * the offset, as the calls want; null for an empty or unreadable value.
 */
export function localDateTimeToIso(value: string | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * The form path of a field a settings 400 names (`ackMinutes.4`, `hotlines.0.phone`): numbers of a list
 * become indexes, keys of an object stay text (ackMinutes' keys are the levels '1'..'4').
 */
export function settingFieldPath(
  field: string,
  listKeys: readonly string[] = ['hotlines', 'approverLevels'],
) {
  const parts = field.split('.');
  return parts.map((part, index) =>
    index > 0 && listKeys.includes(parts[index - 1]!) && /^\d+$/.test(part) ? Number(part) : part,
  );
}
