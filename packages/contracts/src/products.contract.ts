import { z } from 'zod';
import { defineEndpoint, idSchema } from './endpoint';

/**
 * Products and menus administration (spec S0.1.1, S0.7.7): which products a school has switched on, and
 * the safe edits of its menu tree (names, hidden, keep-alive, order). The user's own product list and
 * favourites are in identity.contract.ts (`findTenantProductList`, `saveUserProduct`).
 */

/** The product that holds administration itself: never switched off (the admin would lock themselves out). */
export const ALWAYS_ENABLED_PRODUCT = 'SYSTEM';

/** Menu codes an administrator may not hide: hiding them would take away the way back to this page. */
export const UNHIDEABLE_MENU_CODES: readonly string[] = ['sys_product'];

export const MENU_NAME_MAX = 30;
export const REDIRECT_URL_MAX = 500;

export const PRODUCT_MESSAGES = {
  alwaysEnabled: {
    'en-US': 'the system administration product cannot be disabled',
    'zh-CN': '系统管理产品不能停用',
  },
  unhideable: {
    'en-US': 'this menu cannot be hidden: it leads back to the product administration',
    'zh-CN': '该菜单不能隐藏：它是返回产品管理的入口',
  },
  buttonFlag: {
    'en-US': 'buttons have no hidden or keep-alive flag',
    'zh-CN': '按钮没有隐藏或缓存设置',
  },
} as const;

export const tenantProductStatusSchema = z.object({
  id: z.number().int(),
  productCode: z.string(),
  productName: z.string().describe('in the caller language'),
  productNameZh: z.string(),
  productNameEn: z.string(),
  type: z.number().int(),
  icon: z.string().nullable(),
  sort: z.number().int(),
  status: z.union([z.literal(0), z.literal(1)]).describe('1 enabled for the school, 0 disabled'),
  productRedirectUrl: z.string().nullable(),
  /** The product cannot be disabled (system administration). */
  locked: z.boolean(),
});
export type TenantProductStatus = z.infer<typeof tenantProductStatusSchema>;

export const tenantProductStatusListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/products/tenant/findTenantProductList',
  summary: "Every product of the school's catalogue with its status, for administration",
  tags: ['products'],
  response: z.array(tenantProductStatusSchema),
});

export const updateTenantProductStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/products/updateTenantProductSettingStatus',
  summary: 'Enable or disable a product for the school, optionally setting its redirect address',
  tags: ['products'],
  body: z.object({
    productId: idSchema,
    status: z.union([z.literal(0), z.literal(1)]).describe('1 enable, 0 disable'),
    productRedirectUrl: z
      .string()
      .trim()
      .max(REDIRECT_URL_MAX)
      .url('must be an address starting with http:// or https://')
      .refine((u) => /^https?:\/\//i.test(u), 'must be an address starting with http:// or https://')
      .nullish()
      .describe('sleep and visualisation products open this address; absent keeps it, null clears it'),
  }),
  response: tenantProductStatusSchema,
});

export const productByCodeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/products/getProductByCode',
  summary: 'One product of the school by its code, with its status',
  tags: ['products'],
  query: z.object({
    productCode: z
      .string()
      .trim()
      .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'must be a product code'),
  }),
  response: tenantProductStatusSchema,
});

export const tenantDomainEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/products/findTenantDomain',
  summary: "The school's own web address (if it has one) and short name",
  tags: ['products'],
  response: z.object({
    tenantId: z.number().int(),
    code: z.string(),
    domain: z.string().nullable(),
  }),
});

/** A menu entry or button as the administrator edits it. */
export interface AdminMenuNode {
  id: number;
  parentId: number | null;
  productId: number;
  menuCode: string | null;
  name: string;
  nameEn: string | null;
  label: string;
  path: string | null;
  permission: string | null;
  type: number;
  sort: number;
  isHidden: boolean;
  keepAlive: boolean;
  /** Whether the administrator may hide it. */
  hideable: boolean;
  children: AdminMenuNode[];
}

export const adminMenuNodeSchema: z.ZodType<AdminMenuNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      parentId: z.number().int().nullable(),
      productId: z.number().int(),
      menuCode: z.string().nullable(),
      name: z.string().describe('Chinese name'),
      nameEn: z.string().nullable().describe('English name'),
      label: z.string().describe('name in the caller language'),
      path: z.string().nullable(),
      permission: z.string().nullable(),
      type: z.number().int().describe('0 menu, 1 button'),
      sort: z.number().int(),
      isHidden: z.boolean(),
      keepAlive: z.boolean(),
      hideable: z.boolean(),
      children: z.array(adminMenuNodeSchema),
    }),
  )
  .meta({ id: 'AdminMenuNode' });

export const adminMenuTreeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/menu',
  summary: 'Menu tree of one product for editing (buttons included)',
  tags: ['products'],
  query: z.object({
    productId: idSchema,
    parentId: idSchema.optional().describe('only the subtree below this entry'),
    type: z.literal('top').optional().describe('top: only the first level'),
  }),
  response: z.array(adminMenuNodeSchema),
});

const menuNameSchema = z
  .string()
  .trim()
  .min(1, 'enter the name')
  .max(MENU_NAME_MAX, `at most ${MENU_NAME_MAX} characters`);

export const updateMenuEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu',
  summary:
    'Rename, hide or show, set keep-alive of one entry; path, permission key and place are not editable',
  tags: ['products'],
  body: z.object({
    id: idSchema,
    name: menuNameSchema.optional(),
    nameEn: menuNameSchema.optional(),
    isHidden: z.boolean().optional(),
    keepAlive: z.boolean().optional(),
  }),
  response: adminMenuNodeSchema,
});

export const sortMenusEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/admin/menu/sort',
  summary: 'Reorder the entries below one parent (or the first level of a product)',
  tags: ['products'],
  body: z.object({
    productId: idSchema,
    parentId: idSchema.nullable().describe('null: the first level'),
    ids: z
      .array(idSchema)
      .min(1)
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'an entry appears more than once')
      .describe('every sibling once, in the new order'),
  }),
  response: z.array(adminMenuNodeSchema),
});
