import {
  FAVOURITE_PRODUCT_LIMIT_MESSAGE,
  FAVOURITE_PRODUCT_MAX,
  type Lang,
  type MenuNode,
} from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { findMenusForRoles, findProductsForRoles, upsertUserProducts } from './products.repository';

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
