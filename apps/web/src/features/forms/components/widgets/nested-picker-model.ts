import type { FieldOption } from '@psy/forms';
import { localized, type FormLang } from '../../lib/form-text';

/**
 * The pure part of the light cascader and tree picker (nested-picker.tsx): option nodes, paths, search,
 * the visible rows of a tree or of one cascader level, and keyboard movement. Values are compared as text,
 * as the form engine compares them.
 */

export type NodeValue = string | number;

export interface PickerNode {
  value: NodeValue;
  label: string;
  disabled?: boolean;
  children?: PickerNode[];
  /** Has children that are not loaded yet (lazy levels, e.g. the department tree). */
  lazy?: boolean;
}

/** Children loaded on demand, by the parent's value as text. */
export type LoadedChildren = ReadonlyMap<string, readonly PickerNode[]>;

export const valueKey = (value: unknown): string => String(value);

/**
 * Options as the picker takes them. With `lazy`, an option whose `children` is an empty array has children
 * not loaded yet (as `GET /admin/dept/tree?parentId=` answers nodes); otherwise an empty list is a leaf.
 */
export function pickerNodes(
  options: readonly FieldOption[] | undefined,
  lang: FormLang,
  lazy = false,
): PickerNode[] {
  return (options ?? []).map((o) => {
    const node: PickerNode = { value: o.value, label: localized(o.label, lang) || valueKey(o.value) };
    if (o.disabled) node.disabled = true;
    if (o.children?.length) node.children = pickerNodes(o.children, lang, lazy);
    else if (lazy && o.children) node.lazy = true;
    return node;
  });
}

/** A node's children: its own or those loaded for it; undefined for a leaf or a level not loaded yet. */
export function childrenOf(node: PickerNode, loaded: LoadedChildren): readonly PickerNode[] | undefined {
  if (node.children?.length) return node.children;
  const more = loaded.get(valueKey(node.value));
  return more?.length ? more : undefined;
}

/** Whether a node can be opened: it has children, or a level still to load. */
export const isBranch = (node: PickerNode, loaded: LoadedChildren): boolean =>
  childrenOf(node, loaded) !== undefined || (node.lazy === true && !loaded.has(valueKey(node.value)));

/** The path from a root to the node with this value (depth first), or null. */
export function findPath(
  nodes: readonly PickerNode[],
  value: unknown,
  loaded: LoadedChildren,
): PickerNode[] | null {
  const wanted = valueKey(value);
  for (const node of nodes) {
    if (valueKey(node.value) === wanted) return [node];
    const kids = childrenOf(node, loaded);
    const below = kids ? findPath(kids, value, loaded) : null;
    if (below) return [node, ...below];
  }
  return null;
}

/** The nodes of a cascader answer (a path of values, level by level); unknown values end the walk. */
export function nodesOfPath(
  nodes: readonly PickerNode[],
  values: readonly unknown[],
  loaded: LoadedChildren,
): PickerNode[] {
  const out: PickerNode[] = [];
  let level: readonly PickerNode[] | undefined = nodes;
  for (const value of values) {
    const node: PickerNode | undefined = level?.find((n) => valueKey(n.value) === valueKey(value));
    if (!node) break;
    out.push(node);
    level = childrenOf(node, loaded);
  }
  return out;
}

/** The text of a cascader answer: labels joined with ' / '; values not among the options shown as they are. */
export function pathText(nodes: readonly PickerNode[], values: readonly unknown[], loaded: LoadedChildren) {
  const known = nodesOfPath(nodes, values, loaded);
  return values.map((v, i) => known[i]?.label ?? valueKey(v)).join(' / ');
}

/** The text of a tree answer (one value or several): each node's label, or the value when unknown. */
export function valuesText(nodes: readonly PickerNode[], values: readonly unknown[], loaded: LoadedChildren) {
  return values.map((v) => findPath(nodes, v, loaded)?.at(-1)?.label ?? valueKey(v)).join(', ');
}

/** One row of the picker's list: a node with where it stands. */
export interface PickerRow {
  node: PickerNode;
  /** From a root to this node (the node included). */
  path: PickerNode[];
  /** 1 for a root. */
  level: number;
  branch: boolean;
  expanded: boolean;
}

/** The rows a tree shows: the roots, and the children of every expanded node, in order. */
export function treeRows(
  nodes: readonly PickerNode[],
  expanded: ReadonlySet<string>,
  loaded: LoadedChildren,
  parents: PickerNode[] = [],
): PickerRow[] {
  return nodes.flatMap((node) => {
    const path = [...parents, node];
    const branch = isBranch(node, loaded);
    const open = branch && expanded.has(valueKey(node.value));
    const row: PickerRow = { node, path, level: path.length, branch, expanded: open };
    const kids = open ? childrenOf(node, loaded) : undefined;
    return kids ? [row, ...treeRows(kids, expanded, loaded, path)] : [row];
  });
}

/** The rows of one cascader level: the children of the last node of `drill` (the roots when empty). */
export function levelRows(
  nodes: readonly PickerNode[],
  drill: readonly PickerNode[],
  loaded: LoadedChildren,
): PickerRow[] {
  const parent = drill.at(-1);
  const level = parent ? (childrenOf(parent, loaded) ?? []) : nodes;
  return level.map((node) => ({
    node,
    path: [...drill, node],
    level: drill.length + 1,
    branch: isBranch(node, loaded),
    expanded: false,
  }));
}

export const SEARCH_LIMIT = 50;

/**
 * Search among the loaded nodes (case-insensitive, trimmed). A cascader answers a path to a leaf, so it
 * offers the leaves whose path text ('A / B / C') contains the query; a tree offers every node whose own
 * label contains it. At most `SEARCH_LIMIT` rows.
 */
export function searchRows(
  nodes: readonly PickerNode[],
  query: string,
  mode: 'cascader' | 'tree',
  loaded: LoadedChildren,
): PickerRow[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const out: PickerRow[] = [];
  const visit = (level: readonly PickerNode[], parents: PickerNode[]) => {
    for (const node of level) {
      if (out.length >= SEARCH_LIMIT) return;
      const path = [...parents, node];
      const kids = childrenOf(node, loaded);
      const branch = isBranch(node, loaded);
      const text = mode === 'cascader' ? path.map((n) => n.label).join(' / ') : node.label;
      if ((mode === 'tree' || !branch) && text.toLocaleLowerCase().includes(q)) {
        out.push({ node, path, level: 1, branch, expanded: false });
      }
      if (kids) visit(kids, path);
    }
  };
  visit(nodes, []);
  return out;
}

/** The values of the expanded nodes to show a tree's answer: the ancestors of every chosen value. */
export function expandedFor(
  nodes: readonly PickerNode[],
  values: readonly unknown[],
  loaded: LoadedChildren,
): Set<string> {
  const out = new Set<string>();
  for (const value of values) {
    for (const node of findPath(nodes, value, loaded)?.slice(0, -1) ?? []) out.add(valueKey(node.value));
  }
  // A single root (the school's 'organisation' node) is always opened: its children are the choice.
  if (nodes.length === 1 && nodes[0]) out.add(valueKey(nodes[0].value));
  return out;
}

/** The active row after a key press in a list of `count` rows (null: the key does not move). */
export function moveActive(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return active < 0 ? 0 : (active + 1) % count;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, Math.max(active, 0) + 10);
    case 'PageUp':
      return Math.max(0, active - 10);
    default:
      return null;
  }
}

/** A multiple tree answer with the value added or removed (as text compares); undefined when empty. */
export function toggleValue(values: readonly NodeValue[], value: NodeValue): NodeValue[] | undefined {
  const next = values.some((v) => valueKey(v) === valueKey(value))
    ? values.filter((v) => valueKey(v) !== valueKey(value))
    : [...values, value];
  return next.length > 0 ? next : undefined;
}

/** The answer's values as a list: a path, several values, one value, or none. */
export const answerValues = (value: unknown): NodeValue[] =>
  (Array.isArray(value)
    ? value
    : value === undefined || value === null || value === ''
      ? []
      : [value]
  ).filter((v): v is NodeValue => typeof v === 'string' || typeof v === 'number');
