import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ROLE_USER_COUNT_CAP } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { role, userRole } from './identity.table';

export interface RoleRow {
  id: number;
  roleCode: string;
  roleName: string;
  roleDesc: string | null;
  portPermission: string[];
  dataScope: string;
  delegable: boolean;
  createdAt: Date;
  userCount: number;
}

/**
 * Users holding the role, counted up to ROLE_USER_COUNT_CAP + 1 from the (tenant, role) index alone: a
 * role every student holds is not counted to 500,000 per page. Deleted users hold no role (their links
 * go with the deletion), so no join to sys_user is needed.
 */
const userCountOf = sql<number>`(
  select count(*)::int from (select 1 from ${userRole} ur
    where ur.tenant_id = "role"."tenant_id" and ur.role_id = "role"."id"
    limit ${ROLE_USER_COUNT_CAP + 1}) held)`;

const roleColumns = {
  id: role.id,
  roleCode: role.roleCode,
  roleName: role.roleName,
  roleDesc: role.roleDesc,
  portPermission: role.portPermission,
  dataScope: role.dataScope,
  delegable: role.delegable,
  createdAt: role.createdAt,
  userCount: userCountOf,
};

/** A page of the school's roles, oldest first; `keyword` matches part of the name or code. */
export async function pageRoles(
  { tx, tenantId }: TenantScope,
  q: { current: number; size: number; keyword?: string },
): Promise<{ rows: RoleRow[]; total: number }> {
  const pattern = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(role.tenantId, tenantId),
    eq(role.delFlag, false),
    pattern ? sql`(${role.roleName} ilike ${pattern} or ${role.roleCode} ilike ${pattern})` : undefined,
  );
  const [total] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(role)
    .where(where);
  const rows = await tx
    .select(roleColumns)
    .from(role)
    .where(where)
    .orderBy(asc(role.id))
    .limit(q.size)
    .offset((q.current - 1) * q.size);
  return { rows: rows.map((r) => ({ ...r, userCount: Number(r.userCount) })), total: Number(total?.n ?? 0) };
}

/** Every live role of the school, for pickers. */
export async function listRoleOptions({ tx, tenantId }: TenantScope) {
  return tx
    .select({ id: role.id, roleName: role.roleName, roleCode: role.roleCode })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.delFlag, false)))
    .orderBy(asc(role.id));
}

export async function findRole({ tx, tenantId }: TenantScope, id: number): Promise<RoleRow | null> {
  const [row] = await tx
    .select(roleColumns)
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.id, id), eq(role.delFlag, false)));
  return row ? { ...row, userCount: Number(row.userCount) } : null;
}

/** Whether another role of the school (deleted ones included: the code stays unique) has this code. */
export async function roleCodeTaken(
  { tx, tenantId }: TenantScope,
  roleCode: string,
  exceptId: number | null,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: role.id })
    .from(role)
    .where(
      and(
        eq(role.tenantId, tenantId),
        eq(role.roleCode, roleCode),
        exceptId ? ne(role.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export interface RoleWrite {
  roleName: string;
  roleCode: string;
  roleDesc: string | null;
  portPermission: string[];
  dataScope: string;
  delegable: boolean;
}

export async function insertRole({ tx, tenantId }: TenantScope, values: RoleWrite): Promise<number> {
  const [row] = await tx
    .insert(role)
    .values({ tenantId, ...values })
    .returning({ id: role.id });
  return row!.id;
}

export async function updateRole({ tx, tenantId }: TenantScope, id: number, values: RoleWrite) {
  await tx
    .update(role)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(role.tenantId, tenantId), eq(role.id, id)));
}

/**
 * Deletes the role; its grants, form permissions (the form engine's table) and leftover user links go
 * with it (cascade).
 */
export async function deleteRole({ tx, tenantId }: TenantScope, id: number) {
  await tx.delete(role).where(and(eq(role.tenantId, tenantId), eq(role.id, id)));
}

/** Which of these role ids are live roles of the school. */
export async function findLiveRoleIds({ tx, tenantId }: TenantScope, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), inArray(role.id, ids), eq(role.delFlag, false)));
  return rows.map((r) => r.id);
}

/** Of the given ids, those that are roles of the tenant. */
export async function findExistingRoleIds({ tx, tenantId }: TenantScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), inArray(role.id, ids)));
  return rows.map((r) => r.id);
}
