import type { GrantMenuNode } from '@psy/contracts';

/**
 * The grant tree of the role details page (pure). Checking an entry grants it with everything below it
 * and the entries above it (an entry shows only under its parent); unchecking takes it and everything
 * below it away, and leaves the parents as they are: a role may hold a page without its buttons.
 */
export interface GrantIndex {
  parentOf: ReadonlyMap<number, number | null>;
  childrenOf: ReadonlyMap<number, readonly number[]>;
}

export function indexGrantTree(roots: readonly GrantMenuNode[]): GrantIndex {
  const parentOf = new Map<number, number | null>();
  const childrenOf = new Map<number, number[]>();
  const walk = (nodes: readonly GrantMenuNode[], parent: number | null) => {
    for (const n of nodes) {
      parentOf.set(n.id, parent);
      childrenOf.set(
        n.id,
        n.children.map((c) => c.id),
      );
      walk(n.children, n.id);
    }
  };
  walk(roots, null);
  return { parentOf, childrenOf };
}

function descendants(index: GrantIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(index.childrenOf.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return out;
}

/** The granted ids after checking or unchecking one entry. */
export function toggleGrant(
  index: GrantIndex,
  granted: ReadonlySet<number>,
  id: number,
  checked: boolean,
): Set<number> {
  const next = new Set(granted);
  if (checked) {
    next.add(id);
    for (const d of descendants(index, id)) next.add(d);
    for (let p = index.parentOf.get(id) ?? null; p !== null; p = index.parentOf.get(p) ?? null) next.add(p);
  } else {
    next.delete(id);
    for (const d of descendants(index, id)) next.delete(d);
  }
  return next;
}

/** Granted ids among the entries of one tree (a product), in id order. */
export function grantsWithin(index: GrantIndex, granted: ReadonlySet<number>): number[] {
  return [...granted].filter((id) => index.parentOf.has(id)).sort((a, b) => a - b);
}

/** An entry partly granted: granted with some of its descendants not, shown half-checked. */
export function isPartlyGranted(index: GrantIndex, granted: ReadonlySet<number>, id: number): boolean {
  return granted.has(id) && descendants(index, id).some((d) => !granted.has(d));
}

export interface GrantTreeItem {
  key: number;
  title: string;
  isButton: boolean;
  isHidden: boolean;
  children: GrantTreeItem[];
}

/** Tree items for the antd Tree (ids as keys). */
export function toGrantTreeItems(nodes: readonly GrantMenuNode[]): GrantTreeItem[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.label,
    isButton: n.type === 1,
    isHidden: n.isHidden,
    children: toGrantTreeItems(n.children),
  }));
}

/** Whether two id sets hold the same ids (unsaved changes). */
export function sameIds(a: ReadonlySet<number>, b: ReadonlySet<number>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
