import { z } from 'zod';

/**
 * Validation rules of spec S0.5 shared by the server and the web forms: one definition of each rule.
 * Messages are the spec's en-US texts; the web shows its catalogue text for the same rule.
 */
export const LOGIN_ACCOUNT_MIN = 2;
export const LOGIN_ACCOUNT_MAX = 20;
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

export const loginAccountSchema = z
  .string()
  .trim()
  .min(1, 'enter login account')
  .min(LOGIN_ACCOUNT_MIN, 'login account at least 2-20 characters')
  .max(LOGIN_ACCOUNT_MAX, 'login account at least 2-20 characters');

/** Phone: 11 digits, starting 1 then 3-9 (spec S0.5.3). */
export const phoneSchema = z.string().regex(PHONE_PATTERN, 'contact format incorrect');
export const smsCodeSchema = z.string().regex(SMS_CODE_PATTERN, 'code must be 6 digits');

export function isPhoneNumber(value: string): boolean {
  return PHONE_PATTERN.test(value);
}
