import { useMemo } from 'react';
import { resolveActiveProduct, useStoredProductId } from '../model/active-product';
import { isNavigableProduct, sortProducts, useProductMenu, useProducts, type Product } from './products';

/**
 * The products of the navigation, the active one (stored, else the first) and its menu (spec S0.4.4).
 */
export function useActiveProduct() {
  const products = useProducts();
  const storedId = useStoredProductId();
  const navigable = useMemo(
    () => sortProducts((products.data ?? []).filter(isNavigableProduct)),
    [products.data],
  );
  const active: Product | null = resolveActiveProduct(navigable, storedId);
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
