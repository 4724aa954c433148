import { useSyncExternalStore } from 'react';
import { createListeners } from '../../../shared/lib/listeners';
import { readStored, readStoredRaw, writeStored } from '../../../shared/storage/storage';

/** Spec S0.4.4: the chosen product id is kept locally; the first product is the default. */
const PRODUCT_KEY = 'product-id';
const changes = createListeners();

export function readStoredProductId(): number | null {
  const value = readStored<number>(PRODUCT_KEY, { lasting: true });
  return typeof value === 'number' ? value : null;
}

export function saveProductId(productId: number): void {
  writeStored(PRODUCT_KEY, productId, { lasting: true });
  changes.emit();
}

function snapshot(): string | null {
  return readStoredRaw(PRODUCT_KEY, { lasting: true });
}

/** The stored product id; re-renders when it changes. */
export function useStoredProductId(): number | null {
  useSyncExternalStore(changes.subscribe, snapshot, () => null);
  return readStoredProductId();
}

/**
 * A product switch travels with its navigation, in the history entry's state: the page and the product it
 * belongs to then reach the layout in one commit. Saved separately, the stored product (a synchronous
 * store) would reach the layout before the page (a router transition); the layout answers a page of
 * another product than the active one by switching to that product, so the top bar bounced back and forth
 * on a slow machine.
 */
export interface ProductNavigationState {
  productId: number;
}

/** The product an entry of the history was opened for, if it was opened by a product switch. */
export function productIdOfNavigation(state: unknown): number | null {
  const productId = (state as Partial<ProductNavigationState> | null)?.productId;
  return typeof productId === 'number' ? productId : null;
}

/** The product to show: the stored one if the user still has it, else the first. */
export function resolveActiveProduct<P extends { id: number }>(
  products: readonly P[],
  storedId: number | null,
): P | null {
  return products.find((p) => p.id === storedId) ?? products[0] ?? null;
}
