import {
  AVATAR_BOX,
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
import { ImageRefusedError, reencodeImage, type ImageRules } from '../../core/images/reencode-image';
import type { FileStorage } from '../../core/storage/file-storage';
import { decryptPassword } from '../../core/security/password-key';
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
  const password = await decryptPassword(system, 'password', body.password);
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

/** What a stored avatar may be (docs/signatures-and-fingerprint.md, "Upload limits"). */
const AVATAR_IMAGE_RULES: ImageRules = {
  types: ['image/png', 'image/jpeg'],
  maxBytes: AVATAR_MAX_BYTES,
  maxPixels: 25_000_000,
  box: AVATAR_BOX,
};

const AVATAR_ISSUES: Record<ImageRefusedError['issue'], string> = {
  empty: 'the avatar must be a PNG or JPEG image',
  type: 'the avatar must be a PNG or JPEG image',
  unreadable: 'the avatar must be a PNG or JPEG image',
  size: `the avatar must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`,
  pixels: 'the avatar is too large: at most 25 million pixels',
};

/** The avatar address of a stored avatar key, and back (the key, when the address is one of ours). */
const avatarAddress = (tenantId: number, key: string) =>
  `/admin/user/avatarFile/${tenantId}/${key.split('/').pop()!}`;
const AVATAR_ADDRESS = /^\/admin\/user\/avatarFile\/(\d+)\/([0-9a-f-]{36})$/;

/**
 * Replaces the signed-in user's avatar from a data URL (`POST /admin/user/avatar`, plain-text body):
 * PNG or JPEG by content, at most AVATAR_MAX_BYTES, re-encoded (`reencodeImage`: nothing but the pixels
 * kept, shrunk into AVATAR_BOX). The image is stored under an unguessable name the avatar address
 * carries; the one it replaces is removed once the change is committed.
 */
export async function setMyAvatar(
  scope: TenantScope,
  storage: FileStorage,
  p: Principal,
  dataUrl: string,
): Promise<{ avatar: string }> {
  const parsed = parseDataUrl(dataUrl.trim());
  if (!parsed) throw badRequest('body', 'must be a data URL of a PNG or JPEG image');
  let image: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    image = await reencodeImage(Buffer.from(parsed.base64, 'base64'), AVATAR_IMAGE_RULES);
  } catch (err) {
    if (err instanceof ImageRefusedError) throw badRequest('body', AVATAR_ISSUES[err.issue]);
    throw err;
  }
  const key = await storage.put(AVATAR_PREFIX(p.tenantId), image.bytes);
  const avatar = avatarAddress(p.tenantId, key);
  const replaced = AVATAR_ADDRESS.exec((await identity.updateAvatar(scope, p.userId, avatar)) ?? '');
  if (replaced && Number(replaced[1]) === p.tenantId && replaced[2] !== key.split('/').pop()) {
    const old = `${AVATAR_PREFIX(p.tenantId)}/${replaced[2]}`;
    scope.afterCommit?.(() => storage.remove(old).catch(() => undefined));
  }
  return { avatar };
}

/** An avatar image by tenant and name, with its type from its bytes. */
export async function readAvatar(storage: FileStorage, tenantId: number, name: string) {
  const bytes = await storage.get(`${AVATAR_PREFIX(tenantId)}/${name}`);
  const type = bytes ? sniffImageType(bytes) : null;
  if (!bytes || !type) throw notFound('avatar');
  return { bytes, type };
}
