import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  checkNewPassword,
  maskIdCard,
  maskName,
  maskPhone,
  NOTHING_TICKED_MESSAGE,
  PASSWORD_ISSUE_MESSAGES,
  ROLE_MESSAGES,
  USER_DICT_FIELDS,
  USER_SIMPLE_DEFAULT,
  type Lang,
  type UserDictField,
  type addUserBodySchema,
  type updateUserBodySchema,
  type userFormDetailSchema,
  type userRowSchema,
  type userSearchSchema,
  type UserStatus,
} from '@psy/contracts';
import { pageWindow, pageAnswer } from '../../core/db/paging';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { emit } from '../../core/events';
import { hashPassword } from '../../core/security/password';
import { requireDictItems } from '../settings';
import { findDictFields } from './profile.repository';
import { findDeptAncestors, findDeptSubtreeIds, findDept } from './depts.repository';
import { userAccessWithdrawn, userPasswordReset } from './identity.events';
import {
  canSeeSensitive,
  deptScopeOf,
  isDeptInScope,
  isRoleGrantableBy,
  isTenantWideAdminRole,
  type DeptScope,
} from './identity.policy';
import {
  findAccessLog,
  findRolesWithPermissions,
  findSimpleUsers,
  findUserFull,
  findUsersBrief,
  insertAccessLog,
  insertUser,
  replaceUserRoles,
  searchUsers,
  setUsersStatus,
  softDeleteUsers,
  updateUser,
  userTypeExists,
  usernameTaken,
  type UserFilter,
  type UserFullRow,
  type UserListRow,
  type UserWrite,
} from './users.repository';

/**
 * The passwords of user administration, opened with core/security's password key before the
 * transaction; sessions end through `userAccessWithdrawn`, which the sign-in module acts on.
 */
export interface UserAdminDeps {
  /**
   * A password encrypted with GET /auth/publicKey, opened for this request before its transaction (auth's
   * openRequestPasswords); a bad, expired or already used value is a 400 naming `field`.
   */
  decryptPassword(field: string, value: string): Promise<string>;
}

type UserRowOut = z.input<typeof userRowSchema>;
type UserDetailOut = z.input<typeof userFormDetailSchema>;

const OUTSIDE_SCOPE = 'the user is outside your data scope';

/** The user, if it exists and the caller may act on it: in their data scope (404 / 403 otherwise). */
async function requireUserInScope(scope: TenantScope, ds: DeptScope, id: number): Promise<UserFullRow> {
  const user = await findUserFull(scope, id);
  if (!user) throw notFound('user');
  if (!isDeptInScope(ds, user.deptId)) throw new AppError('forbidden', OUTSIDE_SCOPE);
  return user;
}

/**
 * A data-scoped administrator may not change a school-wide administrator even inside their subtree
 * (a phone or password change would hand over that account).
 */
async function requireManageable(scope: TenantScope, ds: DeptScope, user: UserListRow): Promise<void> {
  if (ds === null || user.roles.length === 0) return;
  const roles = await findRolesWithPermissions(
    scope,
    user.roles.map((r) => r.roleId),
  );
  if (roles.some(isTenantWideAdminRole)) {
    throw new AppError(
      'forbidden',
      'a school-wide administrator can only be changed by a school-wide administrator',
    );
  }
}

async function requireDeptInScope(scope: TenantScope, ds: DeptScope, deptId: number): Promise<void> {
  if (!(await findDept(scope, deptId))) throw badRequest('deptId', 'department does not exist');
  if (!isDeptInScope(ds, deptId))
    throw new AppError('forbidden', 'deptId: the department is outside your data scope');
}

/**
 * Roles must exist (400). What the new list adds to the user's roles (`held`), and what it takes away,
 * must be roles the caller may grant (`isRoleGrantableBy`, 403): a department administrator grants and
 * removes only the roles the school delegated to them; other roles the user holds stay as they are.
 */
async function requireGrantableRoles(
  scope: TenantScope,
  ds: DeptScope,
  lang: Lang,
  roleIds: readonly number[],
  held: readonly number[] = [],
) {
  const unique = [...new Set(roleIds)];
  const roles = await findRolesWithPermissions(scope, unique);
  if (roles.length !== unique.length) {
    const missing = unique.find((id) => !roles.some((r) => r.id === id));
    throw badRequest('roleIds', `role ${missing} does not exist`);
  }
  if (ds === null) return unique;
  if (roles.some((r) => !held.includes(r.id) && isTenantWideAdminRole(r))) {
    throw new AppError('forbidden', 'roleIds: you cannot grant a school-wide administrator role');
  }
  const removed = held.filter((id) => !unique.includes(id));
  const changed = [
    ...roles.filter((r) => !held.includes(r.id)),
    ...(await findRolesWithPermissions(scope, removed)),
  ];
  if (changed.some((r) => !isRoleGrantableBy(ds, r))) {
    throw new AppError('forbidden', `roleIds: ${ROLE_MESSAGES.notDelegated[lang]}`);
  }
  return unique;
}

/** The department filter: the chosen department's subtree, cut to the caller's scope. */
async function deptFilterOf(scope: TenantScope, ds: DeptScope, deptId: number | undefined) {
  let ids: number[] | null = deptId !== undefined ? await findDeptSubtreeIds(scope, deptId) : null;
  if (ds !== null) ids = (ids ?? [...ds.deptIds]).filter((id) => ds.deptIds.has(id));
  return ids;
}

async function filterOf(scope: TenantScope, ds: DeptScope, s: UserSearchInput): Promise<UserFilter> {
  return {
    realName: s.realName || undefined,
    username: s.username || undefined,
    numberName: s.numberName || undefined,
    phone: s.phone || undefined,
    deptIds: await deptFilterOf(scope, ds, s.deptId),
    userTypeId: s.userTypeId,
    roleId: s.roleId,
    status: s.status,
  };
}
export type UserSearchInput = z.output<typeof userSearchSchema>;

function toRowOut(r: UserListRow, masked: boolean): UserRowOut {
  return {
    id: r.id,
    username: r.username,
    realName: r.realName,
    numberName: r.numberName,
    phone: masked ? maskPhone(r.phone) : r.phone,
    idType: r.idType,
    idCard: masked ? maskIdCard(r.idCard) : r.idCard,
    email: r.email,
    sex: r.sex,
    birthday: r.birthday,
    deptId: r.deptId,
    deptName: r.deptName,
    userTypeId: r.userTypeId,
    userTypeName: r.userTypeName,
    roleList: r.roles.map(({ roleId, roleCode, roleName }) => ({ roleId, roleCode, roleName })),
    status: r.status as UserStatus,
    mustChangePassword: r.mustChangePassword,
    createTime: r.createdAt.toISOString(),
    masked,
  };
}

async function toDetailOut(
  scope: TenantScope,
  r: UserFullRow,
  masked: boolean,
  nameMasked: boolean,
): Promise<UserDetailOut> {
  const path = r.deptId !== null ? await findDeptAncestors(scope, r.deptId) : [];
  return {
    ...toRowOut(r, masked),
    realName: nameMasked ? maskName(r.realName)! : r.realName,
    deptFullName: path.length ? path.map((d) => d.name).join('-') : null,
    roleIds: r.roles.map((x) => x.roleId),
    yearInfo: r.yearInfo,
    nation: r.nation,
    politicCountenance: r.politicCountenance,
    educationalLevel: r.educationalLevel,
    religiousBelief: r.religiousBelief,
    isMarriage: r.isMarriage,
    schoolRegister: r.schoolRegister,
    isInitializeAdmin: r.isInitializeAdmin,
    nameMasked,
  };
}

/** Personal fields of a row that an unmasked answer reveals (what the access log names). */
function revealedFields(r: { phone: string | null; idCard: string | null }, withName: boolean): string[] {
  const fields: string[] = withName ? ['realName'] : [];
  if (r.phone) fields.push('phone');
  if (r.idCard) fields.push('idCard');
  return fields;
}

/**
 * Records an unmasked read of another person's personal data in the access log (who, whom, which fields,
 * which call, when); reading one's own data, or nothing personal, is not recorded.
 */
export async function recordPersonalDataRead(
  scope: TenantScope,
  p: Principal,
  read: PersonalDataRead,
): Promise<void> {
  await recordPersonalDataReads(scope, p.userId, [read]);
}

interface PersonalDataRead {
  subjectId: number;
  fields: string[];
  route: string;
}

/**
 * `recordPersonalDataRead` for many people at once (list pages, exports); the same rule, one insert.
 * An export passes its task: each person is logged once per task, with every field read, however many
 * times a retried job reads them again.
 */
export async function recordPersonalDataReads(
  scope: TenantScope,
  viewerId: number,
  reads: readonly PersonalDataRead[],
  opts: { taskId?: number } = {},
): Promise<void> {
  const kept = reads.filter((r) => r.subjectId !== viewerId && r.fields.length > 0);
  if (opts.taskId === undefined) {
    await insertAccessLog(
      scope,
      kept.map((r) => ({ viewerId, ...r })),
    );
    return;
  }
  // One row per person in one statement (ON CONFLICT cannot touch a row twice in a statement).
  const bySubject = new Map<number, PersonalDataRead>();
  for (const r of kept) {
    const seen = bySubject.get(r.subjectId);
    bySubject.set(r.subjectId, seen ? { ...seen, fields: [...new Set([...seen.fields, ...r.fields])] } : r);
  }
  await insertAccessLog(
    scope,
    [...bySubject.values()].map((r) => ({ viewerId, ...r })),
    opts.taskId,
  );
}

const logRead = (scope: TenantScope, p: Principal, subjectId: number, fields: string[], route: string) =>
  recordPersonalDataRead(scope, p, { subjectId, fields, route });

/** The user list (paged, newest first) in the caller's data scope; phone and ID masked unless permitted. */
export async function listUsers(
  scope: TenantScope,
  p: Principal,
  q: UserSearchInput & { current: number; size: number },
) {
  const ds = await deptScopeOf(scope, p);
  const { rows, total } = await searchUsers(scope, await filterOf(scope, ds, q), pageWindow(q));
  const masked = !canSeeSensitive(p);
  if (!masked) {
    await recordPersonalDataReads(
      scope,
      p.userId,
      rows.map((r) => ({ subjectId: r.id, fields: revealedFields(r, false), route: 'GET /admin/user/page' })),
    );
  }
  return pageAnswer(
    q,
    rows.map((r) => toRowOut(r, masked)),
    total,
  );
}

/** `getUser`: one user in scope for the edit form; phone and ID number always masked. */
export async function getUser(scope: TenantScope, p: Principal, id: number): Promise<UserDetailOut> {
  const user = await requireUserInScope(scope, await deptScopeOf(scope, p), id);
  return toDetailOut(scope, user, true, false);
}

/**
 * `desensitizationGetUser`: name, phone and ID number masked unless the caller may see them; an
 * unmasked read of someone else's data is written to the access log.
 */
export async function getUserDesensitized(
  scope: TenantScope,
  p: Principal,
  id: number,
): Promise<UserDetailOut> {
  const user = await requireUserInScope(scope, await deptScopeOf(scope, p), id);
  const masked = !canSeeSensitive(p);
  if (!masked) {
    await logRead(scope, p, user.id, revealedFields(user, true), 'GET /admin/user/desensitizationGetUser');
  }
  return toDetailOut(scope, user, masked, masked);
}

/** `getPhone`: a user's full phone (the route requires admin_userInfo_sensitive); logged. */
export async function getUserPhone(scope: TenantScope, p: Principal, id: number): Promise<string | null> {
  const user = await requireUserInScope(scope, await deptScopeOf(scope, p), id);
  if (user.phone) await logRead(scope, p, user.id, ['phone'], 'GET /admin/user/getPhone');
  return user.phone;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '!@#$%^&*?';

/** A random initial password that passes the rules (spec S0.5.5): 12 characters of all four kinds. */
export function generateInitialPassword(): string {
  const pick = (set: string, n: number) => Array.from({ length: n }, () => set[randomInt(set.length)]!);
  const chars = [...pick(UPPER, 3), ...pick(LOWER, 5), ...pick(DIGITS, 2), ...pick(SPECIAL, 2)];
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

function requirePasswordRules(field: string, password: string, username: string, lang: Lang) {
  const issue = checkNewPassword(password, username);
  if (issue) throw badRequest(field, PASSWORD_ISSUE_MESSAGES[issue][lang]);
}

type FormFields = Omit<z.output<typeof updateUserBodySchema>, 'id' | 'roleIds'>;

/** The columns a form body sets; fields left out are not in the patch. */
function writeOf(b: FormFields): UserWrite {
  const w: UserWrite = {};
  const keys = [
    'username',
    'realName',
    'numberName',
    'phone',
    'deptId',
    'sex',
    'birthday',
    'idType',
    'idCard',
    'email',
    'userTypeId',
    'yearInfo',
    'nation',
    'politicCountenance',
    'educationalLevel',
    'religiousBelief',
    'isMarriage',
    'schoolRegister',
  ] as const;
  for (const k of keys) {
    if (b[k] !== undefined) (w as Record<string, unknown>)[k] = b[k];
  }
  // An ID number always has a type: 1 (mainland ID card) unless another was chosen.
  if (w.idCard !== undefined && w.idCard !== null && w.idType === undefined) w.idType = 1;
  return w;
}

/** The dictionary fields of the form (USER_DICT_FIELDS) of a body, for `requireDictItems`. */
const dictFieldsOf = (body: Partial<Record<UserDictField, string | null | undefined>>) =>
  Object.fromEntries(USER_DICT_FIELDS.map((f) => [f, body[f]]));

/** `addUser`: creates a user in the caller's scope with the default form (spec S0.3.3). */
export async function addUser(
  deps: UserAdminDeps,
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: z.output<typeof addUserBodySchema>,
) {
  const ds = await deptScopeOf(scope, p);
  await requireDeptInScope(scope, ds, body.deptId);
  if (await usernameTaken(scope, body.username, null)) {
    throw badRequest('username', 'login account already exists');
  }
  const roleIds = await requireGrantableRoles(scope, ds, lang, body.roleIds);
  if (body.userTypeId != null && !(await userTypeExists(scope, body.userTypeId))) {
    throw badRequest('userTypeId', 'user type does not exist');
  }
  await requireDictItems(scope, dictFieldsOf(body));
  let initialPassword: string | null = null;
  let password: string;
  if (body.password !== undefined) {
    password = await deps.decryptPassword('password', body.password);
    requirePasswordRules('password', password, body.username, lang);
  } else {
    password = initialPassword = generateInitialPassword();
  }
  const id = await insertUser(scope, {
    ...writeOf(body),
    username: body.username,
    realName: body.realName,
    passwordHash: await hashPassword(password),
    mustChangePassword: true,
    status: 'active',
  });
  await replaceUserRoles(scope, id, roleIds);
  const created = (await findUserFull(scope, id))!;
  return { ...(await toDetailOut(scope, created, true, false)), initialPassword };
}

/**
 * `updateUser`: changes the fields sent. The user's current department and a new one must both be in
 * the caller's scope; removing a role ends the user's sessions.
 */
export async function editUser(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: z.output<typeof updateUserBodySchema>,
) {
  const ds = await deptScopeOf(scope, p);
  const user = await requireUserInScope(scope, ds, body.id);
  await requireManageable(scope, ds, user);
  if (body.deptId !== undefined) await requireDeptInScope(scope, ds, body.deptId);
  if (body.username !== undefined && (await usernameTaken(scope, body.username, user.id))) {
    throw badRequest('username', 'login account already exists');
  }
  if (body.userTypeId != null && !(await userTypeExists(scope, body.userTypeId))) {
    throw badRequest('userTypeId', 'user type does not exist');
  }
  const held = await findDictFields(scope, user.id);
  await requireDictItems(scope, dictFieldsOf(body), held ? dictFieldsOf(held) : {});
  const patch = writeOf(body);
  if (Object.keys(patch).length > 0) await updateUser(scope, user.id, patch);
  if (body.roleIds !== undefined) {
    const held = user.roles.map((r) => r.roleId);
    const roleIds = await requireGrantableRoles(scope, ds, lang, body.roleIds, held);
    await replaceUserRoles(scope, user.id, roleIds);
    const removed = user.roles.some((r) => !roleIds.includes(r.roleId));
    if (removed) await emit(scope, userAccessWithdrawn, { userId: user.id, reason: 'roles_changed' });
  }
  return toDetailOut(scope, (await findUserFull(scope, user.id))!, true, false);
}

/** `updateUserPhone`: the phone alone (its own call, spec S0.7). */
export async function editUserPhone(scope: TenantScope, p: Principal, id: number, phone: string) {
  const ds = await deptScopeOf(scope, p);
  const user = await requireUserInScope(scope, ds, id);
  await requireManageable(scope, ds, user);
  await updateUser(scope, user.id, { phone });
  return true as const;
}

/** `updateUserIdCard`: ID type and number alone; an empty number clears both. */
export async function editUserIdCard(
  scope: TenantScope,
  p: Principal,
  id: number,
  idType: number | undefined,
  idCard: string | null,
) {
  const ds = await deptScopeOf(scope, p);
  const user = await requireUserInScope(scope, ds, id);
  await requireManageable(scope, ds, user);
  await updateUser(scope, user.id, { idCard, idType: idCard === null ? null : (idType ?? 1) });
  return true as const;
}

/** Checks of the delete and disable calls on each user; all or nothing. */
async function requireBatchTargets(scope: TenantScope, p: Principal, ids: readonly number[], verb: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw badRequest('ids', NOTHING_TICKED_MESSAGE);
  const ds = await deptScopeOf(scope, p);
  const found = await findUsersBrief(scope, unique);
  for (const id of unique) {
    const u = found.find((x) => x.id === id);
    if (!u) throw badRequest('ids', `user ${id} does not exist`);
    if (u.id === p.userId) throw badRequest('ids', `you cannot ${verb} yourself`);
    if (u.isInitializeAdmin) throw badRequest('ids', `the initial administrator cannot be ${verb}d`);
    if (!isDeptInScope(ds, u.deptId)) throw new AppError('forbidden', OUTSIDE_SCOPE);
  }
  if (ds !== null) {
    for (const id of unique) await requireManageable(scope, ds, (await findUserFull(scope, id))!);
  }
  return unique;
}

/** Soft-deletes users and ends their sessions (delete and batchDel). */
export async function deleteUsers(scope: TenantScope, p: Principal, ids: readonly number[]) {
  const targets = await requireBatchTargets(scope, p, ids, 'delete');
  const deleted = await softDeleteUsers(scope, targets);
  for (const id of targets) await emit(scope, userAccessWithdrawn, { userId: id, reason: 'user_deleted' });
  return deleted;
}

/** `audit`: approve (active) or disable (locked) users; disabling ends their sessions. */
export async function auditUsers(
  scope: TenantScope,
  p: Principal,
  ids: readonly number[],
  status: 'active' | 'locked',
) {
  const targets = await requireBatchTargets(scope, p, ids, status === 'locked' ? 'disable' : 'approve');
  const updated = await setUsersStatus(scope, targets, status);
  if (status === 'locked') {
    for (const id of targets) await emit(scope, userAccessWithdrawn, { userId: id, reason: 'user_disabled' });
  }
  return { updated };
}

/** `simple`: active users for pickers, in scope, by name, capped. */
export async function listSimpleUsers(
  scope: TenantScope,
  p: Principal,
  q: { name?: string | undefined; deptId?: number | undefined; limit?: number | undefined },
) {
  const ds = await deptScopeOf(scope, p);
  return findSimpleUsers(
    scope,
    q.name || undefined,
    await deptFilterOf(scope, ds, q.deptId),
    q.limit ?? USER_SIMPLE_DEFAULT,
  );
}

/**
 * `suPwd`: an administrator sets a user's password (spec S0.7 admin reset). The rules of S0.5.5 apply;
 * every session of the user ends and the user must change the password at next login.
 */
export async function adminResetPassword(
  deps: UserAdminDeps,
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { uid: number; pwd: string },
) {
  if (body.uid === p.userId) throw badRequest('uid', 'change your own password with changeMyPwd');
  const ds = await deptScopeOf(scope, p);
  const user = await requireUserInScope(scope, ds, body.uid);
  await requireManageable(scope, ds, user);
  const pwd = await deps.decryptPassword('pwd', body.pwd);
  requirePasswordRules('pwd', pwd, user.username, lang);
  await updateUser(scope, user.id, {
    passwordHash: await hashPassword(pwd),
    mustChangePassword: true,
    passwordChangedAt: new Date(),
  });
  await emit(scope, userAccessWithdrawn, { userId: user.id, reason: 'password_reset' });
  // The user learns of it in their inbox (message manager event; nothing when the school turned it off).
  await emit(scope, userPasswordReset, { userId: user.id, realName: user.realName, operator: p.realName });
  return true as const;
}

/** The access log, newest first; only for callers who may see personal data themselves. */
export async function listAccessLog(
  scope: TenantScope,
  p: Principal,
  q: { current: number; size: number; subjectId?: number | undefined; viewerId?: number | undefined },
) {
  if (!canSeeSensitive(p)) throw new AppError('forbidden', 'the access log needs admin_userInfo_sensitive');
  const { rows, total } = await findAccessLog(scope, q, pageWindow(q));
  return pageAnswer(
    q,
    rows.map(({ createdAt, ...r }) => ({ ...r, createTime: createdAt.toISOString() })),
    total,
  );
}

export { filterOf as userFilterOf, revealedFields };
