import { columnFromLibrary, evaluate, TRACK_DATE_MAX_DAYS_BACK, type FormErrorKey } from '@psy/forms';

const TRACK_DATE_FORM = { columns: [columnFromLibrary('trackDate', { required: true })] };
const STAFF = { roleCodes: ['ROLE_CONSULTANT'], mode: 'edit' as const };

export { TRACK_DATE_MAX_DAYS_BACK };

/**
 * The trackDate rule (S1.5.10): a calendar day `yyyy-MM-dd` (China time), not after today and at most 7
 * days back. The form engine's own rule, so forms and the crisis calls agree. Answers the error key, or
 * null when the date is fine.
 */
export function checkTrackDate(value: string, now: Date | number = Date.now()): FormErrorKey | null {
  const res = evaluate(TRACK_DATE_FORM, { trackDate: value }, STAFF, { now });
  return res.errors[0]?.key ?? null;
}
