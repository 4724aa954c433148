import {
  focusSettingAllEndpoint,
  focusSettingDeleteEndpoint,
  focusSettingEditEndpoint,
  focusSettingInsertEndpoint,
  focusSettingPageEndpoint,
  type FocusSetting,
  type FocusSettingEditBody,
  type FocusSettingInsertBody,
  type FocusSettingOption,
  type FocusSettingType,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type { FocusSetting, FocusSettingOption };

export interface FocusSettingFilter {
  name?: string | undefined;
  status?: 0 | 1 | undefined;
}

const keys = tenantQueryKeys('focus-settings');
export const focusSettingQueryKeys = {
  ...keys,
  options: (tenantId: number, type: FocusSettingType, lang: string) =>
    keys.of(tenantId, type, 'options', lang),
};

/** A page of one list, disabled entries included (`POST /biz/focus/setting/{type}/page`). */
export function useFocusSettingPage(
  type: FocusSettingType,
  query: FocusSettingFilter & { current: number; size: number },
) {
  return useTenantList(keys, { type, ...query }, ({ type: listType, ...body }, signal) =>
    request(focusSettingPageEndpoint, { params: { type: listType }, body, signal }),
  );
}

/** A list's enabled entries as options in the viewer's language (`GET /biz/focus/setting/{type}/all`). */
export function useFocusSettingOptions(type: FocusSettingType, lang: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: focusSettingQueryKeys.options(tenantId, type, lang),
    queryFn: ({ signal }) => request(focusSettingAllEndpoint, { params: { type }, signal }),
    staleTime: 60_000,
  });
}

/** Adds an entry. Silent: a 400 names the field and the dialog shows it there. */
export const useAddFocusSetting = () =>
  useTenantMutation(
    (body: FocusSettingInsertBody) => request(focusSettingInsertEndpoint, { body, hidePopup: true }),
    [keys.all],
  );

/** Changes an entry (the dialog, or the list's switch). Silent for the same reason. */
export const useEditFocusSetting = () =>
  useTenantMutation(
    (body: FocusSettingEditBody) => request(focusSettingEditEndpoint, { body, hidePopup: true }),
    [keys.all],
  );

/** Removes an entry from its list (`DELETE /biz/focus/setting?id=`). */
export const useDeleteFocusSetting = () =>
  useTenantMutation((id: number) => request(focusSettingDeleteEndpoint, { query: { id } }), [keys.all]);
