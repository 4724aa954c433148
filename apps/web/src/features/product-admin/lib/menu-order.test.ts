import { describe, expect, it } from 'vitest';
import { moveSibling, siblingsOf, type SiblingNode } from './menu-order';

const n = (id: number, children: SiblingNode[] = []): SiblingNode => ({ id, children });

describe('menu reordering [spec:S0.7.7]', () => {
  it('moves an entry up or down among its siblings', () => {
    expect(moveSibling([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moveSibling([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
  });

  it('keeps the order at the ends and for an unknown entry', () => {
    expect(moveSibling([1, 2, 3], 1, -1)).toEqual([1, 2, 3]);
    expect(moveSibling([1, 2, 3], 3, 1)).toEqual([1, 2, 3]);
    expect(moveSibling([1, 2, 3], 9, 1)).toEqual([1, 2, 3]);
  });

  it('finds the siblings and parent of an entry', () => {
    const tree = [n(1, [n(11), n(12)]), n(2)];
    expect(siblingsOf(tree, 2)).toEqual({ parentId: null, ids: [1, 2] });
    expect(siblingsOf(tree, 12)).toEqual({ parentId: 1, ids: [11, 12] });
    expect(siblingsOf(tree, 99)).toBeNull();
  });
});
