import { allowedButtons } from '@psy/contracts';
import type { GrantMenuNode } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  grantsWithin,
  indexGrantTree,
  isPartlyGranted,
  sameIds,
  toggleGrant,
  toGrantTreeItems,
} from './grant-tree';
import { ROLE_BUTTONS, parseRoleId, roleDetailsHref } from './role-buttons';

const node = (id: number, children: GrantMenuNode[] = [], type = 0): GrantMenuNode => ({
  id,
  parentId: null,
  menuCode: `m${id}`,
  label: `Menu ${id}`,
  path: null,
  permission: `m${id}`,
  type,
  isHidden: false,
  children,
});

// 1 Users > 2 Add, 3 Delete (buttons); 4 Roles > 5 Details > 6 Save
const tree = [node(1, [node(2, [], 1), node(3, [], 1)]), node(4, [node(5, [node(6, [], 1)])])];
const index = indexGrantTree(tree);

describe('grant tree <-> granted ids [spec:S0.6.4]', () => {
  it('checking an entry grants it, everything below it and its ancestors', () => {
    expect([...toggleGrant(index, new Set(), 1, true)].sort()).toEqual([1, 2, 3]);
    expect([...toggleGrant(index, new Set(), 6, true)].sort()).toEqual([4, 5, 6]);
  });

  it('unchecking takes the entry and its subtree away, parents stay (a page without its buttons)', () => {
    const all = new Set([1, 2, 3, 4, 5, 6]);
    expect([...toggleGrant(index, all, 2, false)].sort()).toEqual([1, 3, 4, 5, 6]);
    expect([...toggleGrant(index, all, 4, false)].sort()).toEqual([1, 2, 3]);
    const pageOnly = toggleGrant(index, toggleGrant(index, all, 2, false), 3, false);
    expect(pageOnly.has(1)).toBe(true);
  });

  it('marks a granted entry with ungranted descendants as partly granted', () => {
    const granted = new Set([1, 2]);
    expect(isPartlyGranted(index, granted, 1)).toBe(true);
    expect(isPartlyGranted(index, granted, 2)).toBe(false);
    expect(isPartlyGranted(index, new Set([1, 2, 3]), 1)).toBe(false);
    expect(isPartlyGranted(index, granted, 4)).toBe(false);
  });

  it('keeps grants of one product apart from the others', () => {
    const other = indexGrantTree([node(9)]);
    const granted = new Set([9, 2, 1]);
    expect(grantsWithin(index, granted)).toEqual([1, 2]);
    expect(grantsWithin(other, granted)).toEqual([9]);
  });

  it('maps nodes to tree items keyed by id, buttons flagged', () => {
    const items = toGrantTreeItems(tree);
    expect(items[0]).toMatchObject({ key: 1, title: 'Menu 1', isButton: false });
    expect(items[0]!.children[0]).toMatchObject({ key: 2, isButton: true, children: [] });
  });

  it('compares id sets', () => {
    expect(sameIds(new Set([1, 2]), new Set([2, 1]))).toBe(true);
    expect(sameIds(new Set([1, 2]), new Set([1]))).toBe(false);
  });
});

describe('role buttons and details link [spec:S0.6.4]', () => {
  it('shows each button only with its permission key', () => {
    expect(allowedButtons(ROLE_BUTTONS, ['admin_role_add', 'sys_role'])).toEqual({
      add: true,
      edit: false,
      del: false,
    });
  });

  it('reads the roleId of the details page', () => {
    expect(roleDetailsHref(12)).toBe('/roleDetails/index?roleId=12');
    expect(parseRoleId('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'x', '1'.repeat(17)]) expect(parseRoleId(bad)).toBeNull();
  });
});
