import type { z } from 'zod';
import type { userDetailSchema, userInfoSchema, portRoleSchema } from '@psy/contracts';
import type { Principal } from '../../core/http/context';
import type { TenantScope } from '../../core/db/database';
import { findDeptPath } from './identity.repository';
import { isRoleUsable } from './identity.policy';

type UserInfo = z.input<typeof userInfoSchema>;

/**
 * The signed-in user, roles and permissions (`/admin/user/info`). Everything comes from the principal,
 * which the request already loaded: this call costs no query of its own.
 */
export function getUserInfo(p: Principal): UserInfo {
  const u = p.profile;
  return {
    sysUser: {
      id: p.userId,
      username: p.username,
      realName: p.realName,
      numberName: u.numberName,
      phone: u.phone,
      email: u.email,
      sex: u.sex,
      avatar: u.avatar,
      deptId: u.deptId,
      userTypeId: u.userTypeId,
      tenantId: p.tenantId,
      logoutRedirect: u.logoutRedirect,
      mustChangePassword: p.mustChangePassword,
    },
    roles: p.roles.map((r) => r.roleId),
    roleList: p.roles.map(({ roleId, roleCode, roleName }) => ({ roleId, roleCode, roleName })),
    activeRoleId: p.activeRoleId,
    permissions: [...p.permissions].sort(),
    isInitializeAdmin: u.isInitializeAdmin,
  };
}

/**
 * User info plus department path and the profile sections still to fill (`/admin/user/detail`). Only the
 * basic section (0) is known here; the other sections come with the profile forms.
 */
export async function getUserDetail(
  scope: TenantScope,
  p: Principal,
): Promise<z.input<typeof userDetailSchema>> {
  const deptPath = p.profile.deptId ? await findDeptPath(scope, p.profile.deptId) : [];
  const missingBasic = p.profile.isBasicProfileIncomplete || p.roles.length === 0;
  return {
    ...getUserInfo(p),
    deptFullName: deptPath.length ? deptPath.join('-') : null,
    isWriteInfo: missingBasic ? [0] : [],
    userTypeId: p.profile.userTypeId,
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
