import { crisisHotlinesEndpoint } from '@psy/contracts';
import { request } from '../../../shared/api/request';

/**
 * The hotlines shown with the student's help button, in a module of their own: the workbench's light
 * first paint (app/first-paint) and the start-up calls (app/startup-prefetch.ts) ask for them without
 * bringing the other crisis calls along.
 */
export const fetchHotlines = (signal?: AbortSignal) => request(crisisHotlinesEndpoint, { signal });

/** The help card's query: the start-up calls fill its cache entry before the card renders. */
export const hotlinesQueryOptions = (tenantId: number) => ({
  // The crisis scope's key (crisisKeys.of(tenantId, 'hotlines')): a crisis change refreshes it too.
  queryKey: ['crisis', tenantId, 'hotlines'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchHotlines(signal),
  staleTime: 5 * 60_000,
});
