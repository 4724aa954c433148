import { seededName, seededPath, type DeptNode, type Lang } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';

/** A department's name, or its path (`a/b/c`), with seeded names in the reader's language. */
const shownName = (text: string) =>
  text
    .split('/')
    .map((part) => seededName(part, currentLanguage()))
    .join('/');

/**
 * The department tree as the web shows it (spec S0.3.11, S0.9.5, S0.9.7): nodes loaded one level at a
 * time (a node's children when it is opened), a name search asked 500 ms after the last key. Pure.
 */

/** Spec S0.9.5: the department name search waits 500 ms after the last key. */
export const DEPT_SEARCH_DEBOUNCE_MS = 500;
/** Spec S0.9.7: the department dropdown is at least 500 px wide and at most 300 px high. */
export const DEPT_POPUP_MIN_WIDTH = 500;
export const DEPT_LIST_HEIGHT = 300;

/** A node of antd's Tree / TreeSelect. `children` stays undefined until the node's level is loaded. */
export interface DeptTreeItem {
  key: number;
  value: number;
  title: string;
  /** The name as stored (the title may be a seeded name's English): what a rename starts from. */
  name: string;
  /** Relation path from the root, names joined with '-' (spec S0.3.11), as stored. */
  path: string;
  parentId: number | null;
  isLeaf: boolean;
  children?: DeptTreeItem[];
}

/**
 * Tree items of nodes as the server answers them; children it sent along are kept, others load later.
 * `rootTitle` names the school's root node (spec S0.3.11: 'organisation') in the user's language.
 */
export function toTreeItems(nodes: readonly DeptNode[], rootTitle?: string): DeptTreeItem[] {
  return nodes.map((node) => {
    const item: DeptTreeItem = {
      key: node.id,
      value: node.id,
      title: node.parentId === null && rootTitle ? rootTitle : shownName(node.label || node.name),
      name: node.name,
      path: node.nameRelaTion,
      parentId: node.parentId,
      isLeaf: !node.isChild && node.children.length === 0,
    };
    if (node.children.length > 0) item.children = toTreeItems(node.children, rootTitle);
    return item;
  });
}

/** The tree with one node's children set (a lazily loaded level); the same tree when the node is absent. */
export function withChildren(
  items: readonly DeptTreeItem[],
  parentId: number,
  children: readonly DeptTreeItem[],
): DeptTreeItem[] {
  let isFound = false;
  const visit = (level: readonly DeptTreeItem[]): DeptTreeItem[] =>
    level.map((item) => {
      if (item.key === parentId) {
        isFound = true;
        return { ...item, isLeaf: children.length === 0, children: [...children] };
      }
      if (!item.children) return item;
      const next = visit(item.children);
      return next.some((child, i) => child !== item.children![i]) ? { ...item, children: next } : item;
    });
  const next = visit(items);
  return isFound ? next : [...items];
}

/** The node of a key, anywhere in the loaded tree. */
export function findTreeItem(items: readonly DeptTreeItem[], key: number): DeptTreeItem | null {
  for (const item of items) {
    if (item.key === key) return item;
    const found = item.children ? findTreeItem(item.children, key) : null;
    if (found) return found;
  }
  return null;
}

/** Keys of nodes whose level is loaded (antd's `loadedKeys`): a node with children or a known leaf. */
export function loadedKeys(items: readonly DeptTreeItem[]): number[] {
  const keys: number[] = [];
  const visit = (level: readonly DeptTreeItem[]) => {
    for (const item of level) {
      if (item.children) {
        keys.push(item.key);
        visit(item.children);
      }
    }
  };
  visit(items);
  return keys;
}

/** The search text to ask the server for: trimmed; null (no search, the lazy tree) when empty. */
export function deptSearchTerm(raw: string): string | null {
  const term = raw.trim();
  return term === '' ? null : term;
}

/**
 * Flat options of a name search (the server answers matches with their ancestors): only the matches, each
 * titled with its whole path (names joined with '-', seeded ones in the reader's language), so two
 * 'Class 1' are told apart.
 */
export function searchOptions(
  nodes: readonly DeptNode[],
  term: string,
  lang: Lang = currentLanguage(),
): DeptTreeItem[] {
  const needle = term.trim().toLowerCase();
  const flat: DeptTreeItem[] = [];
  const visit = (level: readonly DeptNode[]) => {
    for (const node of level) {
      if (node.name.toLowerCase().includes(needle))
        flat.push({
          key: node.id,
          value: node.id,
          title: node.nameRelaTion ? seededPath(node.nameRelaTion, lang) : shownName(node.label || node.name),
          name: node.name,
          path: node.nameRelaTion,
          parentId: node.parentId,
          isLeaf: true,
        });
      visit(node.children);
    }
  };
  visit(nodes);
  return flat;
}

/** Keys from the root down to a node's parent (what must be open for the node to show); [] if absent. */
export function ancestorKeys(items: readonly DeptTreeItem[], key: number): number[] {
  for (const item of items) {
    if (item.key === key) return [];
    if (item.children) {
      const below = ancestorKeys(item.children, key);
      if (below.length > 0 || item.children.some((child) => child.key === key)) return [item.key, ...below];
    }
  }
  return [];
}
