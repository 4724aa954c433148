import { USER_TYPE_MESSAGES, type Lang, type UserType, type UserTypeBody } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { AppError, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import {
  deleteUserType,
  findUserType,
  insertUserType,
  listUserTypes,
  updateUserType,
  userTypeCodeTaken,
} from './user-types.repository';

/** Permission keys of the user administrators, who manage users of every type. */
const USER_ADMIN_KEYS = ['sys_user', 'sys_user_type'];

/** Every user type of the school (`getUserTypeNoPage`). */
export async function listAllUserTypes(scope: TenantScope): Promise<UserType[]> {
  return listUserTypes(scope);
}

/**
 * User types the caller may manage users of (`getUserTypeRight`). Types are not tied to roles in this
 * version, so a user administrator manages every type and anyone else none.
 */
export async function listManagedUserTypes(scope: TenantScope, p: Principal): Promise<UserType[]> {
  return USER_ADMIN_KEYS.some((k) => p.permissions.has(k)) ? listUserTypes(scope) : [];
}

/** Types open to self-registration (`getUserTypeRegister`): names and codes only. */
export async function listRegisterUserTypes(scope: TenantScope) {
  return (await listUserTypes(scope, { registerOnly: true })).map(({ id, name, code }) => ({
    id,
    name,
    code,
  }));
}

export async function createUserType(scope: TenantScope, lang: Lang, body: UserTypeBody): Promise<UserType> {
  if (await userTypeCodeTaken(scope, body.code, null)) {
    throw new AppError('business', USER_TYPE_MESSAGES.codeTaken[lang]);
  }
  const id = await insertUserType(scope, body);
  return (await findUserType(scope, id))!;
}

export async function editUserType(
  scope: TenantScope,
  lang: Lang,
  body: UserTypeBody & { id: number },
): Promise<UserType> {
  const current = await findUserType(scope, body.id);
  if (!current) throw notFound('user type');
  if (body.code !== current.code && (await userTypeCodeTaken(scope, body.code, body.id))) {
    throw new AppError('business', USER_TYPE_MESSAGES.codeTaken[lang]);
  }
  const { id, ...values } = body;
  await updateUserType(scope, id, values);
  return (await findUserType(scope, id))!;
}

/** Deletes a user type no user row points at. */
export async function removeUserType(scope: TenantScope, lang: Lang, id: number): Promise<boolean> {
  const current = await findUserType(scope, id);
  if (!current) throw notFound('user type');
  if (current.userCount > 0) {
    throw new AppError('business', USER_TYPE_MESSAGES.inUse[lang], { userCount: current.userCount });
  }
  await deleteUserType(scope, id);
  return true;
}
