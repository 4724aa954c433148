import { useMemo } from 'react';
import { resolveActiveProduct, useStoredProductId } from '../model/active-product';
import { isNavigableProduct, sortProducts, useProductMenu, useProducts, type Product } from './products';

/**
 * The products of the navigation, the active one and its menu (spec S0.4.4). The active one is the product
 * the current page was opened for by a switch (`openedFor`, see `productIdOfNavigation`), else the stored
 * one, else the first.
 */
export function useActiveProduct(openedFor: number | null = null) {
  const products = useProducts();
  const storedId = useStoredProductId();
  const navigable = useMemo(
    () => sortProducts((products.data ?? []).filter(isNavigableProduct)),
    [products.data],
  );
  const active: Product | null = resolveActiveProduct(
    navigable,
    navigable.some((p) => p.id === openedFor) ? openedFor : storedId,
  );
  const menu = useProductMenu(active);
  return {
    allProducts: products.data ?? [],
    products: navigable,
    active,
    menu: menu.data ?? [],
    isLoading: products.isLoading || (active !== null && menu.isLoading),
    isError: products.isError || menu.isError,
  };
}
