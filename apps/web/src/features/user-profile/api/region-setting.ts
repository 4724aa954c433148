import { regionSettingEndpoint } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

/** The registration settings of a school (`GET /admin/user/regionSetting`); no session needed. */
export function useRegionSetting(tenantId: number | undefined) {
  return useQuery({
    queryKey: ['user-profile', 'region-setting', tenantId ?? 0] as const,
    queryFn: ({ signal }) => request(regionSettingEndpoint, { tenantId, signal, hidePopup: true }),
    enabled: tenantId !== undefined,
    staleTime: 5 * 60_000,
  });
}
