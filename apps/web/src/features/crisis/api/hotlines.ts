import { crisisHotlinesEndpoint } from '@psy/contracts';
import { request } from '../../../shared/api/request';

/**
 * The hotlines shown with the student's help button, in a module of their own: the workbench's light
 * first paint (app/first-paint) asks for them with the same key and function as the help card, so the
 * card finds the answer in the cache, without bringing the other crisis calls along.
 */
export const hotlinesQueryOptions = (tenantId: number) => ({
  // The crisis scope's key (crisisKeys.of(tenantId, 'hotlines')): a crisis change refreshes it too.
  queryKey: ['crisis', tenantId, 'hotlines'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => request(crisisHotlinesEndpoint, { signal }),
  staleTime: 5 * 60_000,
});
