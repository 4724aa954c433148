import { innerRoleListEndpoint, userTypeListEndpoint } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { userQueryKeys } from './users';

// Pickers of the list and the form, in a module of their own: the details page does not load them.

/** Roles of the school for the form and the search (`GET /admin/inner/role/list`). */
export function useRoleOptions(isEnabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: userQueryKeys.roles(tenantId),
    queryFn: ({ signal }) => request(innerRoleListEndpoint, { signal }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

/** User types of the school (`GET /admin/uType/getUserTypeNoPage`). */
export function useUserTypeOptions(isEnabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: userQueryKeys.types(tenantId),
    queryFn: ({ signal }) => request(userTypeListEndpoint, { signal }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}
