import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { fetchHotlines } from './hotlines';

/**
 * Every crisis and key-person query is under one scope: a change anywhere (an acknowledgement, an order, a
 * follow-up) touches the board, the record, the workbench figures and the key person at once, so a change
 * refreshes them all. In a module of its own so that the start-up calls (app/startup-prefetch.ts) fill the
 * help card's query without the other crisis calls.
 */
export const crisisKeys = tenantQueryKeys('crisis');

/** The help card's query: the start-up calls fill its cache entry before the card renders. */
export const hotlinesQueryOptions = (tenantId: number) => ({
  queryKey: crisisKeys.of(tenantId, 'hotlines'),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchHotlines(signal),
  staleTime: 5 * 60_000,
});
