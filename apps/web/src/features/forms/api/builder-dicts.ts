import { dictPageEndpoint } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

/**
 * The school's dictionary names for the builder's option source (`GET /admin/dict/page`, first 100).
 * Only asked with `sys_dict`; without it (or on failure) the builder offers the seeded dictionary names
 * and the names the form already uses. Keyed under ['dict', tenantId] so a dictionary edit refreshes it.
 */
export function useBuilderDictionaryNames(isEnabled: boolean) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['dict', tenantId, 'builder-names'] as const,
    queryFn: ({ signal }) =>
      request(dictPageEndpoint, { query: { current: 1, size: 100 }, signal, hidePopup: true }),
    select: (page) => page.records.map((d) => d.name),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
