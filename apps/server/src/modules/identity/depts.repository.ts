import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber, toNumberOrNull } from '../../core/db/rows';
import { dept, sysUser } from './identity.table';

/** Depth limit of the recursive walks: a cycle (which the writes refuse) cannot loop forever. */
const MAX_DEPTH = 64;

export interface DeptRow {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
}

/** A department and all its live descendants (recursive CTE; uses dept_parent_idx). */
export async function findDeptSubtreeIds({ tx, tenantId }: TenantScope, rootId: number): Promise<number[]> {
  const res = await tx.execute(sql`
    with recursive sub as (
      select id, 0 as depth from dept where tenant_id = ${tenantId} and id = ${rootId} and not del_flag
      union all
      select d.id, sub.depth + 1 from dept d join sub on d.tenant_id = ${tenantId} and d.parent_id = sub.id
      where not d.del_flag and sub.depth < ${MAX_DEPTH}
    )
    select id from sub`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

/** The path from the root down to a department (inclusive), root first; empty if it does not exist. */
export async function findDeptAncestors({ tx, tenantId }: TenantScope, deptId: number): Promise<DeptRow[]> {
  const res = await tx.execute(sql`
    with recursive up as (
      select id, parent_id, name, sort, 0 as depth from dept
      where tenant_id = ${tenantId} and id = ${deptId} and not del_flag
      union all
      select d.id, d.parent_id, d.name, d.sort, up.depth + 1 from dept d
      join up on d.tenant_id = ${tenantId} and d.id = up.parent_id
      where up.depth < ${MAX_DEPTH}
    )
    select id, parent_id, name, sort from up order by depth desc`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: toNumber(r.id),
    parentId: toNumberOrNull(r.parent_id),
    name: String(r.name),
    sort: toNumber(r.sort),
  }));
}

export async function findDept({ tx, tenantId }: TenantScope, id: number): Promise<DeptRow | null> {
  const [row] = await tx
    .select({ id: dept.id, parentId: dept.parentId, name: dept.name, sort: dept.sort })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.id, id), eq(dept.delFlag, false)));
  return row ?? null;
}

/** Live children of a department, in display order, each with whether it has children itself. */
export async function findDeptChildren(
  { tx, tenantId }: TenantScope,
  parentId: number,
): Promise<(DeptRow & { hasChildren: boolean })[]> {
  const res = await tx.execute(sql`
    select d.id, d.parent_id, d.name, d.sort,
      exists (select 1 from dept c where c.tenant_id = d.tenant_id and c.parent_id = d.id and not c.del_flag) as has_children
    from dept d
    where d.tenant_id = ${tenantId} and d.parent_id = ${parentId} and not d.del_flag
    order by d.sort, d.id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: toNumber(r.id),
    parentId: toNumberOrNull(r.parent_id),
    name: String(r.name),
    sort: toNumber(r.sort),
    hasChildren: Boolean(r.has_children),
  }));
}

/** Whether a live sibling (same parent) already has this name, ignoring case; `exceptId` is the one edited. */
export async function siblingNameTaken(
  { tx, tenantId }: TenantScope,
  parentId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  const res = await tx.execute(sql`
    select 1 from dept where tenant_id = ${tenantId} and parent_id = ${parentId} and not del_flag
      and lower(name) = lower(${name}) and id is distinct from ${exceptId} limit 1`);
  return rowsOf(res).length > 0;
}

export async function insertDept(
  { tx, tenantId }: TenantScope,
  v: { parentId: number; name: string; sort: number },
): Promise<DeptRow> {
  const [row] = await tx
    .insert(dept)
    .values({ tenantId, parentId: v.parentId, name: v.name, sort: v.sort })
    .returning({ id: dept.id, parentId: dept.parentId, name: dept.name, sort: dept.sort });
  return row!;
}

export async function updateDeptRow(
  { tx, tenantId }: TenantScope,
  id: number,
  patch: Partial<{ parentId: number; name: string; sort: number }>,
): Promise<DeptRow | null> {
  const [row] = await tx
    .update(dept)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(dept.tenantId, tenantId), eq(dept.id, id), eq(dept.delFlag, false)))
    .returning({ id: dept.id, parentId: dept.parentId, name: dept.name, sort: dept.sort });
  return row ?? null;
}

/** Soft-deletes a department (the row stays for history and foreign keys). */
export async function softDeleteDept({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .update(dept)
    .set({ delFlag: true, updatedAt: new Date() })
    .where(and(eq(dept.tenantId, tenantId), eq(dept.id, id), eq(dept.delFlag, false)))
    .returning({ id: dept.id });
  return rows.length === 1;
}

/** Live children and live users of a department (what blocks its deletion). */
export async function countDeptDependants({ tx, tenantId }: TenantScope, id: number) {
  const res = await tx.execute(sql`
    select
      (select count(*) from dept where tenant_id = ${tenantId} and parent_id = ${id} and not del_flag) as children,
      (select count(*) from sys_user where tenant_id = ${tenantId} and dept_id = ${id} and not del_flag) as users`);
  const row = rowsOf<{ children: unknown; users: unknown }>(res)[0]!;
  return { children: toNumber(row.children), users: toNumber(row.users) };
}

/** The live departments of the tenant, for building trees (parents not guaranteed first). */
export async function listAllDepts({ tx, tenantId }: TenantScope): Promise<DeptRow[]> {
  return tx
    .select({ id: dept.id, parentId: dept.parentId, name: dept.name, sort: dept.sort })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.delFlag, false)))
    .orderBy(asc(dept.sort), asc(dept.id));
}

/** The department of a live user (null if the user has none); undefined when no such live user. */
export async function findUserDept(
  { tx, tenantId }: TenantScope,
  userId: number,
): Promise<number | null | undefined> {
  const [row] = await tx
    .select({ deptId: sysUser.deptId })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)));
  return row ? row.deptId : undefined;
}

/** The department and its ancestors (a notice for a department reaches its subtree). */
export async function findDeptAncestry({ tx, tenantId }: TenantScope, deptId: number): Promise<number[]> {
  const res = await tx.execute(sql`
    with recursive up as (
      select id, parent_id, 0 as depth from dept where tenant_id = ${tenantId} and id = ${deptId}
      union all
      select d.id, d.parent_id, up.depth + 1 from dept d join up on d.tenant_id = ${tenantId} and d.id = up.parent_id
      where up.depth < 50
    )
    select id from up`);
  return rowsOf<{ id: unknown }>(res).map((r) => Number(r.id));
}

/** Of the given ids, those that are departments of the tenant. */
export async function findExistingDeptIds({ tx, tenantId }: TenantScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), inArray(dept.id, ids)));
  return rows.map((r) => r.id);
}
