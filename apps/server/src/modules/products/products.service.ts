import {
  ALWAYS_ENABLED_PRODUCT,
  FAVOURITE_PRODUCT_LIMIT_MESSAGE,
  FAVOURITE_PRODUCT_MAX,
  PRODUCT_MESSAGES,
  ROLE_MESSAGES,
  UNHIDEABLE_MENU_CODES,
  type AdminMenuNode,
  type GrantMenuNode,
  type Lang,
  type MenuNode,
  type RoleMenus,
  type TenantProductStatus,
} from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { assertManageable, isBuiltIn, requireRole } from '../identity';
import { findTenantDomain } from '../tenants';
import {
  findEnabledProductMenus,
  findMenuById,
  findMenuPermissionKeys,
  findMenusForRoles,
  findProductMenus,
  findProductsForRoles,
  findRoleMenuIds,
  findTenantProductStatuses,
  renumberMenus,
  replaceRoleMenus,
  updateMenu,
  updateTenantProduct,
  upsertUserProducts,
  type AdminMenuRow,
} from './products.repository';

/** Products the user can work in, in the user's order, then catalogue order (spec S0.1.5, S0.4.5). */
export async function listUserProducts(scope: TenantScope, p: Principal, lang: Lang) {
  const rows = await findProductsForRoles(scope, p.userId, p.effectiveRoleIds);
  return rows.map((r) => ({
    id: r.id,
    productName: lang === 'en-US' ? r.productNameEn : r.productName,
    productCode: r.productCode,
    type: r.type,
    icon: r.icon,
    tuck: r.tuck ?? 0,
    userSort: r.userSort ?? null,
    productRedirectUrl: r.redirectUrl ?? null,
  }));
}

/**
 * Saves the user's favourites and order (spec S0.4.5, S0.5.16): only products the user can see, each
 * once, and at most FAVOURITE_PRODUCT_MAX starred among the visible ones once saved. Products left out
 * keep their flag and position. Answers the list as findTenantProductList does.
 */
export async function saveUserProducts(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  items: { productId: number; userSort: number; tuck: 0 | 1 }[],
) {
  const visible = await findProductsForRoles(scope, p.userId, p.effectiveRoleIds);
  const tuckById = new Map(visible.map((r) => [r.id, r.tuck ?? 0]));
  const seen = new Set<number>();
  for (const [i, item] of items.entries()) {
    if (!tuckById.has(item.productId)) {
      throw badRequest(`[${i}].productId`, 'not a product you can use');
    }
    if (seen.has(item.productId)) throw badRequest(`[${i}].productId`, 'appears more than once');
    seen.add(item.productId);
    tuckById.set(item.productId, item.tuck);
  }
  const tucked = [...tuckById.values()].filter((t) => t === 1).length;
  if (tucked > FAVOURITE_PRODUCT_MAX) {
    throw new AppError('business', FAVOURITE_PRODUCT_LIMIT_MESSAGE[lang], {
      max: FAVOURITE_PRODUCT_MAX,
      tucked,
    });
  }
  await upsertUserProducts(scope, p.userId, items);
  return listUserProducts(scope, p, lang);
}

/** Menu paths the platform never shows (spec S0.6.4). */
const REMOVED_MENU_PATHS = ['/easyTimeMoilbeShow'];

/**
 * The menu tree of one product for the roles that apply (spec S0.6.4): buttons are left out (they are
 * permissions), entries whose meta.roles does not name an applying role and removed paths are dropped;
 * isHidden entries stay (they are routes, not sidebar items) and the client hides them.
 */
export async function getUserProductMenu(
  scope: TenantScope,
  p: Principal,
  productId: number,
  lang: Lang,
): Promise<MenuNode[]> {
  const roleCodes = new Set(
    p.roles.filter((r) => p.effectiveRoleIds.includes(r.roleId)).map((r) => r.roleCode),
  );
  const rows = (await findMenusForRoles(scope, productId, p.effectiveRoleIds)).filter(
    (r) =>
      r.type === 0 &&
      !REMOVED_MENU_PATHS.some((x) => r.path?.includes(x)) &&
      (!r.meta.roles?.length || r.meta.roles.some((code) => roleCodes.has(code))),
  );
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parentId,
      menuCode: r.menuCode,
      label: lang === 'en-US' && r.nameEn ? r.nameEn : r.name,
      path: r.path,
      icon: r.icon,
      permission: r.permission,
      type: r.type,
      sort: r.sort,
      isHidden: r.isHidden,
      keepAlive: r.keepAlive,
      group: r.menuGroup,
      query: r.query,
      meta: { roles: r.meta.roles ?? [] },
      children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId !== null ? nodes.get(n.parentId) : undefined;
    (parent ? parent.children : roots).push(n);
  }
  const sortTree = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) sortTree(n.children);
  };
  sortTree(roots);
  return roots;
}

type ProductStatusRow = Awaited<ReturnType<typeof findTenantProductStatuses>>[number];

function toProductStatus(r: ProductStatusRow, lang: Lang): TenantProductStatus {
  return {
    id: r.id,
    productCode: r.productCode,
    productName: lang === 'en-US' ? r.productNameEn : r.productName,
    productNameZh: r.productName,
    productNameEn: r.productNameEn,
    type: r.type,
    icon: r.icon,
    sort: r.sort,
    status: r.enabled ? 1 : 0,
    productRedirectUrl: r.redirectUrl ?? null,
    locked: r.productCode === ALWAYS_ENABLED_PRODUCT,
  };
}

/** Every product of the school with its status (spec S0.7.7 `tenant/findTenantProductList`). */
export async function listTenantProductStatuses(scope: TenantScope, lang: Lang) {
  return (await findTenantProductStatuses(scope)).map((r) => toProductStatus(r, lang));
}

/** One product of the school by code (`getProductByCode`); 404 when the school does not have it. */
export async function getTenantProductByCode(scope: TenantScope, lang: Lang, productCode: string) {
  const row = (await findTenantProductStatuses(scope)).find((r) => r.productCode === productCode);
  if (!row) throw notFound('product');
  return toProductStatus(row, lang);
}

/**
 * Switches a product on or off for the school (`updateTenantProductSettingStatus`). The system product
 * stays on: it holds administration itself. Grants are kept, so switching back on restores the menus.
 */
export async function setTenantProductStatus(
  scope: TenantScope,
  lang: Lang,
  body: { productId: number; status: 0 | 1; productRedirectUrl?: string | null },
) {
  const row = (await findTenantProductStatuses(scope)).find((r) => r.id === body.productId);
  if (!row) throw badRequest('productId', 'not a product of this school');
  if (row.productCode === ALWAYS_ENABLED_PRODUCT && body.status === 0) {
    throw new AppError('business', PRODUCT_MESSAGES.alwaysEnabled[lang]);
  }
  await updateTenantProduct(scope, body.productId, {
    enabled: body.status === 1,
    ...(body.productRedirectUrl !== undefined ? { redirectUrl: body.productRedirectUrl } : {}),
  });
  return getTenantProductByCode(scope, lang, row.productCode);
}

/** The school's short name and own web address (`findTenantDomain`). */
export async function getTenantDomain(scope: TenantScope) {
  const row = await findTenantDomain(scope);
  if (!row) throw notFound('school');
  return row;
}

/** Builds trees from flat rows; a row whose parent is not among them becomes a root. Sorted by sort, id. */
export function buildTree<R extends { id: number; parentId: number | null; sort: number }, N>(
  rows: readonly R[],
  toNode: (r: R) => N & { children: N[] },
): (N & { children: N[] })[] {
  const nodes = new Map<number, { row: R; node: N & { children: N[] } }>();
  for (const r of rows) nodes.set(r.id, { row: r, node: toNode(r) });
  const roots: { row: R; node: N & { children: N[] } }[] = [];
  const children = new Map<number, { row: R; node: N & { children: N[] } }[]>();
  for (const entry of nodes.values()) {
    const parent = entry.row.parentId;
    if (parent !== null && nodes.has(parent)) {
      const list = children.get(parent) ?? [];
      list.push(entry);
      children.set(parent, list);
    } else roots.push(entry);
  }
  const order = (list: { row: R; node: N & { children: N[] } }[]) =>
    list.sort((a, b) => a.row.sort - b.row.sort || a.row.id - b.row.id);
  for (const [id, list] of children) nodes.get(id)!.node.children.push(...order(list).map((e) => e.node));
  return order(roots).map((e) => e.node);
}

function toAdminNode(r: AdminMenuRow, lang: Lang): AdminMenuNode {
  return {
    id: r.id,
    parentId: r.parentId,
    productId: r.productId,
    menuCode: r.menuCode,
    name: r.name,
    nameEn: r.nameEn,
    label: lang === 'en-US' && r.nameEn ? r.nameEn : r.name,
    path: r.path,
    permission: r.permission,
    type: r.type,
    sort: r.sort,
    isHidden: r.isHidden,
    keepAlive: r.keepAlive,
    hideable: r.type === 0 && !UNHIDEABLE_MENU_CODES.includes(r.menuCode ?? ''),
    children: [],
  };
}

async function requireTenantProduct(scope: TenantScope, productId: number, field = 'productId') {
  const found = (await findTenantProductStatuses(scope)).some((r) => r.id === productId);
  if (!found) throw badRequest(field, 'not a product of this school');
}

/** The menu tree of one product for editing (`GET /admin/menu`): all of it, a subtree, or the first level. */
export async function getAdminMenuTree(
  scope: TenantScope,
  lang: Lang,
  q: { productId: number; parentId?: number; type?: 'top' },
): Promise<AdminMenuNode[]> {
  await requireTenantProduct(scope, q.productId);
  const rows = await findProductMenus(scope, q.productId);
  if (q.parentId !== undefined && !rows.some((r) => r.id === q.parentId)) {
    throw badRequest('parentId', 'not an entry of this product');
  }
  const tree = buildTree(rows, (r) => toAdminNode(r, lang));
  if (q.type === 'top') return tree.map((n) => ({ ...n, children: [] }));
  if (q.parentId === undefined) return tree;
  const find = (list: AdminMenuNode[]): AdminMenuNode | undefined => {
    for (const n of list) {
      if (n.id === q.parentId) return n;
      const hit = find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return find(tree)?.children ?? [];
}

/**
 * The safe edits of one entry (`PUT /admin/menu`): names, hidden and keep-alive. Path, permission key,
 * code and place stay as the catalogue made them: routes and permission checks depend on them.
 */
export async function editMenuEntry(
  scope: TenantScope,
  lang: Lang,
  body: { id: number; name?: string; nameEn?: string; isHidden?: boolean; keepAlive?: boolean },
): Promise<AdminMenuNode> {
  const row = await findMenuById(scope, body.id);
  if (!row) throw notFound('menu');
  const { id, ...patch } = body;
  if (row.type !== 0 && (patch.isHidden !== undefined || patch.keepAlive !== undefined)) {
    throw new AppError('business', PRODUCT_MESSAGES.buttonFlag[lang]);
  }
  if (patch.isHidden === true && UNHIDEABLE_MENU_CODES.includes(row.menuCode ?? '')) {
    throw new AppError('business', PRODUCT_MESSAGES.unhideable[lang]);
  }
  await updateMenu(scope, id, patch);
  return toAdminNode((await findMenuById(scope, id))!, lang);
}

/** Reorders the entries below one parent (`PUT /admin/menu/sort`): every sibling once, numbered from 1. */
export async function sortMenuEntries(
  scope: TenantScope,
  lang: Lang,
  body: { productId: number; parentId: number | null; ids: number[] },
): Promise<AdminMenuNode[]> {
  await requireTenantProduct(scope, body.productId);
  const rows = await findProductMenus(scope, body.productId);
  const siblings = new Set(rows.filter((r) => r.parentId === body.parentId).map((r) => r.id));
  if (body.parentId !== null && !rows.some((r) => r.id === body.parentId)) {
    throw badRequest('parentId', 'not an entry of this product');
  }
  if (siblings.size !== body.ids.length || body.ids.some((id) => !siblings.has(id))) {
    throw badRequest('ids', 'must list every entry below the parent once');
  }
  await renumberMenus(scope, body.ids);
  const tree = await getAdminMenuTree(
    scope,
    lang,
    body.parentId === null
      ? { productId: body.productId }
      : { productId: body.productId, parentId: body.parentId },
  );
  return tree;
}

function toGrantNode(r: AdminMenuRow, lang: Lang): GrantMenuNode {
  return {
    id: r.id,
    parentId: r.parentId,
    menuCode: r.menuCode,
    label: lang === 'en-US' && r.nameEn ? r.nameEn : r.name,
    path: r.path,
    permission: r.permission,
    type: r.type,
    isHidden: r.isHidden,
    children: [],
  };
}

/**
 * The grant tree of a role: the enabled products with their menus and buttons, and which the role holds.
 * Grants in disabled products are not shown and are kept when the grants are saved.
 */
export async function getRoleGrantTree(
  scope: TenantScope,
  lang: Lang,
  roleId: number,
  editable: boolean,
): Promise<RoleMenus> {
  const products = await findTenantProductStatuses(scope);
  const rows = await findEnabledProductMenus(scope);
  const granted = await findRoleMenuIds(scope, roleId);
  const inScope = new Set(rows.map((r) => r.id));
  return {
    roleId,
    editable,
    menuIds: granted.filter((id) => inScope.has(id)).sort((a, b) => a - b),
    products: products
      .filter((p) => p.enabled)
      .map((p) => ({
        productId: p.id,
        productCode: p.productCode,
        productName: lang === 'en-US' ? p.productNameEn : p.productName,
        menus: buildTree(
          rows.filter((r) => r.productId === p.id),
          (r) => toGrantNode(r, lang),
        ),
      })),
  };
}

/**
 * Replaces a role's grants in the enabled products. Every id must be a menu or button of an enabled
 * product of the school; the ancestors of a granted entry are granted too, so it shows in the tree.
 */
export async function saveRoleGrants(scope: TenantScope, roleId: number, menuIds: number[]) {
  const rows = await findEnabledProductMenus(scope);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const wanted = new Set<number>();
  for (const [i, id] of menuIds.entries()) {
    if (!byId.has(id)) throw badRequest(`menuIds[${i}]`, 'not a menu of an enabled product of this school');
    for (let cur = byId.get(id); cur && !wanted.has(cur.id); cur = byId.get(cur.parentId ?? -1)) {
      wanted.add(cur.id);
    }
  }
  await replaceRoleMenus(
    scope,
    roleId,
    [...byId.keys()],
    [...wanted].sort((a, b) => a - b),
  );
}

// --- role grants (the role details page) -----------------------------------------------------------

/** The grant tree of a role per enabled product with its granted ids (`GET /admin/role/{id}/menus`). */
export async function getRoleMenus(scope: TenantScope, lang: Lang, id: number): Promise<RoleMenus> {
  const current = await requireRole(scope, id);
  return getRoleGrantTree(scope, lang, id, !isBuiltIn(current));
}

/**
 * Replaces a role's menus and buttons (`PUT /admin/role/menus`). The administrator role's grants are
 * fixed. A caller may add only permission keys they hold themselves (no granting oneself more through a
 * role); entries the role already has may stay.
 */
export async function saveRoleMenus(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { roleId: number; menuIds: number[] },
): Promise<RoleMenus> {
  const current = await requireRole(scope, body.roleId);
  if (isBuiltIn(current)) throw new AppError('business', ROLE_MESSAGES.builtIn[lang]);
  assertManageable(p, lang, current, 'roleId');
  const held = new Set(await findRoleMenuIds(scope, body.roleId));
  const added = body.menuIds.filter((id) => !held.has(id));
  const keys = await findMenuPermissionKeys(scope, added);
  for (const [i, id] of body.menuIds.entries()) {
    const key = keys.get(id);
    if (key && !p.permissions.has(key)) {
      throw badRequest(`menuIds[${i}]`, 'you cannot grant a permission you do not hold');
    }
  }
  await saveRoleGrants(scope, body.roleId, body.menuIds);
  return getRoleGrantTree(scope, lang, body.roleId, true);
}
