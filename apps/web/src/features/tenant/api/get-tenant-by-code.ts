import { tenantDetailByCodeEndpoint, type ResponseOf } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { isApiError, request } from '../../../shared/api/request';

export type TenantDetail = ResponseOf<typeof tenantDetailByCodeEndpoint>;

/** Whether a short name can name a tenant at all (the contract's rule), before asking the server. */
export function isTenantCode(code: string): boolean {
  return tenantDetailByCodeEndpoint.query?.safeParse({ code }).success ?? false;
}

export function getTenantByCode(code: string, signal?: AbortSignal): Promise<TenantDetail> {
  // The login page shows its own state for a failed lookup, so no toast.
  return request(tenantDetailByCodeEndpoint, { query: { code }, hidePopup: true, signal });
}

/** The server answered that no tenant has this short name (as opposed to not answering at all). */
export function isUnknownTenantError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'api' && [400, 404].includes(error.status);
}

export const tenantQueryKeys = {
  byCode: (code: string) => ['tenant', 'by-code', code] as const,
  pageSetup: (tenantId: number) => ['tenant', 'page-setup', tenantId] as const,
};

/** The tenant of a login page, by its short name. */
export function useTenantByCode(code: string) {
  return useQuery({
    queryKey: tenantQueryKeys.byCode(code),
    queryFn: ({ signal }) => getTenantByCode(code, signal),
    enabled: isTenantCode(code),
    staleTime: 5 * 60_000,
  });
}
