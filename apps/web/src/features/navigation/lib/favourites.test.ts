import { FAVOURITE_PRODUCT_MAX } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyUserProductItems,
  moveProduct,
  toggleFavourite,
  toUserProductItems,
  type OrderedProduct,
} from './favourites';

const product = (id: number, tuck = 0, userSort: number | null = null): OrderedProduct => ({
  id,
  tuck,
  userSort,
});
const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);

describe('favourite products', () => {
  it('the star toggles tuck between 1 and 0 [spec:S0.4.5]', () => {
    const list = [product(1), product(2, 1)];
    const on = toggleFavourite(list, 1);
    expect(on).toEqual({ ok: true, products: [product(1, 1), product(2, 1)] });
    const off = toggleFavourite(list, 2);
    expect(off).toEqual({ ok: true, products: [product(1), product(2, 0)] });
    // The input is not changed.
    expect(list).toEqual([product(1), product(2, 1)]);
  });

  it('refuses an 8th favourite but still lets one be removed at the cap [spec:S0.5.16] [spec:S0.9.4]', () => {
    expect(FAVOURITE_PRODUCT_MAX).toBe(7);
    const seven = Array.from({ length: 7 }, (_, i) => product(i + 1, 1));
    const list = [...seven, product(8), product(9)];
    expect(toggleFavourite(list, 8)).toEqual({ ok: false, reason: 'limit' });
    const removed = toggleFavourite(list, 3);
    expect(removed.ok).toBe(true);
    if (removed.ok) {
      expect(removed.products.filter((p) => p.tuck === 1)).toHaveLength(6);
      // With one cancelled, another can be starred.
      const again = toggleFavourite(removed.products, 9);
      expect(again.ok && again.products.filter((p) => p.tuck === 1).map((p) => p.id)).toEqual([
        1, 2, 4, 5, 6, 7, 9,
      ]);
    }
  });

  it('allows up to the cap exactly, with a smaller cap too [spec:S0.5.16]', () => {
    const list = [product(1, 1), product(2)];
    expect(toggleFavourite(list, 2, 2).ok).toBe(true);
    expect(toggleFavourite(list, 2, 1)).toEqual({ ok: false, reason: 'limit' });
  });

  it('leaves the list as it is for a product not in it', () => {
    const list = [product(1)];
    expect(toggleFavourite(list, 99)).toEqual({ ok: true, products: list });
  });
});

describe('drag-sorting', () => {
  const list = [product(10), product(20), product(30), product(40)];

  it('moves the dragged product to where it was dropped, in both directions [spec:S0.1.5]', () => {
    expect(ids(moveProduct(list, 10, 30))).toEqual([20, 30, 10, 40]);
    expect(ids(moveProduct(list, 40, 20))).toEqual([10, 40, 20, 30]);
    expect(ids(moveProduct(list, 20, 20))).toEqual([10, 20, 30, 40]);
    expect(ids(moveProduct(list, 20, 99))).toEqual([10, 20, 30, 40]);
  });

  it('renumbers userSort from 1 in the new order, keeping tuck as 1 or 0 [spec:S0.4.5]', () => {
    const moved = moveProduct([product(10, 1, 4), product(20, 0, 1), product(30, 2, null)], 30, 10);
    expect(toUserProductItems(moved)).toEqual([
      { productId: 30, userSort: 1, tuck: 0 },
      { productId: 10, userSort: 2, tuck: 1 },
      { productId: 20, userSort: 3, tuck: 0 },
    ]);
  });

  it('applies saved items to the cached list; products left out keep theirs [spec:S0.4.5]', () => {
    const cached = [
      { ...product(1, 0, 2), name: 'a' },
      { ...product(2, 1, 1), name: 'b' },
      { ...product(3, 1, 9), name: 'sleep' },
    ];
    const next = applyUserProductItems(cached, [
      { productId: 1, userSort: 1, tuck: 1 },
      { productId: 2, userSort: 2, tuck: 0 },
    ]);
    expect(next).toEqual([
      { id: 1, tuck: 1, userSort: 1, name: 'a' },
      { id: 2, tuck: 0, userSort: 2, name: 'b' },
      { id: 3, tuck: 1, userSort: 9, name: 'sleep' },
    ]);
  });
});
