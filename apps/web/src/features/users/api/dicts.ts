import { dictByTypeEndpoint } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { userQueryKeys } from './users';

/** Items of one dictionary (`GET /admin/dict/type/{name}`, spec S0.3.16). */
export function useDictItems(name: string, isEnabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: userQueryKeys.dict(tenantId, name),
    queryFn: ({ signal }) => request(dictByTypeEndpoint, { params: { type: name }, signal }),
    enabled: isEnabled,
    staleTime: 10 * 60_000,
  });
}
