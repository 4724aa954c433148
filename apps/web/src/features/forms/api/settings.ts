import { findSmartFormSettingEndpoint, type FormPurpose, type SmartFormSetting } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type { SmartFormSetting };

/**
 * The smart-form setting of one business use (`GET /biz/consult/smartform/findSetting?code=`): which form
 * serves it (the seeded agreement form, the user-profile template, ...); null when none is bound.
 */
export function useSmartFormSetting(code: FormPurpose, isEnabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    // Under ['forms', tenantId]: saving a form refreshes it with the rest.
    queryKey: ['forms', tenantId, 'setting', code] as const,
    queryFn: async ({ signal }) => {
      const list = await request(findSmartFormSettingEndpoint, { query: { code }, signal, hidePopup: true });
      return list.find((s) => s.code === code) ?? null;
    },
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
