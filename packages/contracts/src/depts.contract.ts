import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import { deptNodeSchema, deptTreeQuerySchema } from './identity.contract';

/**
 * Departments (spec S0.3.11 node shape, S0.7 'Departments and dictionaries'). Nodes carry id, parentId,
 * name, label (= name), nameRelaTion (names from the root joined with '-') and isChild (has children).
 * The root is the school's 'organisation' node; the web shows its own translation of that label.
 *
 * `GET /admin/dept/tree` (identity.contract.ts) is the whole tree, for every signed-in user (own profile).
 * The data-scoped calls answer only the viewer's subtree when the viewer is a sub-administrator
 * (role data scope `dept_tree`).
 */

export const DEPT_NAME_MAX = 50;

/** What the server says in place of a department for a person who has none (statistics, messages). */
export const NO_DEPARTMENT = { 'zh-CN': '无部门', 'en-US': 'No department' } as const;

/** A flat department (no children), as in ancestor paths. */
export const deptFlatSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  label: z.string(),
  nameRelaTion: z.string().describe("names from the root joined with '-'"),
  isChild: z.boolean().describe('whether the department has children'),
});
export type DeptFlat = z.infer<typeof deptFlatSchema>;

/**
 * `GET /admin/dept/inner/tree`: the tree for administration screens, limited to the viewer's data scope
 * (a sub-administrator gets their own department as the only root). Same `parentId` / `name` query as
 * `/admin/dept/tree`.
 */
export const deptInnerTreeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dept/inner/tree',
  summary: 'Department tree within the viewer data scope (lazy children with parentId, search with name)',
  tags: ['depts'],
  query: deptTreeQuerySchema,
  response: z.array(deptNodeSchema),
});

export const deptTreeByIdEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dept/treeById',
  summary: 'One department with its whole subtree',
  tags: ['depts'],
  query: z.object({ id: idSchema.describe('department id') }),
  response: z.array(deptNodeSchema).describe('one node, or empty when the department does not exist'),
});

export const deptAncestorsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dept/findDeptByChild',
  summary: 'The path of a department: from the root down to it',
  tags: ['depts'],
  query: z.object({ id: idSchema.describe('department id') }),
  response: z.array(deptFlatSchema),
});

export const deptAncestorsInScopeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dept/findDeptByChildAndDataScope',
  summary: "The path of a department from the viewer's data-scope root down to it; 403 outside the scope",
  tags: ['depts'],
  query: z.object({ id: idSchema.describe('department id') }),
  response: z.array(deptFlatSchema),
});

/** `GET /admin/inner/dept/region`: the tree for self-registration (public, TENANT-ID header). */
export const deptRegionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/inner/dept/region',
  summary: 'Department tree for the self-registration form (no login; TENANT-ID header)',
  tags: ['depts'],
  response: z.array(deptNodeSchema),
});

const deptNameSchema = z
  .string()
  .trim()
  .min(1, 'enter the department name')
  .max(DEPT_NAME_MAX, `at most ${DEPT_NAME_MAX} characters`);

export const deptSortSchema = z.coerce.number().int().min(0).max(1_000_000).default(0);

export const createDeptEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/dept',
  summary: 'Create a department under a parent (permission admin_dept_add)',
  tags: ['depts'],
  body: z.object({
    parentId: idSchema.describe('parent department; inside the viewer data scope'),
    name: deptNameSchema.describe('unique among its siblings'),
    sort: deptSortSchema.describe('display order among siblings, ascending'),
  }),
  response: deptFlatSchema,
});

export const updateDeptEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/dept',
  summary: 'Rename or move a department (permission admin_dept_edit); a move may not create a cycle',
  tags: ['depts'],
  body: z.object({
    id: idSchema,
    parentId: idSchema.optional().describe('new parent; not the department itself or one of its descendants'),
    name: deptNameSchema.optional(),
    sort: z.coerce.number().int().min(0).max(1_000_000).optional(),
  }),
  response: deptFlatSchema,
});

export const deleteDeptEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/admin/dept/:id',
  summary: 'Delete a department without children or users (permission admin_dept_del)',
  tags: ['depts'],
  params: z.object({ id: idSchema }),
  response: z.literal(true),
});
