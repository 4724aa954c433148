import { z } from 'zod';
import { boundedPageQuery } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { CLIENT_PORTS } from './headers';

/**
 * Role administration (spec S0.6, S0.7.6, S0.7.17): the role list, create, edit, delete, menus and
 * buttons granted, port permission per client scope, data scope and form permissions per form.
 */

/** The built-in institution administrator: never deleted, its code, data scope and grants never change. */
export const BUILT_IN_ADMIN_ROLE = 'ROLE_ADMIN';

/** Data scope of a role: everything, or the holder's own department subtree (a sub-administrator). */
export const DATA_SCOPES = ['all', 'dept_tree'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export const ROLE_NAME_MAX = 30;
export const ROLE_CODE_MAX = 40;
export const ROLE_DESC_MAX = 200;
/** Upper case letters, digits and underscores, starting with a letter (ROLE_ADMIN, CRISIS_ROLE_CLASS). */
export const ROLE_CODE_PATTERN = /^[A-Z][A-Z0-9_]*$/;

/** Business refusals of role administration, in both languages. */
export const ROLE_MESSAGES = {
  codeTaken: { 'en-US': 'the role code is already used', 'zh-CN': '角色编码已存在' },
  inUse: {
    'en-US': 'users still hold this role, remove it from them first',
    'zh-CN': '该角色仍有用户使用，请先移除用户的该角色',
  },
  builtIn: {
    'en-US': 'the built-in administrator role cannot be changed this way',
    'zh-CN': '内置管理员角色不能这样修改',
  },
  /** A department (sub-)administrator manages only roles limited to a department subtree. */
  outOfScope: {
    'en-US': 'a department administrator can only manage roles limited to the department subtree',
    'zh-CN': '部门管理员只能管理数据范围为本部门及以下的角色',
  },
} as const;

const roleNameSchema = z
  .string()
  .trim()
  .min(1, 'enter the role name')
  .max(ROLE_NAME_MAX, `at most ${ROLE_NAME_MAX} characters`);

const roleCodeSchema = z
  .string()
  .trim()
  .min(2, 'at least 2 characters')
  .max(ROLE_CODE_MAX, `at most ${ROLE_CODE_MAX} characters`)
  .regex(ROLE_CODE_PATTERN, 'upper case letters, digits and _ only, starting with a letter');

export const portPermissionSchema = z
  .array(z.enum(CLIENT_PORTS))
  .min(1, 'choose at least one client')
  .max(CLIENT_PORTS.length)
  .refine((ports) => new Set(ports).size === ports.length, 'a client appears more than once')
  .describe('client scopes the role may be used from: pc, h5, app');

export const roleRecordSchema = z.object({
  id: z.number().int(),
  roleName: z.string(),
  roleCode: z.string(),
  roleDesc: z.string().nullable(),
  portPermission: z.array(z.string()),
  dataScope: z.enum(DATA_SCOPES),
  /** The built-in administrator role (not deletable, grants fixed). */
  builtIn: z.boolean(),
  userCount: z.number().int().describe('users holding the role'),
  createTime: z.string().describe('ISO 8601 time in UTC'),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const rolePageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/role/page',
  summary: 'Roles of the school, paged, optionally filtered by name or code',
  tags: ['roles'],
  query: boundedPageQuery(100).extend({
    roleName: z.string().trim().max(ROLE_NAME_MAX).optional().describe('part of the name or code'),
  }),
  response: pageOf(roleRecordSchema),
});

export const roleOptionSchema = z.object({
  id: z.number().int(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleCode: z.string(),
});

/** Every role of the school, for role pickers (user form, agreement settings). */
export const innerRoleListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/inner/role/list',
  summary: 'All roles of the school (id, name, code), for pickers',
  tags: ['roles'],
  response: z.array(roleOptionSchema),
});

export const roleDetailEndpoint = defineEndpoint({
  method: 'GET',
  // Not `/admin/role/:id`: the role list page of the web app is `/admin/role/index`.
  path: '/admin/role/details/:id',
  summary: 'One role',
  tags: ['roles'],
  params: z.object({ id: idSchema }),
  response: roleRecordSchema,
});

export const roleBodySchema = z.object({
  roleName: roleNameSchema,
  roleCode: roleCodeSchema,
  roleDesc: z
    .string()
    .trim()
    .max(ROLE_DESC_MAX, `at most ${ROLE_DESC_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  portPermission: portPermissionSchema,
  dataScope: z.enum(DATA_SCOPES).describe("'all' or 'dept_tree' (own department subtree)"),
});
export type RoleBody = z.input<typeof roleBodySchema>;

export const createRoleEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/role',
  summary: 'Create a role (no grants yet)',
  tags: ['roles'],
  body: roleBodySchema,
  response: roleRecordSchema,
});

export const updateRoleEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/role',
  summary: 'Edit a role; takes effect on the next request of its holders',
  tags: ['roles'],
  body: roleBodySchema.extend({ id: idSchema }),
  response: roleRecordSchema,
});

export const deleteRoleEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/admin/role/:id',
  summary: 'Delete a role no user holds (never the built-in administrator)',
  tags: ['roles'],
  params: z.object({ id: idSchema }),
  response: z.boolean(),
});

/** A menu or button in the grant tree of a role. */
export interface GrantMenuNode {
  id: number;
  parentId: number | null;
  menuCode: string | null;
  label: string;
  path: string | null;
  permission: string | null;
  /** 0 menu, 1 button. */
  type: number;
  isHidden: boolean;
  children: GrantMenuNode[];
}

export const grantMenuNodeSchema: z.ZodType<GrantMenuNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      menuCode: z.string().nullable(),
      label: z.string(),
      path: z.string().nullable(),
      permission: z.string().nullable(),
      type: z.number().int(),
      isHidden: z.boolean(),
      children: z.array(grantMenuNodeSchema),
    }),
  )
  .meta({ id: 'GrantMenuNode' });

export const roleMenusSchema = z.object({
  roleId: z.number().int(),
  /** Granted menu and button ids (in the products listed; grants in disabled products are kept apart). */
  menuIds: z.array(z.number().int()),
  editable: z.boolean().describe('false for the built-in administrator'),
  products: z.array(
    z.object({
      productId: z.number().int(),
      productCode: z.string(),
      productName: z.string(),
      menus: z.array(grantMenuNodeSchema),
    }),
  ),
});
export type RoleMenus = z.infer<typeof roleMenusSchema>;

export const roleMenusEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/role/:id/menus',
  summary: "The grant tree per enabled product and the role's granted menu and button ids",
  tags: ['roles'],
  params: z.object({ id: idSchema }),
  response: roleMenusSchema,
});

export const MENU_GRANT_MAX = 5000;

export const saveRoleMenusEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/role/menus',
  summary: "Replace the role's grants in the enabled products; ancestors of a granted entry are granted too",
  tags: ['roles'],
  body: z.object({
    roleId: idSchema,
    menuIds: z
      .array(idSchema)
      .max(MENU_GRANT_MAX, `at most ${MENU_GRANT_MAX} entries`)
      .describe('menu and button ids of the enabled products'),
  }),
  response: roleMenusSchema,
});

/** Whether holders of a role may view and edit the answers of a form (form engine, spec S0.3). */
export const roleFormPermissionSchema = z.object({
  formId: z.number().int(),
  roleId: z.number().int(),
  view: z.boolean(),
  edit: z.boolean(),
});

/** Form permissions of the caller's applying roles: per form, view/edit if any applying role allows it. */
export const findRoleFormPermissionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/role/form/findRoleFormPermission',
  summary:
    "Form permissions of the caller's applying roles (a form without a row follows the form's own rules)",
  tags: ['roles'],
  query: z.object({ formId: idSchema.optional().describe('one form; absent: every form with a row') }),
  response: z.array(z.object({ formId: z.number().int(), view: z.boolean(), edit: z.boolean() })),
});

export const roleFormPermissionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/role/form/permissions',
  summary: 'Stored form permissions of one role',
  tags: ['roles'],
  query: z.object({ roleId: idSchema }),
  response: z.array(roleFormPermissionSchema),
});

export const saveRoleFormPermissionsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/role/form/permissions',
  summary: 'Replace the form permissions of one role (edit implies view)',
  tags: ['roles'],
  body: z.object({
    roleId: idSchema,
    items: z
      .array(z.object({ formId: idSchema, view: z.boolean(), edit: z.boolean() }))
      .max(1000, 'at most 1000 forms')
      .refine(
        (items) => new Set(items.map((i) => i.formId)).size === items.length,
        'a form appears more than once',
      ),
  }),
  response: z.array(roleFormPermissionSchema),
});
