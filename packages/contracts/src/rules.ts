import { z } from 'zod';
import type { Lang } from './errors';

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

/** Spec S0.5.3: a phone number has 11 digits. */
export const PHONE_LENGTH = 11;
export type PhoneIssue = 'required' | 'length' | 'format';

/** What is wrong with a phone number (spec S0.5.3: messages for empty, wrong length and bad format). */
export function checkPhone(raw: string): PhoneIssue | null {
  const value = raw.trim();
  if (value === '') return 'required';
  if (!/^\d+$/.test(value)) return 'format';
  if (value.length !== PHONE_LENGTH) return 'length';
  return isPhoneNumber(value) ? null : 'format';
}

/** A message of a shared rule in both languages (the server answers in the caller's language). */
export type RuleMessage = Record<Lang, string>;

/** Passwords (spec S0.5.5, S0.9): 8-20 characters; the old password at most 20. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const OLD_PASSWORD_MAX = 20;

/** Why a new password is refused; the web maps each to its i18n key, the server to PASSWORD_ISSUE_MESSAGES. */
export type PasswordIssue = 'required' | 'length' | 'complexity' | 'sameAsUsername';
export type ConfirmPasswordIssue = 'required' | 'mismatch';
export type OldPasswordIssue = 'required' | 'length';

const UPPER = /[A-Z]/;
const LOWER = /[a-z]/;
const DIGIT = /[0-9]/;
/** Any punctuation or symbol counts as the special character (ASCII `!@#...` and full-width ones alike). */
const SPECIAL = /[\p{P}\p{S}]/u;

/**
 * Checks a new password (spec S0.5.5): required; not the user name (compared ignoring case and
 * surrounding spaces, as user names are); 8-20 characters with an upper-case letter, a lower-case letter,
 * a digit and a special character. Answers the first rule broken, or null.
 */
export function checkNewPassword(password: string, username: string): PasswordIssue | null {
  if (password === '') return 'required';
  if (username.trim() !== '' && password.trim().toLowerCase() === username.trim().toLowerCase()) {
    return 'sameAsUsername';
  }
  const length = [...password].length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'length';
  if (!UPPER.test(password) || !LOWER.test(password) || !DIGIT.test(password) || !SPECIAL.test(password)) {
    return 'complexity';
  }
  return null;
}

/** Checks the confirmation of a new password (spec S0.5.5): required and equal. */
export function checkConfirmPassword(password: string, confirm: string): ConfirmPasswordIssue | null {
  if (confirm === '') return 'required';
  return confirm === password ? null : 'mismatch';
}

/** Checks the old password of a self change (spec S0.5.5): required, at most 20 characters. */
export function checkOldPassword(password: string): OldPasswordIssue | null {
  if (password === '') return 'required';
  return [...password].length > OLD_PASSWORD_MAX ? 'length' : null;
}

export const PASSWORD_ISSUE_MESSAGES: Record<PasswordIssue, RuleMessage> = {
  required: { 'en-US': 'enter the new password', 'zh-CN': '请输入新密码' },
  length: {
    'en-US': `password must be ${PASSWORD_MIN}-${PASSWORD_MAX} characters`,
    'zh-CN': `密码长度为 ${PASSWORD_MIN}-${PASSWORD_MAX} 个字符`,
  },
  complexity: {
    'en-US': 'password must contain an uppercase letter, a lowercase letter, a digit and a special character',
    'zh-CN': '密码须包含大写字母、小写字母、数字和特殊字符',
  },
  sameAsUsername: {
    'en-US': 'username and password cannot be the same',
    'zh-CN': '用户名和密码不能相同',
  },
};

export const CONFIRM_PASSWORD_ISSUE_MESSAGES: Record<ConfirmPasswordIssue, RuleMessage> = {
  required: { 'en-US': 'enter the new password again', 'zh-CN': '请再次输入新密码' },
  mismatch: {
    'en-US': 'the two passwords do not match, please re-enter',
    'zh-CN': '两次输入的密码不一致，请重新输入',
  },
};

export const OLD_PASSWORD_ISSUE_MESSAGES: Record<OldPasswordIssue, RuleMessage> = {
  required: { 'en-US': 'enter the old password', 'zh-CN': '请输入原密码' },
  length: {
    'en-US': `old password is at most ${OLD_PASSWORD_MAX} characters`,
    'zh-CN': `原密码最多 ${OLD_PASSWORD_MAX} 个字符`,
  },
};

/** Refusals of the password calls that only the server can decide (it holds the stored hash). */
export const PASSWORD_CHANGE_MESSAGES = {
  oldPasswordWrong: { 'en-US': 'old password is wrong', 'zh-CN': '原密码错误' },
  sameAsCurrent: {
    'en-US': 'the new password must differ from the current one',
    'zh-CN': '新密码不能与当前密码相同',
  },
  notRequired: {
    'en-US': 'this account does not have to reset its password; change it with the old password',
    'zh-CN': '当前账号无需重置密码，请使用原密码修改',
  },
  /** Shown after a successful change, before the client logs out (spec S0.4.3). */
  changed: { 'en-US': 'password changed, please log in again', 'zh-CN': '密码修改成功，请重新登录' },
} as const satisfies Record<string, RuleMessage>;

/** Favourite (tucked) main products a user may have (spec S0.5.16, S0.9). */
export const FAVOURITE_PRODUCT_MAX = 7;

export const FAVOURITE_PRODUCT_LIMIT_MESSAGE: RuleMessage = {
  'en-US': `at most ${FAVOURITE_PRODUCT_MAX} main products can be shown, cancel one first`,
  'zh-CN': `最多只能展示 ${FAVOURITE_PRODUCT_MAX} 个主产品，请先取消一个`,
};

/** Masked personal values (spec S0.5.7) contain this character and are never submitted back. */
export const MASK_CHAR = '*';

export function isMaskedValue(value: string): boolean {
  return value.includes(MASK_CHAR);
}

export const MASKED_VALUE_MESSAGE: RuleMessage = {
  'en-US': 'a masked value cannot be submitted, enter the full value',
  'zh-CN': '脱敏显示的内容不能提交，请填写完整信息',
};

/** Email: a standard address pattern (spec S0.5.2); at most 100 characters. */
export const EMAIL_MAX = 100;
export const EMAIL_PATTERN =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);
}

export const emailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'email format incorrect')
  .regex(EMAIL_PATTERN, 'email format incorrect');

/** Sex (spec S0.3.3): 1 male, 2 female. */
export const SEX_VALUES = [1, 2] as const;
export type Sex = (typeof SEX_VALUES)[number];
export const sexSchema = z.union([z.literal(1), z.literal(2)], { error: 'choose sex' });

/** Birthday (spec S0.3.3, S0.5.6): `yyyy-MM-dd`, a date that exists, not in the future, not before 1900. */
export const BIRTHDAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const BIRTHDAY_MIN = '1900-01-01';
export type BirthdayIssue = 'required' | 'format' | 'future' | 'tooEarly';

/**
 * Checks a birthday against `today` (`yyyy-MM-dd`, the caller's calendar day). Answers the first rule
 * broken, or null.
 */
export function checkBirthday(value: string, today: string): BirthdayIssue | null {
  if (value === '') return 'required';
  if (!BIRTHDAY_PATTERN.test(value)) return 'format';
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return 'format';
  if (value > today) return 'future';
  if (value < BIRTHDAY_MIN) return 'tooEarly';
  return null;
}

/**
 * The latest calendar day anywhere on earth (UTC+14): the server's "today" for birthdays, so a birthday
 * that is today for the user is never refused because the server's clock is in an earlier time zone.
 */
export function latestCalendarDay(now: number = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

export const BIRTHDAY_ISSUE_MESSAGES: Record<BirthdayIssue, RuleMessage> = {
  required: { 'en-US': 'choose birth date', 'zh-CN': '请选择出生日期' },
  format: { 'en-US': 'birth date must be a date yyyy-MM-dd', 'zh-CN': '出生日期格式应为 yyyy-MM-dd' },
  future: { 'en-US': 'birth date cannot be in the future', 'zh-CN': '出生日期不能晚于今天' },
  tooEarly: {
    'en-US': `birth date cannot be before ${BIRTHDAY_MIN}`,
    'zh-CN': `出生日期不能早于 ${BIRTHDAY_MIN}`,
  },
};

export const birthdaySchema = z.string().superRefine((value, ctx) => {
  const issue = checkBirthday(value, latestCalendarDay());
  if (issue) ctx.addIssue({ code: 'custom', message: BIRTHDAY_ISSUE_MESSAGES[issue]['en-US'] });
});

/** Real name and number (student or staff number) of the user form (spec S0.3.3). */
export const REAL_NAME_MAX = 50;
export const NUMBER_NAME_MAX = 30;

/** A required text of the user form: trimmed, 1..max characters, never a masked value (spec S0.5.7). */
export const profileTextSchema = (max: number, requiredMessage: string) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(max, `at most ${max} characters`)
    .refine((value) => !isMaskedValue(value), MASKED_VALUE_MESSAGE['en-US']);
