import {
  BIRTHDAY_ISSUE_MESSAGES,
  checkBirthday,
  isMaskedValue,
  checkPhone,
  NUMBER_NAME_MAX,
  REAL_NAME_MAX,
  type BasicProfileField,
  type BirthdayIssue,
} from '@psy/contracts';

/**
 * The profile-rewrite dialog (spec S0.2.24, S0.5.14): the sections still to fill, in order, stepped
 * through with Next until the last, then Confirm, whose button ignores a second click for 2 s.
 */

/** Profile sections (spec S0.3.2): 0 basic, 1 other, 2 personal past, 3 comprehensive evaluation. */
export const PROFILE_SECTIONS = [0, 1, 2, 3] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];

/** Spec S0.5.14, S0.9.5: the submit button blocks double clicks for 2000 ms. */
export const DOUBLE_CLICK_GUARD_MS = 2_000;

/** The sections to step through: known ones only, each once, in the order 0, 1, 2, 3. */
export function sectionsToFill(isWriteInfo: readonly number[]): ProfileSection[] {
  return PROFILE_SECTIONS.filter((section) => isWriteInfo.includes(section));
}

/** The button of a step: Next until the last section, then Confirm. */
export function stepButton(stepIndex: number, stepCount: number): 'next' | 'confirm' {
  return stepIndex >= stepCount - 1 ? 'confirm' : 'next';
}

/** Whether a click comes within the guard time of the last accepted one (null: none yet). */
export function isGuardedClick(
  lastAcceptedAt: number | null,
  now: number,
  guardMs = DOUBLE_CLICK_GUARD_MS,
): boolean {
  return lastAcceptedAt !== null && now - lastAcceptedAt < guardMs;
}

/** The basic fields the dialog asks for, in the order of the user form (spec S0.3.3). */
export const BASIC_FIELD_ORDER: readonly BasicProfileField[] = [
  'realName',
  'numberName',
  'phone',
  'deptId',
  'sex',
  'birthday',
];

export function fieldsToAsk(missing: readonly BasicProfileField[]): BasicProfileField[] {
  return BASIC_FIELD_ORDER.filter((field) => missing.includes(field));
}

export interface BasicValues {
  realName?: string;
  numberName?: string;
  phone?: string;
  deptId?: number;
  sex?: 1 | 2;
  birthday?: string;
}

/** The editMy body: only the fields the dialog asked for, texts trimmed. */
export function basicInfoBody(values: BasicValues, asked: readonly BasicProfileField[]): BasicValues {
  const body: BasicValues = {};
  for (const field of asked) {
    const value = values[field];
    if (value === undefined || value === null) continue;
    (body as Record<string, unknown>)[field] = typeof value === 'string' ? value.trim() : value;
  }
  return body;
}

/** Catalogue keys of the basic-field messages. */
export type BasicFieldMessageKey =
  | 'profile.fields.realName.required'
  | 'profile.fields.numberName.required'
  | 'profile.fields.phone.required'
  | 'profile.fields.phone.length'
  | 'profile.fields.phone.format'
  | 'profile.fields.deptId.required'
  | 'profile.fields.sex.required'
  | `profile.fields.birthday.${BirthdayIssue}`
  | 'profile.fields.tooLong'
  | 'profile.fields.masked';

/**
 * Checks one text field with the shared rules (spec S0.5.1, S0.5.3, S0.5.6, S0.5.7). `today` is the
 * user's calendar day (yyyy-MM-dd). Answers the message key, or null.
 */
export function checkBasicText(
  field: 'realName' | 'numberName' | 'phone' | 'birthday',
  raw: string,
  today: string,
): BasicFieldMessageKey | null {
  const value = raw.trim();
  if (field === 'birthday') {
    const issue = checkBirthday(value, today);
    return issue ? `profile.fields.birthday.${issue}` : null;
  }
  if (value === '') return `profile.fields.${field}.required`;
  if (isMaskedValue(value)) return 'profile.fields.masked';
  if (field === 'phone') {
    const issue = checkPhone(value);
    return issue ? `profile.fields.phone.${issue}` : null;
  }
  const max = field === 'realName' ? REAL_NAME_MAX : NUMBER_NAME_MAX;
  return [...value].length > max ? 'profile.fields.tooLong' : null;
}

/** The user's calendar day, yyyy-MM-dd, in the browser's time zone. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// Keeps the birthday issues of the contract and the catalogue keys in step.
export const BIRTHDAY_ISSUES = Object.keys(BIRTHDAY_ISSUE_MESSAGES) as BirthdayIssue[];
