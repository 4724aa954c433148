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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type { FocusSetting, FocusSettingOption };

export interface FocusSettingFilter {
  name?: string | undefined;
  status?: 0 | 1 | undefined;
}

export const focusSettingQueryKeys = {
  all: (tenantId: number) => ['focus-settings', tenantId] as const,
  page: (
    tenantId: number,
    type: FocusSettingType,
    current: number,
    size: number,
    filter: FocusSettingFilter,
  ) => ['focus-settings', tenantId, type, 'page', current, size, filter] as const,
  options: (tenantId: number, type: FocusSettingType, lang: string) =>
    ['focus-settings', tenantId, type, 'options', lang] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** A page of one list, disabled entries included (`POST /biz/focus/setting/{type}/page`). */
export function useFocusSettingPage(
  type: FocusSettingType,
  current: number,
  size: number,
  filter: FocusSettingFilter,
) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: focusSettingQueryKeys.page(tenantId, type, current, size, filter),
    queryFn: ({ signal }) =>
      request(focusSettingPageEndpoint, {
        params: { type },
        body: {
          current,
          size,
          ...(filter.name ? { name: filter.name } : {}),
          ...(filter.status !== undefined ? { status: filter.status } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
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

function useInvalidate() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: focusSettingQueryKeys.all(tenantId) });
}

/** Adds an entry. Silent: a 400 names the field and the dialog shows it there. */
export function useAddFocusSetting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FocusSettingInsertBody) =>
      request(focusSettingInsertEndpoint, { body, hidePopup: true }),
    onSuccess: invalidate,
  });
}

/** Changes an entry (the dialog, or the list's switch). Silent for the same reason. */
export function useEditFocusSetting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FocusSettingEditBody) => request(focusSettingEditEndpoint, { body, hidePopup: true }),
    onSuccess: invalidate,
  });
}

/** Removes an entry from its list (`DELETE /biz/focus/setting?id=`). */
export function useDeleteFocusSetting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => request(focusSettingDeleteEndpoint, { query: { id } }),
    onSuccess: invalidate,
  });
}
