import type { DeptNode } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { allowedButtons } from '@psy/contracts';
import { DEPT_BUTTONS } from './dept-buttons';
import {
  ancestorKeys,
  DEPT_LIST_HEIGHT,
  DEPT_POPUP_MIN_WIDTH,
  DEPT_SEARCH_DEBOUNCE_MS,
  deptSearchTerm,
  findTreeItem,
  loadedKeys,
  searchOptions,
  toTreeItems,
  withChildren,
} from './dept-tree';
import { addSeededEnglish } from '@psy/contracts';
import { SEEDED_ENGLISH } from '@psy/contracts/seeded-texts';

// What the app does when it loads English.
addSeededEnglish(SEEDED_ENGLISH);

const node = (
  id: number,
  name: string,
  parentId: number | null,
  extra: Partial<DeptNode> = {},
): DeptNode => ({
  id,
  parentId,
  name,
  label: name,
  nameRelaTion: name,
  isChild: false,
  children: [],
  ...extra,
});

describe('department tree', () => {
  it('has the spec sizes and search delay [spec:S0.9.5] [spec:S0.9.7]', () => {
    expect(DEPT_SEARCH_DEBOUNCE_MS).toBe(500);
    expect(DEPT_POPUP_MIN_WIDTH).toBe(500);
    expect(DEPT_LIST_HEIGHT).toBe(300);
  });

  it('keeps unloaded levels open for lazy loading [spec:S0.3.11]', () => {
    const items = toTreeItems([node(1, 'organisation', null, { isChild: true })]);
    expect(items).toEqual([
      {
        key: 1,
        value: 1,
        title: 'organisation',
        name: 'organisation',
        path: 'organisation',
        parentId: null,
        isLeaf: false,
      },
    ]);
    expect(loadedKeys(items)).toEqual([]);
  });

  it('sets a loaded level under its parent without touching other branches', () => {
    const root = toTreeItems([
      node(1, 'organisation', null, {
        isChild: true,
        children: [node(2, 'A', 1, { isChild: true }), node(3, 'B', 1, { isChild: true })],
      }),
    ]);
    const branchB = root[0]!.children![1];
    const next = withChildren(
      root,
      2,
      toTreeItems([node(4, 'A1', 2, { nameRelaTion: 'organisation-A-A1' })]),
    );
    expect(findTreeItem(next, 4)?.path).toBe('organisation-A-A1');
    expect(findTreeItem(next, 3)).toBe(branchB);
    expect(loadedKeys(next)).toEqual([1, 2]);
    expect(ancestorKeys(next, 4)).toEqual([1, 2]);
    expect(ancestorKeys(next, 1)).toEqual([]);
    expect(ancestorKeys(next, 99)).toEqual([]);
    // An empty level turns the node into a leaf.
    expect(findTreeItem(withChildren(next, 3, []), 3)?.isLeaf).toBe(true);
    // Unknown parent: same content.
    expect(withChildren(next, 99, [])).toEqual(next);
  });

  it("names the school's root in the user's language [spec:S0.3.11]", () => {
    const items = toTreeItems([node(1, '组织机构', null, { children: [node(2, 'A', 1)] })], 'Organisation');
    expect(items[0]!.title).toBe('Organisation');
    expect(items[0]!.children![0]!.title).toBe('A');
    // A rename starts from the name as stored, not from the title shown.
    expect(items[0]!.name).toBe('组织机构');
  });

  it('searches only with a non-empty term', () => {
    expect(deptSearchTerm('  ')).toBeNull();
    expect(deptSearchTerm(' 计算机 ')).toBe('计算机');
  });

  it("titles search matches with the relation path joined by '-' [spec:S0.3.11]", () => {
    const tree = [
      node(1, '组织机构', null, {
        isChild: true,
        children: [
          node(4, '计算机学院', 1, {
            isChild: true,
            nameRelaTion: '组织机构-计算机学院',
            children: [node(5, '2024级', 4, { nameRelaTion: '组织机构-计算机学院-2024级' })],
          }),
        ],
      }),
    ];
    // Ancestors come along for the tree; the picker lists only the matches.
    expect(searchOptions(tree, '2024').map((o) => o.title)).toEqual(['组织机构-计算机学院-2024级']);
    // An English reader sees the seeded names of the path in English.
    expect(searchOptions(tree, '2024', 'en-US').map((o) => o.title)).toEqual([
      'Organisation-School of Computer Science-Class of 2024',
    ]);
  });

  it('shows the buttons by permission key [spec:S0.6.4]', () => {
    expect(allowedButtons(DEPT_BUTTONS, ['admin_dept_add'])).toEqual({ add: true, edit: false, del: false });
  });
});
