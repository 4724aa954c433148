import type { MenuNode } from '@psy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../../shared/session/session-store';
import { firstLeaf } from '../lib/menu';
import { opensNewWindow, useOpenMenu } from '../lib/open-menu';
import { saveProductId, type ProductNavigationState } from '../model/active-product';
import { menuQueryOptions, type Product } from './products';

/** Spec S0.1.5, S0.9.5: after a product switch from the navigation dialog, navigation waits 800 ms. */
export const PRODUCT_SWITCH_DELAY_MS = 800;

/**
 * Makes a product the active one (kept locally, spec S0.4.4) and opens a menu entry of it: the one given,
 * else its first page. With a delay (the navigation dialog, spec S0.1.5) navigation waits until the delay
 * is over. The product goes with the navigation (`ProductNavigationState`); the layout stores it.
 */
export function useSwitchProduct() {
  const queryClient = useQueryClient();
  const session = useSession();
  const openMenu = useOpenMenu();
  return useCallback(
    async (product: Product, entry?: MenuNode, delayMs = 0) => {
      const started = Date.now();
      const tree = await queryClient.fetchQuery(menuQueryOptions(session?.user.id ?? 0, product));
      const target = entry ?? firstLeaf(tree);
      const left = delayMs - (Date.now() - started);
      if (target && left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      // Without a page of its own to open here, the product is simply stored.
      if (!target || opensNewWindow(target)) {
        saveProductId(product.id);
        if (target) await openMenu(target);
        return;
      }
      const state: ProductNavigationState = { productId: product.id };
      await openMenu(target, { state });
    },
    [queryClient, session, openMenu],
  );
}
