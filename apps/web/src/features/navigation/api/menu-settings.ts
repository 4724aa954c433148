import { settingByTypeEndpoint } from '@psy/contracts';
import { request } from '../../../shared/api/request';
import { MENU_SETTING_CODES, type MenuSettings } from '../lib/menu-pruning';

/**
 * The all-app settings that prune product menus (spec S0.4.4, S0.7.8), one
 * `GET /biz/public/setting/manage/type?type=code` each, cached per school.
 */
export function menuSettingsQueryOptions(tenantId: number) {
  return {
    queryKey: ['navigation', 'menu-settings', tenantId] as const,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<MenuSettings> => {
      const records = await Promise.all(
        MENU_SETTING_CODES.map((type) => request(settingByTypeEndpoint, { query: { type }, signal })),
      );
      return Object.fromEntries(MENU_SETTING_CODES.map((code, i) => [code, records[i]?.enable ?? false]));
    },
    staleTime: 10 * 60_000,
  };
}
