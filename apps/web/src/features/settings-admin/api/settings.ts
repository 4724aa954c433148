import {
  createSiteEndpoint,
  deleteSiteEndpoint,
  saveSettingEndpoint,
  savePageSetupEndpoint,
  settingListEndpoint,
  siteListEndpoint,
  updateSiteEndpoint,
  type BodyOf,
  type SettingInput,
  type SettingState,
  type Site,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { setBrand } from '../../../shared/theme/brand';
import {
  brandFromPageSetup,
  getPageSetup,
  tenantQueryKeys as schoolQueryKeys,
  type PageSetup,
} from '../../tenant';

export type { PageSetup, SettingState, Site };

const keys = tenantQueryKeys('settings-admin');
/** The list of this feature is the sites'; the settings are one query beside it. */
export const settingsAdminQueryKeys = {
  ...keys,
  settings: (tenantId: number) => keys.of(tenantId, 'settings'),
};

/** Every known setting code with its state (`GET /biz/public/setting/manage/list`). */
export function useSettingList() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: settingsAdminQueryKeys.settings(tenantId),
    queryFn: ({ signal }) => request(settingListEndpoint, { signal }),
  });
}

/** Saves one setting (`POST /biz/public/setting/manage`); menus pruned by settings are refreshed. */
export const useSaveSetting = () =>
  useTenantMutation(
    (input: SettingInput) => request(saveSettingEndpoint, { body: input }),
    [keys.all, (tenantId) => ['navigation', 'menu-settings', tenantId]],
  );

/** A page of sites with their rooms (`GET /biz/public/setting/site`). */
export const useSites = (query: { current: number; size: number; name?: string }) =>
  useTenantList(keys, query, (q, signal) => request(siteListEndpoint, { query: q, signal }));

export type SiteInput = BodyOf<typeof createSiteEndpoint> & { id?: number };

/** Adds or changes a site; silent, the dialog shows a refusal on its field. */
export const useSaveSite = () =>
  useTenantMutation(
    (site: SiteInput) =>
      site.id === undefined
        ? request(createSiteEndpoint, { body: site, hidePopup: true })
        : request(updateSiteEndpoint, { body: site as BodyOf<typeof updateSiteEndpoint>, hidePopup: true }),
    [keys.all],
  );

export const useDeleteSite = () =>
  useTenantMutation((id: number) => request(deleteSiteEndpoint, { body: { id } }), [keys.all]);

/** The school's page setup, as the login page reads it. */
export function useOwnPageSetup() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schoolQueryKeys.pageSetup(tenantId),
    queryFn: ({ signal }) => getPageSetup(tenantId, signal),
    enabled: tenantId > 0,
  });
}

/** Saves the page setup; the shell takes the new look at once. */
export function useSavePageSetup() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof savePageSetupEndpoint>) => request(savePageSetupEndpoint, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(schoolQueryKeys.pageSetup(tenantId), saved);
      setBrand(brandFromPageSetup(saved));
    },
  });
}
