import { innerRoleListEndpoint } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

/**
 * The school's roles for the builder's "visible to" / "edited by" pickers (`GET /admin/inner/role/list`,
 * open to `sys_form`). A failed load leaves the picker with the codes the form already names.
 */
export function useBuilderRoles(isEnabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['forms', tenantId, 'roles'] as const,
    queryFn: ({ signal }) => request(innerRoleListEndpoint, { signal, hidePopup: true }),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
