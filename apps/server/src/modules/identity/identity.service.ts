import type { z } from 'zod';
import type { userDetailSchema, userInfoSchema, portRoleSchema } from '@psy/contracts';
import type { Principal } from '../../core/http/context';
import type { TenantScope } from '../../core/db/database';
import { AppError } from '../../core/http/app-error';
import { findDeptPath, findUserProfile } from './identity.repository';
import { isRoleUsable } from './identity.policy';

type UserInfo = z.input<typeof userInfoSchema>;

/** Fields of the basic profile section (spec S0.3.3 required set, less the role which is checked apart). */
const REQUIRED_BASIC_FIELDS = [
  'username',
  'realName',
  'numberName',
  'phone',
  'deptId',
  'sex',
  'birthday',
] as const;

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;

async function requireUser(scope: TenantScope, p: Principal): Promise<UserRow> {
  const user = await findUserProfile(scope, p.userId);
  if (!user) throw new AppError('unauthenticated');
  return user;
}

/** The signed-in user, roles and permissions (`/admin/user/info`). */
export async function getUserInfo(scope: TenantScope, p: Principal): Promise<UserInfo> {
  return presentUserInfo(await requireUser(scope, p), p);
}

function presentUserInfo(user: UserRow, p: Principal): UserInfo {
  return {
    sysUser: {
      id: user.id,
      username: user.username,
      realName: user.realName,
      numberName: user.numberName,
      phone: user.phone,
      email: user.email,
      sex: user.sex,
      avatar: user.avatar,
      deptId: user.deptId,
      userTypeId: user.userTypeId,
      tenantId: user.tenantId,
      logoutRedirect: user.logoutRedirect,
      mustChangePassword: user.mustChangePassword,
    },
    roles: p.roles.map((r) => r.roleId),
    roleList: p.roles.map(({ roleId, roleCode, roleName }) => ({ roleId, roleCode, roleName })),
    activeRoleId: p.activeRoleId,
    permissions: [...p.permissions].sort(),
    isInitializeAdmin: user.isInitializeAdmin,
  };
}

/** User info plus department path and the profile sections still to fill (`/admin/user/detail`). */
export async function getUserDetail(
  scope: TenantScope,
  p: Principal,
): Promise<z.input<typeof userDetailSchema>> {
  const user = await requireUser(scope, p);
  const deptPath = user.deptId ? await findDeptPath(scope, user.deptId) : [];
  const missingBasic =
    REQUIRED_BASIC_FIELDS.some((f) => user[f] === null || user[f] === '') || p.roles.length === 0;
  return {
    ...presentUserInfo(user, p),
    deptFullName: deptPath.length ? deptPath.join('-') : null,
    isWriteInfo: missingBasic ? [0] : [],
    userTypeId: user.userTypeId,
    tenantId: p.tenantId,
  };
}

/** The user's roles for this client port: usable first, the rest flagged (spec S0.2.15). */
export function listPortRoles(p: Principal): z.input<typeof portRoleSchema>[] {
  const rows = p.roles.map((r) => ({
    roleId: r.roleId,
    roleCode: r.roleCode,
    roleName: r.roleName,
    portPermission: r.portPermission,
    hasPortPermission: isRoleUsable(r, p.clientPort),
  }));
  return [...rows.filter((r) => r.hasPortPermission), ...rows.filter((r) => !r.hasPortPermission)];
}
