import type { RuleMessage } from './rules';

/**
 * Identity documents (spec S0.5.4): the eight ID types of the user form and their patterns, with the
 * GB 11643-1999 check digit and birth date of mainland ID card numbers. Pure functions, used by the user
 * form, the server and the bulk import alike.
 */
// The types and the length live in a module of their own: the login page's ID-card form needs them,
// not the rules below.
export { ID_CARD_MAX, ID_TYPES, type IdType } from './id-types';
import type { IdType } from './id-types';

export type IdNumberIssue = 'required' | 'format' | 'checkDigit' | 'birthDate';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The GB 11643 check character of the first 17 digits. */
export function idCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK_CHARS[sum % 11]!;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `yyyy-MM-dd` of the birth date an 18- or 15-digit mainland ID number carries, or null. */
export function birthDateOfIdCard(value: string): string | null {
  const v = value.trim().toUpperCase();
  let y: string, m: string, d: string;
  if (/^\d{17}[\dX]$/.test(v)) [y, m, d] = [v.slice(6, 10), v.slice(10, 12), v.slice(12, 14)];
  else if (/^\d{15}$/.test(v)) [y, m, d] = [`19${v.slice(6, 8)}`, v.slice(8, 10), v.slice(10, 12)];
  else return null;
  return isRealDate(Number(y), Number(m), Number(d)) ? `${y}-${m}-${d}` : null;
}

/** Checks an 18-digit number with the GB 11643 check digit and a real, past birth date. */
function check18(v: string, today: string): IdNumberIssue | null {
  if (!/^\d{17}[\dX]$/.test(v)) return 'format';
  const birth = birthDateOfIdCard(v);
  if (!birth || birth > today || birth < '1900-01-01') return 'birthDate';
  return idCheckDigit(v.slice(0, 17)) === v[17] ? null : 'checkDigit';
}

const PATTERNS: Record<Exclude<IdType, 1 | 5>, RegExp> = {
  // Mainland travel permit for Hong Kong and Macau residents: H or M, then 8 or 10 digits.
  2: /^[HM]\d{8}(\d{2})?$/,
  // Mainland travel permit for Taiwan residents: 8 digits (since 2015) or the older 10.
  3: /^(\d{8}|\d{10})$/,
  // Hong Kong, Macau or Taiwan identity card.
  4: /^([A-Z]{1,2}\d{6}\(?[0-9A]\)?|[1578]\d{6}\(?\d\)?|[A-Z][12]\d{8})$/,
  // Foreign permanent residence ID: the 15-character form, or the 18-digit form of 2023 (checked below).
  6: /^([A-Z]{3}\d{12}|9\d{16}[\dX])$/,
  // Passport: 5 to 17 letters or digits (spec S0.5.4).
  7: /^[A-Z0-9]{5,17}$/,
  // Military or police officer ID: '某字第1234567号' or 6-12 letters and digits.
  8: /^([\u4e00-\u9fa5]{1,2}字第\d{4,8}号|[A-Z0-9]{6,12})$/,
};

/**
 * What is wrong with an ID number of a type, or null. `today` is the calendar day (yyyy-MM-dd) a birth date
 * may not be after.
 */
export function checkIdNumber(type: IdType, value: string, today: string): IdNumberIssue | null {
  const v = value.trim().toUpperCase();
  if (!v) return 'required';
  switch (type) {
    case 1:
      if (v.length === 15) return /^\d{15}$/.test(v) ? (birthDateOfIdCard(v) ? null : 'birthDate') : 'format';
      return v.length === 18 ? check18(v, today) : 'format';
    case 5:
      // Residence permits for Hong Kong (810000), Macau (820000) and Taiwan (830000) residents.
      return /^8[123]0000/.test(v) ? check18(v, today) : 'format';
    case 6:
      if (!PATTERNS[6].test(v)) return 'format';
      return v.length === 18 ? check18(v, today) : null;
    default:
      return PATTERNS[type].test(v) ? null : 'format';
  }
}

export const ID_NUMBER_ISSUE_MESSAGES: Record<IdNumberIssue, RuleMessage> = {
  required: { 'en-US': 'enter the ID number', 'zh-CN': '请输入证件号码' },
  format: { 'en-US': 'ID number format incorrect', 'zh-CN': '证件号码格式不正确' },
  checkDigit: { 'en-US': 'ID card number is not valid (check digit)', 'zh-CN': '身份证号码校验位不正确' },
  birthDate: {
    'en-US': 'the birth date in the ID card number is not valid',
    'zh-CN': '身份证号码中的出生日期不正确',
  },
};
