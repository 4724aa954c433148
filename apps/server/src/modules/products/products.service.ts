import type { Lang, MenuNode } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { findMenusForRoles, findProductsForRoles } from './products.repository';

/** Products the user can work in, favourites and the user's order first (spec S0.1.5, S0.4). */
export async function listUserProducts(scope: TenantScope, p: Principal, lang: Lang) {
  const rows = await findProductsForRoles(scope, p.userId, p.effectiveRoleIds);
  const byUserOrder = [...rows].sort(
    (a, b) => (a.userSort ?? Number.MAX_SAFE_INTEGER) - (b.userSort ?? Number.MAX_SAFE_INTEGER),
  );
  return byUserOrder.map((r) => ({
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
