import { MONTHLY_REPORT_STATUS, type CollegeReportStatus } from '@psy/contracts';
import { addDays } from './follow-up';

/** A month `yyyy-MM`. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month after `month`. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** The month of a calendar day. */
export const monthOfDay = (day: string) => day.slice(0, 7);

/** The first and the last day of a month (calendar days). */
export function monthDays(month: string): { first: string; last: string } {
  return { first: `${month}-01`, last: addDays(`${nextMonth(month)}-01`, -1) };
}

/** The last day a month's report is on time: `dueDay` of the next month. */
export const reportDueDate = (month: string, dueDay: number) =>
  `${nextMonth(month)}-${String(dueDay).padStart(2, '0')}`;

/**
 * A faculty's report status for a month (`collegeReportStatus`, S0.7.29): submitted (with figures),
 * zero (submitted as nothing to report), draft (saved, not submitted), missing (nothing yet, still on
 * time) or overdue (nothing submitted after the due day).
 */
export function collegeReportStatus(
  report: { status: number; nothingToReport: boolean } | null,
  month: string,
  today: string,
  dueDay: number,
): CollegeReportStatus {
  if (report?.status === MONTHLY_REPORT_STATUS.submitted)
    return report.nothingToReport ? 'zero' : 'submitted';
  if (today > reportDueDate(month, dueDay)) return 'overdue';
  return report ? 'draft' : 'missing';
}
