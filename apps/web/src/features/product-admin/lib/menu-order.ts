/** Reordering of menu siblings on the products page (pure). */

/** The sibling ids after moving one up (-1) or down (+1); the same order when it cannot move. */
export function moveSibling(ids: readonly number[], id: number, delta: -1 | 1): number[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next[from] = ids[to]!;
  next[to] = id;
  return next;
}

export interface SiblingNode {
  id: number;
  children: SiblingNode[];
}

/** The ids of the entry's siblings (itself included) in shown order, and its parent; null if absent. */
export function siblingsOf(
  roots: readonly SiblingNode[],
  id: number,
): { parentId: number | null; ids: number[] } | null {
  const walk = (list: readonly SiblingNode[], parentId: number | null): ReturnType<typeof siblingsOf> => {
    if (list.some((n) => n.id === id)) return { parentId, ids: list.map((n) => n.id) };
    for (const n of list) {
      const hit = walk(n.children, n.id);
      if (hit) return hit;
    }
    return null;
  };
  return walk(roots, null);
}

export interface MenuTreeItem<N> {
  key: number;
  node: N;
  children: MenuTreeItem<N>[];
}

/** Tree items for the antd Tree: the entry id as key, the entry itself beside it. */
export function toMenuTreeItems<N extends { id: number; children: N[] }>(
  nodes: readonly N[],
): MenuTreeItem<N>[] {
  return nodes.map((node) => ({ key: node.id, node, children: toMenuTreeItems(node.children) }));
}
