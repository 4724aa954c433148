import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import { useTenantId } from '../session/session-store';
import { invalidationKey, type InvalidateTarget, type TenantQueryKeys } from './query-keys';

/**
 * A tenant's list (a page of it, or all of it) for a query, keyed by `keys.list(tenant, query)`; the
 * previous answer stays on screen while the next page loads.
 */
export function useTenantList<Q extends object, R>(
  keys: TenantQueryKeys,
  query: Q,
  fetch: (query: Q, signal: AbortSignal) => Promise<R>,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.list(tenantId, query),
    queryFn: ({ signal }) => fetch(query, signal),
    placeholderData: keepPreviousData,
    ...options,
  });
}

/** Invalidates what a change touched: the feature's own root and any other the change reaches. */
export function useTenantInvalidate(targets: readonly InvalidateTarget[]) {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      targets.map((target) => queryClient.invalidateQueries({ queryKey: invalidationKey(target, tenantId) })),
    );
}

/**
 * A change to a tenant's data: once it succeeds the queries under `invalidates` are fetched again (and
 * `onSuccess` runs after that).
 */
export function useTenantMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  invalidates: readonly InvalidateTarget[],
  options: Pick<UseMutationOptions<R, Error, V>, 'onSuccess'> = {},
) {
  const invalidate = useTenantInvalidate(invalidates);
  return useMutation<R, Error, V>({
    mutationFn,
    onSuccess: async (data, variables, result, context) => {
      await invalidate();
      await options.onSuccess?.(data, variables, result, context);
    },
  });
}
