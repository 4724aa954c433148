import type { z } from 'zod';
import {
  BASIC_PROFILE_FIELDS,
  type BasicProfileField,
  type DeptNode,
  type editMyBodySchema,
  type userDetailSchema,
  type userInfoSchema,
  type portRoleSchema,
} from '@psy/contracts';
import type { Principal } from '../../core/http/context';
import type { TenantScope } from '../../core/db/database';
import { badRequest, unauthenticated } from '../../core/http/app-error';
import {
  deptExists,
  findBasicProfile,
  findDeptPath,
  listDepts,
  updateBasicProfile,
  type BasicProfileRow,
} from './identity.repository';
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
    isSso: p.isSso,
  };
}

/** Required basic fields that are empty (spec S0.5.14): the one definition of a missing profile section 0. */
export function missingBasicFields(row: BasicProfileRow): BasicProfileField[] {
  const isEmpty: Record<BasicProfileField, boolean> = {
    realName: row.realName.trim() === '',
    numberName: (row.numberName ?? '') === '',
    phone: (row.phone ?? '') === '',
    deptId: row.deptId === null,
    sex: row.sex === null,
    birthday: row.birthday === null,
  };
  return BASIC_PROFILE_FIELDS.filter((field) => isEmpty[field]);
}

/**
 * User info plus department path and the profile sections still to fill (`/admin/user/detail`). The
 * basic fields are read again rather than taken from the principal, so the answer after `editMy` is
 * current. Only the basic section (0) is known here; the other sections come with the profile forms.
 */
export async function getUserDetail(
  scope: TenantScope,
  p: Principal,
): Promise<z.input<typeof userDetailSchema>> {
  const basic = await findBasicProfile(scope, p.userId);
  if (!basic) throw unauthenticated();
  const deptPath = basic.deptId ? await findDeptPath(scope, basic.deptId) : [];
  const missing = missingBasicFields(basic);
  const info = getUserInfo(p);
  return {
    ...info,
    sysUser: {
      ...info.sysUser,
      realName: basic.realName,
      numberName: basic.numberName,
      phone: basic.phone,
      email: basic.email,
      sex: basic.sex,
      deptId: basic.deptId,
    },
    deptFullName: deptPath.length ? deptPath.join('-') : null,
    isWriteInfo: missing.length > 0 || p.roles.length === 0 ? [0] : [],
    userTypeId: p.profile.userTypeId,
    tenantId: p.tenantId,
    birthday: basic.birthday,
    missingBasicFields: missing,
  };
}

/**
 * The signed-in user fills in or corrects their own basic information (spec S0.2.24, S0.7 `editMy`). The
 * body carries only basic fields, so the user name, roles and password cannot change here; masked values
 * were refused by the contract (spec S0.5.7). Answers the updated detail.
 */
export async function editMyBasicInfo(
  scope: TenantScope,
  p: Principal,
  body: z.output<typeof editMyBodySchema>,
): Promise<z.input<typeof userDetailSchema>> {
  if (body.deptId !== undefined && !(await deptExists(scope, body.deptId))) {
    throw badRequest('deptId', 'department does not exist');
  }
  const patch: Partial<BasicProfileRow> = {};
  if (body.realName !== undefined) patch.realName = body.realName;
  if (body.numberName !== undefined) patch.numberName = body.numberName;
  if (body.phone !== undefined) patch.phone = body.phone;
  if (body.sex !== undefined) patch.sex = body.sex;
  if (body.birthday !== undefined) patch.birthday = body.birthday;
  if (body.email !== undefined) patch.email = body.email;
  if (body.deptId !== undefined) patch.deptId = body.deptId;
  if (Object.keys(patch).length > 0 && !(await updateBasicProfile(scope, p.userId, patch))) {
    throw unauthenticated();
  }
  return getUserDetail(scope, p);
}

/** The tenant's department tree (spec S0.3.11): nodes with label, relation path and children. */
export async function getDeptTree(scope: TenantScope): Promise<DeptNode[]> {
  return buildDeptTree(await listDepts(scope));
}

/** Builds the tree from flat rows in display order; a node whose parent is missing becomes a root. */
export function buildDeptTree(
  rows: readonly { id: number; parentId: number | null; name: string }[],
): DeptNode[] {
  const nodes = new Map<number, DeptNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      label: row.name,
      nameRelaTion: row.name,
      isChild: false,
      children: [],
    });
  }
  const roots: DeptNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId !== null ? nodes.get(row.parentId) : undefined;
    if (parent) {
      parent.children.push(node);
      parent.isChild = true;
    } else {
      roots.push(node);
    }
  }
  const setPaths = (list: DeptNode[], prefix: string, depth: number) => {
    if (depth > 50) return;
    for (const node of list) {
      node.nameRelaTion = prefix ? `${prefix}-${node.name}` : node.name;
      setPaths(node.children, node.nameRelaTion, depth + 1);
    }
  };
  setPaths(roots, '', 0);
  return roots;
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
