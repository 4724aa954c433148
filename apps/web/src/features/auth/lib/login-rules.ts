import { isPhoneNumber, LOGIN_ACCOUNT_MAX, LOGIN_ACCOUNT_MIN, SMS_CODE_PATTERN } from '@psy/contracts';

/**
 * The login forms' rules (spec S0.5.1, S0.5.3), on the contracts' definitions. Each check answers the i18n
 * key of the first rule broken, or null; the form shows `t(key)`, so a shown message follows a language
 * switch by itself.
 */
export type UsernameIssue = 'login.username.required' | 'login.username.length';
export type PasswordIssue = 'login.password.required';
export type CaptchaIssue = 'login.captcha.required';
export type PhoneIssue = 'login.sms.phoneRequired' | 'login.sms.phoneFormat';
export type SmsCodeIssue = 'login.sms.codeRequired' | 'login.sms.codeFormat';

/** Login account: required (spaces alone do not count), 2-20 characters once trimmed (spec S0.5.1). */
export function checkUsername(value: string): UsernameIssue | null {
  const account = value.trim();
  if (account === '') return 'login.username.required';
  if (account.length < LOGIN_ACCOUNT_MIN || account.length > LOGIN_ACCOUNT_MAX)
    return 'login.username.length';
  return null;
}

/** Password: required; sent as typed, so spaces count. */
export function checkPassword(value: string): PasswordIssue | null {
  return value === '' ? 'login.password.required' : null;
}

export function checkCaptcha(value: string): CaptchaIssue | null {
  return value.trim() === '' ? 'login.captcha.required' : null;
}

/** Phone: required, then 11 digits starting 1 and 3-9 (spec S0.5.3). */
export function checkPhone(value: string): PhoneIssue | null {
  if (value === '') return 'login.sms.phoneRequired';
  return isPhoneNumber(value) ? null : 'login.sms.phoneFormat';
}

export function checkSmsCode(value: string): SmsCodeIssue | null {
  if (value === '') return 'login.sms.codeRequired';
  return SMS_CODE_PATTERN.test(value) ? null : 'login.sms.codeFormat';
}

export interface PasswordLoginValues {
  username: string;
  password: string;
  code: string;
}

export type PasswordLoginField = keyof PasswordLoginValues;
export type PasswordLoginIssues = Partial<
  Record<PasswordLoginField, UsernameIssue | PasswordIssue | CaptchaIssue>
>;

/** One field of the password form; the captcha counts only while it is shown. */
export function checkPasswordLoginField(
  field: PasswordLoginField,
  values: PasswordLoginValues,
  isCaptchaShown: boolean,
): UsernameIssue | PasswordIssue | CaptchaIssue | null {
  switch (field) {
    case 'username':
      return checkUsername(values.username);
    case 'password':
      return checkPassword(values.password);
    case 'code':
      return isCaptchaShown ? checkCaptcha(values.code) : null;
  }
}

/** Every broken rule of the password form, in the order of the fields. */
export function checkPasswordLogin(
  values: PasswordLoginValues,
  isCaptchaShown: boolean,
): PasswordLoginIssues {
  const issues: PasswordLoginIssues = {};
  for (const field of ['username', 'password', 'code'] as const) {
    const issue = checkPasswordLoginField(field, values, isCaptchaShown);
    if (issue) issues[field] = issue;
  }
  return issues;
}

export interface SmsLoginValues {
  phone: string;
  code: string;
}

export type SmsLoginField = keyof SmsLoginValues;
export type SmsLoginIssues = Partial<Record<SmsLoginField, PhoneIssue | SmsCodeIssue>>;

export function checkSmsLoginField(
  field: SmsLoginField,
  values: SmsLoginValues,
): PhoneIssue | SmsCodeIssue | null {
  return field === 'phone' ? checkPhone(values.phone) : checkSmsCode(values.code);
}

/** Every broken rule of the SMS form, in the order of the fields. */
export function checkSmsLogin(values: SmsLoginValues): SmsLoginIssues {
  const issues: SmsLoginIssues = {};
  for (const field of ['phone', 'code'] as const) {
    const issue = checkSmsLoginField(field, values);
    if (issue) issues[field] = issue;
  }
  return issues;
}

/** The first field with an issue, to move the focus to. */
export function firstIssueField<F extends string>(
  order: readonly F[],
  issues: Partial<Record<F, unknown>>,
): F | null {
  return order.find((field) => issues[field]) ?? null;
}
