import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';
import {
  birthdaySchema,
  emailSchema,
  isMaskedValue,
  MASKED_VALUE_MESSAGE,
  NUMBER_NAME_MAX,
  phoneSchema,
  profileTextSchema,
  REAL_NAME_MAX,
  sexSchema,
} from './rules';

export const roleRefSchema = z.object({
  roleId: z.number().int(),
  roleCode: z.string(),
  roleName: z.string(),
});

export const sysUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  realName: z.string(),
  numberName: z.string().nullable(),
  phone: z.string().nullable().describe('masked unless the viewer may see it'),
  email: z.string().nullable(),
  sex: z.number().int().nullable(),
  avatar: z.string().nullable(),
  deptId: z.number().int().nullable(),
  userTypeId: z.number().int().nullable(),
  tenantId: z.number().int(),
  logoutRedirect: z.string().nullable(),
  mustChangePassword: z.boolean(),
});

/** `GET /admin/user/info`: who is signed in and what they may do. */
export const userInfoSchema = z.object({
  sysUser: sysUserSchema,
  roles: z.array(z.number().int()).describe('role ids of the user'),
  roleList: z.array(roleRefSchema),
  activeRoleId: z.number().int().nullable(),
  permissions: z.array(z.string()).describe('permission keys of the active role (or of all roles)'),
  isInitializeAdmin: z.boolean(),
  isSso: z
    .boolean()
    .describe('the session comes from a single sign-on: no forced password change (spec S0.4.1)'),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const userInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/info',
  summary: 'The signed-in user, roles and permissions',
  tags: ['identity'],
  response: userInfoSchema,
});

/** Required basic fields of the user form (spec S0.3.3) that the profile-rewrite check counts (spec S0.5.14). */
export const BASIC_PROFILE_FIELDS = ['realName', 'numberName', 'phone', 'deptId', 'sex', 'birthday'] as const;
export type BasicProfileField = (typeof BASIC_PROFILE_FIELDS)[number];

/** Sections of the profile that must be filled before work (spec S0.3.2): 0 basic, 1 other, 2 past, 3 evaluation. */
export const userDetailSchema = userInfoSchema.extend({
  deptFullName: z.string().nullable(),
  isWriteInfo: z.array(z.number().int().min(0).max(3)),
  userTypeId: z.number().int().nullable(),
  tenantId: z.number().int(),
  birthday: z.string().nullable().describe('yyyy-MM-dd'),
  missingBasicFields: z
    .array(z.enum(BASIC_PROFILE_FIELDS))
    .describe('required basic fields that are empty; section 0 is in isWriteInfo while any is listed'),
});

export const userDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/user/detail',
  summary: 'The signed-in user with department path and missing profile sections',
  tags: ['identity'],
  response: userDetailSchema,
});

/**
 * The basic fields a user may fill in on their own profile (spec S0.2.24, S0.7 `editMy`). Every field is
 * optional: only the fields sent change. Never the user name, roles or password; never a masked value.
 */
export const editMyBodySchema = z.object({
  realName: profileTextSchema(REAL_NAME_MAX, 'enter name').optional(),
  numberName: profileTextSchema(NUMBER_NAME_MAX, 'enter number').optional(),
  phone: z
    .string()
    .trim()
    .min(1, 'enter contact')
    .refine((value) => !isMaskedValue(value), MASKED_VALUE_MESSAGE['en-US'])
    .pipe(phoneSchema)
    .optional(),
  sex: sexSchema.optional().describe('1 male, 2 female'),
  birthday: birthdaySchema.optional().describe('yyyy-MM-dd, not in the future'),
  email: z
    .union([
      z.literal('').transform(() => null),
      z.null(),
      emailSchema.refine((value) => !isMaskedValue(value), MASKED_VALUE_MESSAGE['en-US']),
    ])
    .optional()
    .describe('empty or null clears it'),
  deptId: idSchema.optional().describe('a department of the tenant (GET /admin/dept/tree)'),
});

export const editMyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/user/editMy',
  summary: "Fill in or correct the signed-in user's own basic information; answers the updated detail",
  tags: ['identity'],
  body: editMyBodySchema,
  response: userDetailSchema,
});

/** A department tree node (spec S0.3.11). */
export interface DeptNode {
  id: number;
  parentId: number | null;
  name: string;
  label: string;
  /** Relation path from the root, names joined with '-'. */
  nameRelaTion: string;
  /** Whether the node has children. */
  isChild: boolean;
  children: DeptNode[];
}

export const deptNodeSchema: z.ZodType<DeptNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      name: z.string(),
      label: z.string(),
      nameRelaTion: z.string(),
      isChild: z.boolean(),
      children: z.array(deptNodeSchema),
    }),
  )
  .meta({ id: 'DeptNode' });

/**
 * Query of the department trees. Neither: the whole tree. `parentId`: only the children of that node
 * (lazy loading; each with `isChild` and an empty `children`). `name`: the departments whose name
 * contains it, with their ancestors (so the tree can be shown expanded to them).
 */
export const deptTreeQuerySchema = z.object({
  parentId: z
    .preprocess((v) => (v === '' ? undefined : v), idSchema.optional())
    .describe('answer only the children of this department (lazy loading)'),
  name: z
    .string()
    .trim()
    .max(50, 'at most 50 characters')
    .optional()
    .describe('departments whose name contains this, with their ancestors'),
});

export const deptTreeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dept/tree',
  summary: "The tenant's department tree from the root ('organisation'); lazy children or name search",
  tags: ['identity'],
  query: deptTreeQuerySchema,
  response: z.array(deptNodeSchema),
});

export const portRoleSchema = roleRefSchema.extend({
  portPermission: z.array(z.string()),
  hasPortPermission: z.boolean(),
});

export const userPortPermissionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/role/getUserPortPermission',
  summary: "The user's roles, usable ones first, each flagged for this client port",
  tags: ['identity'],
  response: z.array(portRoleSchema),
});

export const toggleRoleEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/v2/user/toggleRole',
  summary: 'Choose the active role; later requests carry it in the ROLE-ID header',
  tags: ['identity'],
  query: z.object({ roleId: idSchema.describe('role to make active') }),
  response: roleRefSchema.extend({ permissions: z.array(z.string()) }),
});

export const productSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  productCode: z.string(),
  type: z.number().int(),
  icon: z.string().nullable(),
  tuck: z.number().int().describe('1 favourite, 0 not'),
  userSort: z.number().int().nullable(),
  productRedirectUrl: z.string().nullable(),
});

export const tenantProductListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/products/findTenantProductList',
  summary: 'Products enabled for the tenant that the user has menus in, with favourites and order',
  tags: ['products'],
  response: z.array(productSchema),
});

/** One product of the user's favourites and order (spec S0.4.5). */
export const userProductItemSchema = z.object({
  productId: idSchema.describe('a product of GET /admin/products/findTenantProductList'),
  userSort: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .describe("position in the user's order; drag-sorting numbers from 1"),
  tuck: z.union([z.literal(0), z.literal(1)]).describe('1 favourite (starred), 0 not'),
});

/**
 * Saves favourites and order (spec S0.4.5, S0.5.16): at most FAVOURITE_PRODUCT_MAX starred products.
 * Products left out keep what they had. Answers the product list as findTenantProductList would.
 */
export const saveUserProductEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/products/saveUserProduct',
  summary: "Save the user's favourite flags and product order",
  tags: ['products'],
  body: z.array(userProductItemSchema).max(100, 'at most 100 products'),
  response: z.array(productSchema),
});

export interface MenuNode {
  id: number;
  parentId: number | null;
  menuCode: string | null;
  label: string;
  path: string | null;
  icon: string | null;
  permission: string | null;
  type: number;
  sort: number;
  isHidden: boolean;
  keepAlive: boolean;
  group: string | null;
  query: string | null;
  meta: { roles: string[] };
  children: MenuNode[];
}

export const menuNodeSchema: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      menuCode: z.string().nullable(),
      label: z.string(),
      path: z.string().nullable(),
      icon: z.string().nullable(),
      permission: z.string().nullable(),
      type: z.number().int().describe('0 menu, 1 button'),
      sort: z.number().int(),
      isHidden: z.boolean(),
      keepAlive: z.boolean(),
      group: z.string().nullable(),
      query: z.string().nullable(),
      meta: z.object({ roles: z.array(z.string()) }),
      children: z.array(menuNodeSchema),
    }),
  )
  .meta({ id: 'MenuNode' });

export const userProductMenuEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/menu/getUserProductMenu',
  summary: "Menu tree of one product for the user's active role (or all roles)",
  tags: ['products'],
  query: z.object({ productId: idSchema, productCode: z.string().max(40).optional() }),
  response: z.array(menuNodeSchema),
});

export const tenantDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  domain: z.string().nullable(),
  captchaEnabled: z.boolean().describe('the login form must show a captcha'),
  smsLoginEnabled: z.boolean(),
});

export const tenantDetailByCodeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/tenant/detailByCode',
  summary: 'Tenant by its short name (login page)',
  tags: ['tenants'],
  query: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'code must be a tenant short name') }),
  response: tenantDetailSchema,
});

export const pageSetupSchema = z.object({
  tenantId: z.number().int(),
  systemTitle: z.string().nullable(),
  browserTitle: z.string().nullable(),
  browserIcon: z.string().nullable(),
  technicalSupport: z.string().nullable(),
  navigateLogo: z.string().nullable(),
  layoutThemeColor: z.string().nullable(),
});

export const pageSetupByTenantEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/pageSetup/findPageSetupByTenantId/:id',
  summary: 'Tenant page setup (titles, icon, logo, theme colour); public for the login page',
  tags: ['tenants'],
  params: z.object({ id: idSchema }),
  response: pageSetupSchema,
});

export const settingSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  enable: z.boolean(),
  value: z.record(z.string(), z.unknown()),
});

export const settingByTypeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/public/setting/manage/type',
  summary: 'One setting record of the tenant by its code',
  tags: ['settings'],
  query: z.object({ type: z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'type must be a setting code') }),
  response: settingSchema.nullable(),
});

export const dictItemSchema = z.object({
  id: z.number().int(),
  value: z.string(),
  label: z.string(),
  labelEn: z.string().nullable(),
  sort: z.number().int(),
});

export const dictByTypeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/dict/type/:type',
  summary: 'Items of one dictionary',
  tags: ['settings'],
  params: z.object({ type: z.string().regex(/^[A-Za-z0-9_]{1,60}$/, 'type must be a dictionary name') }),
  response: z.array(dictItemSchema),
});
