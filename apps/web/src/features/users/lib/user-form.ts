import {
  checkBirthday,
  checkIdNumber,
  checkPhone,
  ID_TYPES,
  isEmail,
  isMaskedValue,
  loginAccountSchema,
  NUMBER_NAME_MAX,
  REAL_NAME_MAX,
  type BirthdayIssue,
  type IdNumberIssue,
  type IdType,
  type PhoneIssue,
  type UserFormDetail,
  USER_DICT_FIELDS,
  USER_ROLES_MAX,
} from '@psy/contracts';

/**
 * The default user form of the administration centre (spec S0.3.3): its values, the checks of S0.5 (the
 * shared rules of `@psy/contracts`, each issue mapped to a catalogue key) and the body it submits. Pure.
 */

/** Spec S0.9.7: dialogs are 780 px wide. */
export const USER_DIALOG_WIDTH = 780;

/**
 * Roles a user may hold at once: users hold several (the demo's teacher three), so the form lets them be
 * chosen, up to the contract's limit (spec S0.3.3 limited it to one; issue 18).
 */
export const ROLE_SELECTION_LIMIT = USER_ROLES_MAX;

/** Fields of the user form backed by a dictionary of the same name (spec S0.3.16), as the contract lists them. */
export const DICT_FIELDS = USER_DICT_FIELDS;
export type DictField = (typeof DICT_FIELDS)[number];

/** The eight ID types of spec S0.5.4, in the order of the form's select. */
export const ID_TYPE_OPTIONS = Object.entries(ID_TYPES).map(([key, value]) => ({
  key: key as keyof typeof ID_TYPES,
  value: value as IdType,
}));

export interface UserFormValues {
  username?: string;
  realName?: string;
  numberName?: string;
  phone?: string;
  deptId?: number | null;
  sex?: 1 | 2 | null;
  birthday?: string | null;
  idType?: IdType | null;
  idCard?: string | null;
  email?: string | null;
  roleIds?: number[];
  userTypeId?: number | null;
  yearInfo?: string | null;
  nation?: string | null;
  politicCountenance?: string | null;
  educationalLevel?: string | null;
  religiousBelief?: string | null;
  isMarriage?: string | null;
  schoolRegister?: string | null;
}

/** The required set of spec S0.3.3 (S0.5.1 gives their messages). */
export const REQUIRED_FIELDS = [
  'username',
  'realName',
  'numberName',
  'phone',
  'deptId',
  'sex',
  'roleIds',
] as const satisfies readonly (keyof UserFormValues)[];

/** Every field of the form: a server 400 naming one of them is shown on it. */
export const USER_FORM_FIELDS = [
  ...REQUIRED_FIELDS,
  'birthday',
  'idType',
  'idCard',
  'email',
  'userTypeId',
  ...DICT_FIELDS,
] as const satisfies readonly (keyof UserFormValues)[];

/** Catalogue keys (under `userAdmin.form.`) of the form's messages. */
export type UserFormMessageKey =
  | 'username.required'
  | 'username.length'
  | 'realName.required'
  | 'numberName.required'
  | `phone.${PhoneIssue}`
  | 'deptId.required'
  | 'sex.required'
  | `birthday.${BirthdayIssue}`
  | 'roleIds.required'
  | 'email.format'
  | `idCard.${Exclude<IdNumberIssue, 'required'>}`
  | 'tooLong'
  | 'masked';

/**
 * A value that came masked from the server (spec S0.3.32) and is left as it was: it is not checked and not
 * submitted (spec S0.5.7). A masked value the user has edited is refused instead.
 */
export function isUnchangedMasked(value: string, initial: string | null | undefined): boolean {
  return initial != null && isMaskedValue(initial) && value === initial;
}

export type TextField = 'username' | 'realName' | 'numberName' | 'phone' | 'birthday' | 'email' | 'idCard';

/**
 * Checks one field of the form (spec S0.5.1-S0.5.7). `initial` is the value the form was opened with (for
 * masked values), `today` the user's calendar day (yyyy-MM-dd), `idType` the chosen ID type (ID card when
 * none). Answers the message key, or null.
 */
export function checkUserField(
  field: TextField,
  raw: string | null | undefined,
  { initial, today, idType }: { initial?: string | null; today: string; idType?: IdType | null },
): UserFormMessageKey | null {
  const value = (raw ?? '').trim();
  if (isUnchangedMasked(value, initial)) return null;
  switch (field) {
    case 'username':
      if (value === '') return 'username.required';
      return loginAccountSchema.safeParse(value).success ? null : 'username.length';
    case 'realName':
    case 'numberName': {
      if (value === '') return `${field}.required`;
      if (isMaskedValue(value)) return 'masked';
      const max = field === 'realName' ? REAL_NAME_MAX : NUMBER_NAME_MAX;
      return [...value].length > max ? 'tooLong' : null;
    }
    case 'phone': {
      if (value !== '' && isMaskedValue(value)) return 'masked';
      const issue = checkPhone(value);
      return issue ? `phone.${issue}` : null;
    }
    case 'birthday': {
      if (value.trim() === '') return null;
      const issue = checkBirthday(value, today);
      return issue ? `birthday.${issue}` : null;
    }
    case 'email':
      if (value === '') return null;
      return isEmail(value) ? null : 'email.format';
    case 'idCard': {
      if (value === '') return null;
      if (isMaskedValue(value)) return 'masked';
      const issue = checkIdNumber(idType ?? ID_TYPES.idCard, value, today);
      return issue && issue !== 'required' ? `idCard.${issue}` : null;
    }
  }
}

/** Fields the server may answer masked (spec S0.3.32): realName, phone and idCard. */
export const MASKABLE_FIELDS = ['realName', 'phone', 'idCard'] as const;
export type MaskableField = (typeof MASKABLE_FIELDS)[number];

const trimmedOrNull = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/** What the form submits: texts trimmed, empty optional values as null, masked values left out. */
export interface UserSubmission {
  username: string;
  realName?: string;
  numberName: string;
  phone?: string;
  deptId: number;
  sex: 1 | 2;
  birthday: string | null;
  idType?: IdType | null;
  idCard?: string | null;
  email: string | null;
  roleIds: number[];
  userTypeId: number | null;
  yearInfo: string | null;
  nation: string | null;
  politicCountenance: string | null;
  educationalLevel: string | null;
  religiousBelief: string | null;
  isMarriage: string | null;
  schoolRegister: string | null;
}

/**
 * The submission of checked form values (spec S0.5.7: a value still masked is never sent back, so the
 * server keeps what it has). `initial` are the values the form was opened with (none when adding).
 */
export function userSubmission(values: UserFormValues, initial: UserFormValues = {}): UserSubmission {
  const idCard = trimmedOrNull(values.idCard);
  const submission: UserSubmission = {
    username: (values.username ?? '').trim(),
    realName: (values.realName ?? '').trim(),
    numberName: (values.numberName ?? '').trim(),
    phone: (values.phone ?? '').trim(),
    deptId: values.deptId ?? 0,
    sex: values.sex ?? 1,
    birthday: trimmedOrNull(values.birthday),
    idType: idCard === null ? null : (values.idType ?? ID_TYPES.idCard),
    idCard: idCard === null ? null : idCard.toUpperCase(),
    email: trimmedOrNull(values.email),
    roleIds: [...(values.roleIds ?? [])],
    userTypeId: values.userTypeId ?? null,
    yearInfo: trimmedOrNull(values.yearInfo),
    nation: trimmedOrNull(values.nation),
    politicCountenance: trimmedOrNull(values.politicCountenance),
    educationalLevel: trimmedOrNull(values.educationalLevel),
    religiousBelief: trimmedOrNull(values.religiousBelief),
    isMarriage: trimmedOrNull(values.isMarriage),
    schoolRegister: trimmedOrNull(values.schoolRegister),
  };
  for (const field of MASKABLE_FIELDS) {
    const value = (values[field] ?? '').trim();
    if (isUnchangedMasked(value, initial[field])) delete submission[field];
  }
  // An unchanged masked ID number keeps its type too: the pair changes together or not at all.
  if (!('idCard' in submission)) delete submission.idType;
  return submission;
}

/** Masked fields the submission leaves out (the server keeps them as they are). */
export function keptMaskedFields(submission: UserSubmission): MaskableField[] {
  return MASKABLE_FIELDS.filter((field) => !(field in submission));
}

const asSex = (value: number | null): 1 | 2 | null => (value === 1 || value === 2 ? value : null);
const asIdType = (value: number | null): IdType | null =>
  ID_TYPE_OPTIONS.some((option) => option.value === value) ? (value as IdType) : null;

/** The form's values for a user as the server answers it (masked values included, as they came). */
export function userFormValues(user: UserFormDetail): UserFormValues {
  return {
    username: user.username,
    realName: user.realName,
    numberName: user.numberName ?? '',
    phone: user.phone ?? '',
    deptId: user.deptId,
    sex: asSex(user.sex),
    birthday: user.birthday,
    idType: asIdType(user.idType) ?? (user.idCard ? ID_TYPES.idCard : null),
    idCard: user.idCard,
    email: user.email,
    roleIds: [...user.roleIds],
    userTypeId: user.userTypeId,
    yearInfo: user.yearInfo,
    nation: user.nation,
    politicCountenance: user.politicCountenance,
    educationalLevel: user.educationalLevel,
    religiousBelief: user.religiousBelief,
    isMarriage: user.isMarriage,
    schoolRegister: user.schoolRegister,
  };
}
