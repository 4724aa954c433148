import { FAVOURITE_PRODUCT_MAX } from '@psy/contracts';

/** What favourites and order need of a product (spec S0.3.7: tuck 1/0, userSort). */
export interface OrderedProduct {
  id: number;
  tuck: number;
  userSort: number | null;
}

/** One item of `POST /admin/products/saveUserProduct`. */
export interface UserProductItem {
  productId: number;
  userSort: number;
  tuck: 0 | 1;
}

export function isFavourite(product: Pick<OrderedProduct, 'tuck'>): boolean {
  return product.tuck === 1;
}

export type ToggleFavouriteResult<P> = { ok: true; products: P[] } | { ok: false; reason: 'limit' };

/**
 * The star toggles tuck between 1 and 0 (spec S0.4.5); an 8th favourite is refused (spec S0.5.16), the
 * server refuses it too. `products` is the list the dialog shows, in its order.
 */
export function toggleFavourite<P extends OrderedProduct>(
  products: readonly P[],
  productId: number,
  max: number = FAVOURITE_PRODUCT_MAX,
): ToggleFavouriteResult<P> {
  const target = products.find((p) => p.id === productId);
  if (!target) return { ok: true, products: [...products] };
  if (!isFavourite(target) && products.filter(isFavourite).length >= max)
    return { ok: false, reason: 'limit' };
  return {
    ok: true,
    products: products.map((p) => (p.id === productId ? { ...p, tuck: isFavourite(p) ? 0 : 1 } : p)),
  };
}

/** The list with the product `activeId` moved to where `overId` is (a drop of drag-sorting). */
export function moveProduct<P extends { id: number }>(
  products: readonly P[],
  activeId: number,
  overId: number,
): P[] {
  const from = products.findIndex((p) => p.id === activeId);
  const to = products.findIndex((p) => p.id === overId);
  if (from < 0 || to < 0 || from === to) return [...products];
  const next = [...products];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The save payload: the order as shown, userSort renumbered from 1 (spec S0.4.5), tuck 1 or 0. */
export function toUserProductItems(products: readonly OrderedProduct[]): UserProductItem[] {
  return products.map((p, index) => ({ productId: p.id, userSort: index + 1, tuck: isFavourite(p) ? 1 : 0 }));
}

/**
 * The product list with saved items applied (optimistic update of the cached list); products not in
 * `items` keep their flag and position, as on the server.
 */
export function applyUserProductItems<P extends OrderedProduct>(
  products: readonly P[],
  items: readonly UserProductItem[],
): P[] {
  const byId = new Map(items.map((item) => [item.productId, item]));
  return products.map((p) => {
    const item = byId.get(p.id);
    return item ? { ...p, tuck: item.tuck, userSort: item.userSort } : p;
  });
}
