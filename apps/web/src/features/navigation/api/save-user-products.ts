import { saveUserProductEndpoint } from '@psy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { applyUserProductItems, type UserProductItem } from '../lib/favourites';
import { navigationQueryKeys, productsQueryKey, type Product } from './products';

const SAVE_KEY = ['navigation', 'save-user-products'] as const;

interface SaveVariables {
  items: UserProductItem[];
  key: readonly unknown[];
  previous: Product[] | undefined;
}

/**
 * Saves favourites and order (`POST /admin/products/saveUserProduct`, spec S0.4.5). The cached list
 * changes at once (a dropped product stays where it was dropped), goes back to what it was if the save
 * fails (the request layer shows why), and is reloaded afterwards so the top-bar tabs show what the
 * server kept. Saves run one at a time in the order made.
 */
export function useSaveUserProducts() {
  const queryClient = useQueryClient();
  const session = useSession();
  const mutation = useMutation({
    mutationKey: SAVE_KEY,
    scope: { id: 'navigation-user-products' },
    mutationFn: ({ items }: SaveVariables) => request(saveUserProductEndpoint, { body: items }),
    onError: (_error, { key, previous }) => {
      if (previous) queryClient.setQueryData(key, previous);
    },
    onSuccess: (saved, { key }) => {
      queryClient.setQueryData(key, saved);
    },
    // Reloaded after the last queued save only: a reload in between would undo the later ones on screen.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: SAVE_KEY }) <= 1
        ? queryClient.invalidateQueries({ queryKey: [...navigationQueryKeys.all, 'products'] })
        : undefined,
  });
  const { mutate } = mutation;
  const save = useCallback(
    (items: UserProductItem[]) => {
      const key = productsQueryKey(session?.user.id ?? 0);
      const previous = queryClient.getQueryData<Product[]>(key);
      if (previous) queryClient.setQueryData<Product[]>(key, applyUserProductItems(previous, items));
      mutate({ items, key, previous });
    },
    [mutate, queryClient, session],
  );
  return { save, isPending: mutation.isPending };
}
