import { USER_TYPE_CODE_MAX, type UserType, type UserTypeBody } from '@psy/contracts';

/** The code rule of a user type, as the server checks it (user-types.contract.ts). */
export const USER_TYPE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

export function isValidUserTypeCode(code: string): boolean {
  const value = code.trim();
  return value.length >= 2 && value.length <= USER_TYPE_CODE_MAX && USER_TYPE_CODE_PATTERN.test(value);
}

/** The fields of the dialog; a server 400 naming one of them is shown on it. */
export const USER_TYPE_FORM_FIELDS = ['name', 'code', 'allowRegister', 'sort'] as const;

/** Values of the form for a type (editing) or a new one: placed after the last type. */
export function userTypeFormValues(type: UserType | null, all: readonly UserType[]): UserTypeBody {
  if (type) return { name: type.name, code: type.code, allowRegister: type.allowRegister, sort: type.sort };
  const last = all.reduce((max, t) => Math.max(max, t.sort), 0);
  return { name: '', code: '', allowRegister: false, sort: Math.min(last + 1, 9999) };
}
