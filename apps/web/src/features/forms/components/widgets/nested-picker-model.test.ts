import type { FieldOption } from '@psy/forms';
import { describe, expect, it } from 'vitest';
import {
  answerValues,
  expandedFor,
  findPath,
  isBranch,
  levelRows,
  moveActive,
  nodesOfPath,
  pathText,
  pickerNodes,
  SEARCH_LIMIT,
  searchRows,
  toggleValue,
  treeRows,
  valuesText,
  type PickerNode,
} from './nested-picker-model';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const OPTIONS: FieldOption[] = [
  {
    value: 1,
    label: t('组织', 'Organisation'),
    children: [
      {
        value: 2,
        label: t('工程学院', 'Engineering'),
        children: [
          { value: 3, label: t('2024级', 'Class 2024') },
          { value: 4, label: t('2023级', 'Class 2023'), disabled: true },
        ],
      },
      { value: '5', label: t('文学院', 'Arts'), children: [] },
    ],
  },
];
const none = new Map<string, PickerNode[]>();
const nodes = pickerNodes(OPTIONS, 'en-US');

describe('nested picker model [spec:S0.3.35]', () => {
  it('takes the labels of the language in use and keeps disabled options', () => {
    expect(nodes[0]?.label).toBe('Organisation');
    expect(pickerNodes(OPTIONS, 'zh-CN')[0]?.children?.[0]?.label).toBe('工程学院');
    expect(findPath(nodes, 4, none)?.at(-1)?.disabled).toBe(true);
  });

  it('treats an empty children list as a level to load only with lazy levels', () => {
    const arts = (n: PickerNode[]) => n[0]?.children?.[1] as PickerNode;
    expect(isBranch(arts(nodes), none)).toBe(false);
    const lazy = pickerNodes(OPTIONS, 'en-US', true);
    expect(isBranch(arts(lazy), none)).toBe(true);
    // Loaded and empty: a leaf; loaded with children: a branch whose children are found.
    expect(isBranch(arts(lazy), new Map([['5', []]]))).toBe(false);
    const loaded = new Map([['5', [{ value: 6, label: 'Poetry' }]]]);
    expect(findPath(lazy, 6, loaded)?.map((n) => n.value)).toEqual([1, '5', 6]);
  });

  it('finds paths comparing values as text, and shows answers as labels', () => {
    expect(findPath(nodes, '3', none)?.map((n) => n.label)).toEqual([
      'Organisation',
      'Engineering',
      'Class 2024',
    ]);
    expect(findPath(nodes, 99, none)).toBeNull();
    expect(pathText(nodes, [1, 2, 3], none)).toBe('Organisation / Engineering / Class 2024');
    // A value no longer among the options is shown as it is.
    expect(pathText(nodes, [1, 2, 9], none)).toBe('Organisation / Engineering / 9');
    expect(nodesOfPath(nodes, [1, 7, 3], none)).toHaveLength(1);
    expect(valuesText(nodes, [3, '5', 8], none)).toBe('Class 2024, Arts, 8');
  });

  it('shows a tree with the children of expanded nodes only', () => {
    expect(treeRows(nodes, new Set(), none).map((r) => r.node.value)).toEqual([1]);
    const rows = treeRows(nodes, new Set(['1', '2']), none);
    expect(rows.map((r) => [r.node.value, r.level, r.branch, r.expanded])).toEqual([
      [1, 1, true, true],
      [2, 2, true, true],
      [3, 3, false, false],
      [4, 3, false, false],
      ['5', 2, false, false],
    ]);
    // The ancestors of the answer are opened, and a single root always.
    expect([...expandedFor(nodes, [3], none)].sort()).toEqual(['1', '2']);
    expect([...expandedFor(nodes, [], none)]).toEqual(['1']);
  });

  it('shows one cascader level at a time', () => {
    expect(levelRows(nodes, [], none).map((r) => r.node.value)).toEqual([1]);
    const path = nodesOfPath(nodes, [1, 2], none);
    const level = levelRows(nodes, path, none);
    expect(level.map((r) => [r.node.value, r.level, r.path.length])).toEqual([
      [3, 3, 3],
      [4, 3, 3],
    ]);
  });

  it('searches leaves by path text in a cascader and every node by label in a tree', () => {
    expect(searchRows(nodes, '  engineering ', 'cascader', none).map((r) => r.node.value)).toEqual([3, 4]);
    expect(searchRows(nodes, 'engineering', 'tree', none).map((r) => r.node.value)).toEqual([2]);
    expect(searchRows(nodes, 'class', 'tree', none).map((r) => r.path.length)).toEqual([3, 3]);
    expect(searchRows(nodes, '   ', 'tree', none)).toEqual([]);
    const many = pickerNodes(
      Array.from({ length: 80 }, (_, i) => ({ value: i, label: t(`项${i}`, `Item ${i}`) })),
      'en-US',
    );
    expect(searchRows(many, 'item', 'cascader', none)).toHaveLength(SEARCH_LIMIT);
  });

  it('moves the active row with the keyboard', () => {
    expect(moveActive('ArrowDown', -1, 3)).toBe(0);
    expect(moveActive('ArrowDown', 2, 3)).toBe(0);
    expect(moveActive('ArrowUp', 0, 3)).toBe(2);
    expect(moveActive('End', 0, 3)).toBe(2);
    expect(moveActive('Home', 2, 3)).toBe(0);
    expect(moveActive('PageDown', 0, 30)).toBe(10);
    expect(moveActive('PageUp', 5, 30)).toBe(0);
    expect(moveActive('a', 0, 3)).toBeNull();
    expect(moveActive('ArrowDown', -1, 0)).toBeNull();
  });

  it('toggles values of a multiple tree and reads answers as lists', () => {
    expect(toggleValue([], 3)).toEqual([3]);
    expect(toggleValue([3, '5'], '3')).toEqual(['5']);
    expect(toggleValue(['5'], 5)).toBeUndefined();
    expect(answerValues(undefined)).toEqual([]);
    expect(answerValues('')).toEqual([]);
    expect(answerValues(3)).toEqual([3]);
    expect(answerValues([1, 2, { x: 1 }])).toEqual([1, 2]);
  });
});
