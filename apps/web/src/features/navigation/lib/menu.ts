import type { MenuNode } from '@psy/contracts';

/** Spec S0.6: menu entries with this path are removed wherever they appear. */
const REMOVED_PATH_FRAGMENT = '/easyTimeMoilbeShow';

export function isExternalUrl(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^https?:\/\//i.test(path);
}

/** `/myiframe/{routerPath}`: the embedded-page route of a menu item with an external address (spec S0.2.10). */
export function embeddedPagePath(menu: Pick<MenuNode, 'id'>): string {
  return `/myiframe/${menu.id}`;
}

/** Menu tree without removed entries and without buttons; hidden entries stay (they are routes). */
export function cleanMenuTree(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes
    .filter((node) => node.type === 0 && !(node.path ?? '').includes(REMOVED_PATH_FRAGMENT))
    .map((node) => ({ ...node, children: cleanMenuTree(node.children) }))
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** What the sidebar shows: hidden entries left out (spec S0.6 isHidden). */
export function visibleMenuTree(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes
    .filter((node) => !node.isHidden)
    .map((node) => ({ ...node, children: visibleMenuTree(node.children) }));
}

export function flattenMenu(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) => [node, ...flattenMenu(node.children)]);
}

/** Route path of a menu entry: its own path, or the embedded-page route for an external address. */
export function menuRoutePath(node: MenuNode): string | null {
  if (!node.path) return null;
  return isExternalUrl(node.path) ? embeddedPagePath(node) : normalisePath(node.path);
}

export function normalisePath(path: string): string {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  return clean.startsWith('/') ? clean || '/' : `/${clean}`;
}

/** The menu entry a route path belongs to (exact match on the path without query). */
export function findMenuByPath(nodes: readonly MenuNode[], path: string): MenuNode | null {
  const wanted = normalisePath(path);
  return flattenMenu(nodes).find((node) => menuRoutePath(node) === wanted) ?? null;
}

export function findMenuById(nodes: readonly MenuNode[], id: number): MenuNode | null {
  return flattenMenu(nodes).find((node) => node.id === id) ?? null;
}

/** The first entry a user can open in a product: the first visible leaf with a path, depth first. */
export function firstLeaf(nodes: readonly MenuNode[]): MenuNode | null {
  for (const node of visibleMenuTree(nodes)) {
    if (node.children.length === 0 && node.path) return node;
    const inner = firstLeaf(node.children);
    if (inner) return inner;
  }
  return null;
}

/** Labels from the root to the entry, for the breadcrumb. */
export function menuTrail(nodes: readonly MenuNode[], id: number): MenuNode[] {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const inner = menuTrail(node.children, id);
    if (inner.length) return [node, ...inner];
  }
  return [];
}

/** The `query` of a menu entry (`a=1&b=2` or JSON) as search parameters for its route. */
export function menuQuery(node: Pick<MenuNode, 'query'>): Record<string, string> {
  const raw = node.query?.trim();
  if (!raw) return {};
  if (raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
