import {
  AVATAR_MAX_BYTES,
  PASSWORD_ISSUE_MESSAGES,
  checkNewPassword,
  parseDataUrl,
  sniffImageType,
  type Lang,
  type RegionSetting,
  type registerBodySchema,
} from '@psy/contracts';
import type { z } from 'zod';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { hashPassword } from '../../core/security/password';
import type { FileStorage } from '../../core/storage/file-storage';
import { decryptPassword, getPasswordKey } from '../../core/security/password-key';
import { checkCaptcha, enforceLoginIpLimit, type AuthDeps, type ClientInfo } from '../auth';
import * as identity from '../identity';
import { requireActiveTenant } from '../tenants';

/** The role a self-registered user gets: the ordinary user (visitor/student). */
export const REGISTERED_ROLE_CODE = 'ROLE_GENERAL';

/**
 * The registration settings of a school (`GET /admin/user/regionSetting`): open while some user type
 * allows registration; then the types and the department tree to choose from.
 */
export async function getRegionSetting(deps: AuthDeps, tenantId: number): Promise<RegionSetting> {
  await requireActiveTenant(deps.database.system, tenantId);
  return deps.database.withTenant(tenantId, async (scope) => {
    const userTypes = await identity.listRegistrableUserTypes(scope);
    const registerEnabled = userTypes.length > 0;
    return {
      registerEnabled,
      userTypes,
      depts: registerEnabled ? await identity.getDeptTree(scope) : [],
      captchaRequired: true as const,
    };
  });
}

/**
 * Self-registration (`POST /admin/user/register`): rate limited like the login and behind a captcha;
 * the password follows the rules of S0.5.5; only a user type that allows registration; the new user is
 * an ordinary user in the chosen department.
 */
export async function register(
  deps: AuthDeps,
  tenantId: number,
  body: z.output<typeof registerBodySchema>,
  client: ClientInfo,
  lang: Lang,
): Promise<{ userId: number; username: string }> {
  const system = deps.database.system;
  await requireActiveTenant(system, tenantId);
  await enforceLoginIpLimit(deps, client);
  await checkCaptcha(deps, body.randomStr, body.code);
  const password = decryptPassword(await getPasswordKey(system), 'password', body.password);
  const issue = checkNewPassword(password, body.username);
  if (issue) throw badRequest('password', PASSWORD_ISSUE_MESSAGES[issue][lang]);
  const passwordHash = await hashPassword(password);
  return deps.database.withTenant(tenantId, async (scope) => {
    const types = await identity.listRegistrableUserTypes(scope);
    if (!types.some((t) => t.id === body.userTypeId)) {
      throw badRequest('userTypeId', 'this user type cannot register');
    }
    if (!(await identity.deptIsLive(scope, body.deptId)))
      throw badRequest('deptId', 'department does not exist');
    const taken = await identity.findTakenAccount(scope, body.username, body.phone);
    if (taken.username) throw new AppError('conflict', 'username: this login account is already used');
    if (taken.phone) throw new AppError('conflict', 'phone: this phone is already used by an account');
    const userId = await identity.insertRegisteredUser(scope, {
      username: body.username,
      passwordHash,
      realName: body.realName,
      numberName: body.numberName ?? null,
      phone: body.phone,
      deptId: body.deptId,
      userTypeId: body.userTypeId,
      roleCode: REGISTERED_ROLE_CODE,
    });
    if (userId === null) throw new AppError('conflict', 'username: this login account is already used');
    return { userId, username: body.username };
  });
}

const AVATAR_PREFIX = (tenantId: number) => `t${tenantId}/avatars`;

/**
 * Replaces the signed-in user's avatar from a data URL (`POST /admin/user/avatar`, plain-text body): PNG or
 * JPEG by content, at most AVATAR_MAX_BYTES. The image is stored under an unguessable name the avatar address carries.
 */
export async function setMyAvatar(
  scope: TenantScope,
  storage: FileStorage,
  p: Principal,
  dataUrl: string,
): Promise<{ avatar: string }> {
  const parsed = parseDataUrl(dataUrl.trim());
  if (!parsed) throw badRequest('body', 'must be a data URL of a PNG or JPEG image');
  const bytes = Buffer.from(parsed.base64, 'base64');
  if (bytes.length === 0 || !sniffImageType(bytes))
    throw badRequest('body', 'the avatar must be a PNG or JPEG image');
  if (bytes.length > AVATAR_MAX_BYTES)
    throw badRequest('body', `the avatar must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`);
  const key = await storage.put(AVATAR_PREFIX(p.tenantId), bytes);
  const avatar = `/admin/user/avatarFile/${p.tenantId}/${key.split('/').pop()!}`;
  await identity.updateAvatar(scope, p.userId, avatar);
  return { avatar };
}

/** An avatar image by tenant and name, with its type from its bytes. */
export async function readAvatar(storage: FileStorage, tenantId: number, name: string) {
  const bytes = await storage.get(`${AVATAR_PREFIX(tenantId)}/${name}`);
  const type = bytes ? sniffImageType(bytes) : null;
  if (!bytes || !type) throw notFound('avatar');
  return { bytes, type };
}
