import type { z } from 'zod';
import {
  BUILT_IN_ADMIN_ROLE,
  DATA_SCOPES,
  ROLE_MESSAGES,
  type DataScope,
  type Lang,
  type roleBodySchema,
  type RoleRecord,
} from '@psy/contracts';
import { pageAnswer } from '../../core/db/paging';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { administrationScopeOf, deptScopeOf, isDelegableScope, isRoleGrantableBy } from './identity.policy';
import { findRolesWithPermissions } from './users.repository';
import {
  deleteRole,
  findRole,
  insertRole,
  listRoleOptions,
  pageRoles,
  roleCodeTaken,
  updateRole,
  type RoleRow,
} from './roles.repository';

type RoleBody = z.output<typeof roleBodySchema>;

/** The built-in administrator role: its code, data scope and grants are fixed. */
export const isBuiltIn = (r: Pick<RoleRow, 'roleCode'>) => r.roleCode === BUILT_IN_ADMIN_ROLE;

function toRecord(r: RoleRow): RoleRecord {
  return {
    id: r.id,
    roleName: r.roleName,
    roleCode: r.roleCode,
    roleDesc: r.roleDesc,
    portPermission: r.portPermission,
    dataScope: (DATA_SCOPES as readonly string[]).includes(r.dataScope) ? (r.dataScope as DataScope) : 'all',
    delegable: r.delegable,
    builtIn: isBuiltIn(r),
    userCount: r.userCount,
    createTime: r.createdAt.toISOString(),
  };
}

/** The live role of the school with this id (404 otherwise). */
export async function requireRole(scope: TenantScope, id: number): Promise<RoleRow> {
  const row = await findRole(scope, id);
  if (!row) throw notFound('role');
  return row;
}

/** A page of the school's roles (`GET /admin/role/page`). */
export async function listRolePage(
  scope: TenantScope,
  q: { current: number; size: number; roleName?: string },
) {
  const { rows, total } = await pageRoles(scope, { current: q.current, size: q.size, keyword: q.roleName });
  return pageAnswer(q, rows.map(toRecord), total);
}

/** Every role of the school for pickers (`GET /admin/inner/role/list`), with whether the caller may grant it. */
export async function listRoles(scope: TenantScope, p: Principal) {
  const options = await listRoleOptions(scope);
  const ds = await deptScopeOf(scope, p);
  const grantable = new Set(
    ds === null
      ? options.map((r) => r.id)
      : (
          await findRolesWithPermissions(
            scope,
            options.map((r) => r.id),
          )
        )
          .filter((r) => isRoleGrantableBy(ds, r))
          .map((r) => r.id),
  );
  return options.map((r) => ({ ...r, roleId: r.id, grantable: grantable.has(r.id) }));
}

export async function getRole(scope: TenantScope, id: number): Promise<RoleRecord> {
  return toRecord(await requireRole(scope, id));
}

/**
 * A department (sub-)administrator manages only department-scoped roles: one that could reach the whole
 * school (scope 'all') would let them, or whoever they give it to, act outside their subtree.
 */
export function assertManageable(
  p: Principal,
  lang: Lang,
  role: { dataScope: string },
  field = 'dataScope',
): void {
  if (administrationScopeOf(p) === 'dept_tree' && role.dataScope !== 'dept_tree') {
    throw badRequest(field, ROLE_MESSAGES.outOfScope[lang]);
  }
}

/**
 * Whether department administrators may grant the role (`delegable`): absent keeps it (false for a new
 * role); only a school-wide administrator changes it (403), and only a role that reaches no further than
 * a department subtree, or the ordinary user's, may have it (400).
 */
function delegableOf(
  p: Principal,
  lang: Lang,
  body: RoleBody,
  current: Pick<RoleRow, 'delegable'> | null,
): boolean {
  const delegable = body.delegable ?? current?.delegable ?? false;
  if (delegable !== (current?.delegable ?? false) && administrationScopeOf(p) === 'dept_tree') {
    throw new AppError('forbidden', `delegable: ${ROLE_MESSAGES.delegableByAdmin[lang]}`);
  }
  if (delegable && !isDelegableScope(body)) throw badRequest('delegable', ROLE_MESSAGES.delegableScope[lang]);
  return delegable;
}

/** Creates a role with no grants; its code is unique in the school. */
export async function createRole(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: RoleBody,
): Promise<RoleRecord> {
  assertManageable(p, lang, body);
  const delegable = delegableOf(p, lang, body, null);
  if (await roleCodeTaken(scope, body.roleCode, null)) {
    throw new AppError('business', ROLE_MESSAGES.codeTaken[lang]);
  }
  const id = await insertRole(scope, { ...body, delegable });
  return getRole(scope, id);
}

/**
 * Edits a role; holders get the change on their next request (the principal is loaded per request).
 * The built-in administrator keeps its code and data scope and stays usable from the pc client.
 */
export async function editRole(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: RoleBody & { id: number },
): Promise<RoleRecord> {
  const current = await requireRole(scope, body.id);
  assertManageable(p, lang, current, 'id');
  assertManageable(p, lang, body);
  if (
    isBuiltIn(current) &&
    (body.roleCode !== current.roleCode || body.dataScope !== 'all' || !body.portPermission.includes('pc'))
  ) {
    throw new AppError('business', ROLE_MESSAGES.builtIn[lang]);
  }
  const delegable = delegableOf(p, lang, body, current);
  if (body.roleCode !== current.roleCode && (await roleCodeTaken(scope, body.roleCode, body.id))) {
    throw new AppError('business', ROLE_MESSAGES.codeTaken[lang]);
  }
  const { id, ...values } = body;
  await updateRole(scope, id, { ...values, delegable });
  return getRole(scope, id);
}

/**
 * Deletes a role that no live user holds; never the built-in administrator. A token whose chosen role
 * is gone simply falls back to the user's other roles on its next request.
 */
export async function removeRole(scope: TenantScope, p: Principal, lang: Lang, id: number): Promise<boolean> {
  const current = await requireRole(scope, id);
  assertManageable(p, lang, current, 'id');
  if (isBuiltIn(current)) throw new AppError('business', ROLE_MESSAGES.builtIn[lang]);
  if (current.userCount > 0) {
    throw new AppError('business', ROLE_MESSAGES.inUse[lang], { userCount: current.userCount });
  }
  await deleteRole(scope, id);
  return true;
}
