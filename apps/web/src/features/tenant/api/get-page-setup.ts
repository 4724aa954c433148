import { pageSetupByTenantEndpoint, type ResponseOf } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { tenantQueryKeys } from './get-tenant-by-code';

export type PageSetup = ResponseOf<typeof pageSetupByTenantEndpoint>;

export function getPageSetup(tenantId: number, signal?: AbortSignal): Promise<PageSetup> {
  // Without a page setup the login page still works with the default look: no toast.
  return request(pageSetupByTenantEndpoint, { params: { id: tenantId }, tenantId, hidePopup: true, signal });
}

/** Titles, icon, logo and theme colour of a tenant (spec S0.1.7). */
export function usePageSetup(tenantId: number | undefined) {
  return useQuery({
    queryKey: tenantQueryKeys.pageSetup(tenantId ?? 0),
    queryFn: ({ signal }) => getPageSetup(tenantId as number, signal),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
  });
}
