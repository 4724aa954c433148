import type { DeptFlat, DeptNode } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import {
  countDeptDependants,
  findDept,
  findDeptAncestors,
  findDeptSubtreeIds,
  insertDept,
  listAllDepts,
  siblingNameTaken,
  softDeleteDept,
  updateDeptRow,
  type DeptRow,
} from './depts.repository';
import { deptScopeOf, isDeptInScope, type DeptScope } from './identity.policy';
import { buildDeptTree } from './identity.service';

export interface DeptTreeQuery {
  parentId?: number | undefined;
  name?: string | undefined;
}

function findNode(nodes: readonly DeptNode[], id: number): DeptNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = findNode(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/** Nodes whose name contains `term` (ASCII case folded), with their ancestors; other branches pruned. */
function pruneToMatches(nodes: readonly DeptNode[], term: string): DeptNode[] {
  const t = term.toLowerCase();
  const out: DeptNode[] = [];
  for (const n of nodes) {
    const children = pruneToMatches(n.children, term);
    if (children.length > 0 || n.name.toLowerCase().includes(t)) {
      out.push({ ...n, children, isChild: n.isChild });
    }
  }
  return out;
}

/** Applies the tree query to a set of roots: whole tree, one node's children (lazy), or a name search. */
function shapeTree(roots: DeptNode[], q: DeptTreeQuery): DeptNode[] {
  if (q.parentId !== undefined) {
    const parent = findNode(roots, q.parentId);
    return parent ? parent.children.map((c) => ({ ...c, children: [] })) : [];
  }
  if (q.name) return pruneToMatches(roots, q.name);
  return roots;
}

/** `GET /admin/dept/tree`: the whole school (every signed-in user picks their own department from it). */
export async function getDeptTreeQuery(scope: TenantScope, q: DeptTreeQuery): Promise<DeptNode[]> {
  return shapeTree(buildDeptTree(await listAllDepts(scope)), q);
}

/** The roots a caller may see: the whole tree, or their own department (with its full path) alone. */
async function scopedRoots(scope: TenantScope, ds: DeptScope): Promise<DeptNode[]> {
  const roots = buildDeptTree(await listAllDepts(scope));
  if (ds === null) return roots;
  if (ds.rootId === null) return [];
  const node = findNode(roots, ds.rootId);
  return node ? [node] : [];
}

/** `GET /admin/dept/inner/tree`: the tree within the caller's data scope. */
export async function getScopedDeptTree(scope: TenantScope, p: Principal, q: DeptTreeQuery) {
  return shapeTree(await scopedRoots(scope, await deptScopeOf(scope, p)), q);
}

/** `GET /admin/dept/treeById`: one department with its subtree. */
export async function getDeptTreeById(scope: TenantScope, id: number): Promise<DeptNode[]> {
  const node = findNode(buildDeptTree(await listAllDepts(scope)), id);
  return node ? [node] : [];
}

function flatPath(rows: readonly DeptRow[]): DeptFlat[] {
  const names: string[] = [];
  return rows.map((r, i) => {
    names.push(r.name);
    return {
      id: r.id,
      parentId: r.parentId,
      name: r.name,
      label: r.name,
      nameRelaTion: names.join('-'),
      isChild: i < rows.length - 1,
    };
  });
}

/** `GET /admin/dept/findDeptByChild`: root-to-department path. */
export async function getDeptPath(scope: TenantScope, id: number): Promise<DeptFlat[]> {
  const rows = await findDeptAncestors(scope, id);
  if (rows.length === 0) throw notFound('department');
  return flatPath(rows);
}

/** `GET /admin/dept/findDeptByChildAndDataScope`: the path from the caller's scope root; 403 outside it. */
export async function getDeptPathInScope(scope: TenantScope, p: Principal, id: number): Promise<DeptFlat[]> {
  const ds = await deptScopeOf(scope, p);
  const path = await getDeptPath(scope, id);
  if (ds === null) return path;
  if (!isDeptInScope(ds, id)) throw new AppError('forbidden', 'the department is outside your data scope');
  const from = path.findIndex((d) => d.id === ds.rootId);
  return path.slice(Math.max(0, from));
}

function toFlat(row: DeptRow, path: string, isChild: boolean): DeptFlat {
  return { id: row.id, parentId: row.parentId, name: row.name, label: row.name, nameRelaTion: path, isChild };
}

async function requireInScope(scope: TenantScope, ds: DeptScope, id: number, field: string) {
  const d = await findDept(scope, id);
  if (!d) throw badRequest(field, 'department does not exist');
  if (!isDeptInScope(ds, id))
    throw new AppError('forbidden', `${field}: the department is outside your data scope`);
  return d;
}

/** Creates a department under a parent in the caller's scope; sibling names are unique. */
export async function createDept(
  scope: TenantScope,
  p: Principal,
  body: { parentId: number; name: string; sort: number },
): Promise<DeptFlat> {
  const ds = await deptScopeOf(scope, p);
  await requireInScope(scope, ds, body.parentId, 'parentId');
  if (await siblingNameTaken(scope, body.parentId, body.name, null)) {
    throw badRequest('name', 'a department with this name already exists here');
  }
  const row = await insertDept(scope, body);
  const path = (await findDeptAncestors(scope, row.id)).map((d) => d.name).join('-');
  return toFlat(row, path, false);
}

/** Renames or moves a department; a move under itself or a descendant (a cycle) is refused. */
export async function updateDept(
  scope: TenantScope,
  p: Principal,
  body: { id: number; parentId?: number | undefined; name?: string | undefined; sort?: number | undefined },
): Promise<DeptFlat> {
  const ds = await deptScopeOf(scope, p);
  const current = await requireInScope(scope, ds, body.id, 'id');
  if (current.parentId === null && body.parentId !== undefined) {
    throw badRequest('parentId', 'the root department cannot be moved');
  }
  // A sub-administrator may not rename or move the root of their own scope (it would leave the scope).
  if (
    ds !== null &&
    ds.rootId === body.id &&
    body.parentId !== undefined &&
    body.parentId !== current.parentId
  ) {
    throw new AppError('forbidden', 'parentId: you cannot move the root of your data scope');
  }
  const parentId = body.parentId ?? current.parentId;
  if (body.parentId !== undefined && body.parentId !== current.parentId) {
    await requireInScope(scope, ds, body.parentId, 'parentId');
    const subtree = await findDeptSubtreeIds(scope, body.id);
    if (subtree.includes(body.parentId)) {
      throw badRequest('parentId', 'a department cannot be moved under itself or one of its children');
    }
  }
  const name = body.name ?? current.name;
  if (parentId !== null && (await siblingNameTaken(scope, parentId, name, body.id))) {
    throw badRequest('name', 'a department with this name already exists here');
  }
  const patch: { parentId?: number; name?: string; sort?: number } = {};
  if (body.parentId !== undefined) patch.parentId = body.parentId;
  if (body.name !== undefined) patch.name = body.name;
  if (body.sort !== undefined) patch.sort = body.sort;
  const row = (await updateDeptRow(scope, body.id, patch))!;
  const ancestors = await findDeptAncestors(scope, row.id);
  const { children } = await countDeptDependants(scope, row.id);
  return toFlat(row, ancestors.map((d) => d.name).join('-'), children > 0);
}

/** Deletes (soft) a department without children or users; never the root or the caller's scope root. */
export async function deleteDept(scope: TenantScope, p: Principal, id: number): Promise<true> {
  const ds = await deptScopeOf(scope, p);
  const d = await requireInScope(scope, ds, id, 'id');
  if (d.parentId === null) throw badRequest('id', 'the root department cannot be deleted');
  if (ds !== null && ds.rootId === id) {
    throw new AppError('forbidden', 'id: you cannot delete the root of your data scope');
  }
  const { children, users } = await countDeptDependants(scope, id);
  if (children > 0) throw badRequest('id', 'the department has sub-departments, delete or move them first');
  if (users > 0)
    throw badRequest('id', `the department has ${users} users, move them to another department first`);
  await softDeleteDept(scope, id);
  return true;
}

/** `GET /admin/inner/dept/region`: the tree for the self-registration form. */
export async function getRegionTree(scope: TenantScope): Promise<DeptNode[]> {
  return buildDeptTree(await listAllDepts(scope));
}
