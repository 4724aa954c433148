import type { PageCode, PermissionKey, ProductCode, RoleCode } from '@psy/contracts';

/*
 * The shapes of the seed catalogue (products, menus, buttons, roles and their grants) and how the parts
 * that modules contribute through their manifests join the base catalogue of seed/catalog.ts.
 */

export interface ProductSeed {
  code: ProductCode;
  name: string;
  nameEn: string;
  type: number;
  icon: string;
}

export interface ButtonSeed {
  code: PermissionKey;
  name: string;
  nameEn: string;
}

export interface MenuSeed {
  /** Also the menu's permission key (a detail page's code is its `PageCode`). */
  code: PermissionKey | PageCode;
  name: string;
  nameEn: string;
  path?: string;
  /** Defaults to the menu code; null for a pure container. */
  permission?: PermissionKey | null;
  hidden?: boolean;
  keepAlive?: boolean;
  children?: MenuSeed[];
  /** Buttons: permission keys under this menu. */
  buttons?: ButtonSeed[];
}

/** A product's whole menu, or one menu entry or button by its code. */
export type RoleGrant = ProductCode | `menu:${PermissionKey | PageCode}`;

export type SeededRoleCode = RoleCode | 'ROLE_SUB_ADMIN';

export interface RoleSeed {
  code: SeededRoleCode;
  name: string;
  ports: string[];
  dataScope?: 'all' | 'dept_tree';
  /** Department administrators may grant it (the school administrator can change this per role). */
  delegable?: boolean;
  /** Product codes whose whole menu the role gets, or menu codes with a `menu:` prefix. */
  grants: RoleGrant[];
  /** Menu codes a product grant brings that this role does not get. */
  except?: (PermissionKey | PageCode)[];
}

/**
 * Where an entry stands among the top-level entries of its product: the sidebar shows them by this
 * number (it becomes the menu's sort). Numbers of one product are unique; leave gaps for later entries.
 */
export interface Placed {
  product: ProductCode;
  order: number;
}

/** A hidden detail page of the spec (S0.2.14, S1.2): a route the client registers, not in the sidebar. */
export interface DetailPageSeed extends Placed {
  path: string;
  name: string;
  nameEn: string;
}

/** What a module adds to the seed catalogue (docs/modules.md "Catalogue"). */
export interface CatalogContribution {
  /** Top-level menu entries, each placed in its product. */
  menus?: readonly (MenuSeed & Placed)[];
  pages?: readonly DetailPageSeed[];
  /** Buttons under an entry another module (or the base catalogue) owns, after that entry's own. */
  buttons?: readonly (ButtonSeed & { menu: PermissionKey | PageCode })[];
  /** Grants added to seeded roles; `'*'`: every role (pages every signed-in person may open). */
  grants?: readonly { roles: readonly SeededRoleCode[] | '*'; grants: readonly RoleGrant[] }[];
}

/** Menu code of a detail page: its path in snake case, e.g. /addPlanInfo/index -> page_addPlanInfo_index. */
export const pageCode = (path: string): PageCode =>
  `page_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;

export const detailPageMenu = (p: DetailPageSeed): MenuSeed & Placed => ({
  product: p.product,
  order: p.order,
  code: pageCode(p.path),
  name: p.name,
  nameEn: p.nameEn,
  path: p.path,
  hidden: true,
});

const findMenu = (list: readonly MenuSeed[], code: string): MenuSeed | undefined => {
  for (const m of list) {
    if (m.code === code) return m;
    const found = findMenu(m.children ?? [], code);
    if (found) return found;
  }
  return undefined;
};

/**
 * The menu tree per product: the base entries and the contributed ones, each product's top-level
 * entries by their order (ties keep the base first, then the contributions in module order).
 */
export function assembleMenus(
  products: readonly ProductSeed[],
  base: readonly (MenuSeed & Placed)[],
  contributions: readonly CatalogContribution[],
): Record<ProductCode, MenuSeed[]> {
  const placed = [
    ...base,
    ...contributions.flatMap((c) => [...(c.menus ?? []), ...(c.pages ?? []).map(detailPageMenu)]),
  ];
  const out = Object.fromEntries(products.map((p) => [p.code, [] as MenuSeed[]])) as Record<
    ProductCode,
    MenuSeed[]
  >;
  for (const p of Object.keys(out) as ProductCode[]) {
    const entries = placed.filter((m) => m.product === p);
    const orders = entries.map((m) => m.order);
    if (new Set(orders).size !== orders.length) throw new Error(`menus of ${p}: two entries share an order`);
    out[p] = entries
      .sort((a, b) => a.order - b.order)
      .map(({ product: _p, order: _o, ...menu }) => ({
        ...menu,
        ...(menu.buttons ? { buttons: [...menu.buttons] } : {}),
      }));
  }
  for (const m of base) if (!(m.product in out)) throw new Error(`menu ${m.code}: no product ${m.product}`);
  for (const c of contributions) {
    for (const b of c.buttons ?? []) {
      const target = Object.values(out)
        .map((list) => findMenu(list, b.menu))
        .find(Boolean);
      if (!target) throw new Error(`button ${b.code}: no menu ${b.menu}`);
      target.buttons = [...(target.buttons ?? []), { code: b.code, name: b.name, nameEn: b.nameEn }];
    }
  }
  return out;
}

/** The seeded roles with the grants modules add (base grants first, then contributions in module order). */
export function assembleRoles(
  base: readonly RoleSeed[],
  contributions: readonly CatalogContribution[],
): RoleSeed[] {
  const roles = base.map((r) => ({ ...r, grants: [...r.grants] }));
  for (const c of contributions) {
    for (const g of c.grants ?? []) {
      const targets = g.roles === '*' ? roles : roles.filter((r) => g.roles.includes(r.code));
      if (g.roles !== '*' && targets.length !== g.roles.length) {
        throw new Error(`grants ${g.grants.join(', ')}: a role of ${g.roles.join(', ')} is not seeded`);
      }
      for (const r of targets) r.grants.push(...g.grants);
    }
  }
  return roles;
}
