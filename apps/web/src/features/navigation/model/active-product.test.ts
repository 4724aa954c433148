import { describe, expect, it } from 'vitest';
import { productIdOfNavigation, resolveActiveProduct } from './active-product';

describe('active product', () => {
  it('reads the product a switch opened a page for from the history state, and nothing else', () => {
    expect(productIdOfNavigation({ productId: 7 })).toBe(7);
    for (const state of [null, undefined, 'x', {}, { productId: '7' }, { other: 7 }])
      expect(productIdOfNavigation(state)).toBeNull();
  });

  it('is the chosen product while the user has it, else the first [spec:S0.4.4]', () => {
    const products = [{ id: 1 }, { id: 2 }];
    expect(resolveActiveProduct(products, 2)).toEqual({ id: 2 });
    expect(resolveActiveProduct(products, 9)).toEqual({ id: 1 });
    expect(resolveActiveProduct(products, null)).toEqual({ id: 1 });
    expect(resolveActiveProduct([], 2)).toBeNull();
  });
});
