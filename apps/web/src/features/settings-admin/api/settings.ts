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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { setBrand } from '../../../shared/theme/brand';
import { brandFromPageSetup, getPageSetup, tenantQueryKeys, type PageSetup } from '../../tenant';

export type { PageSetup, SettingState, Site };

export const settingsAdminQueryKeys = {
  all: (tenantId: number) => ['settings-admin', tenantId] as const,
  list: (tenantId: number) => ['settings-admin', tenantId, 'list'] as const,
  sites: (tenantId: number, query: object) => ['settings-admin', tenantId, 'sites', query] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** Every known setting code with its state (`GET /biz/public/setting/manage/list`). */
export function useSettingList() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: settingsAdminQueryKeys.list(tenantId),
    queryFn: ({ signal }) => request(settingListEndpoint, { signal }),
  });
}

/** Saves one setting (`POST /biz/public/setting/manage`); menus pruned by settings are refreshed. */
export function useSaveSetting() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettingInput) => request(saveSettingEndpoint, { body: input }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsAdminQueryKeys.all(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ['navigation', 'menu-settings', tenantId] }),
      ]),
  });
}

/** A page of sites with their rooms (`GET /biz/public/setting/site`). */
export function useSites(query: { current: number; size: number; name?: string }) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: settingsAdminQueryKeys.sites(tenantId, query),
    queryFn: ({ signal }) => request(siteListEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export type SiteInput = BodyOf<typeof createSiteEndpoint> & { id?: number };

export function useSaveSite() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (site: SiteInput) =>
      site.id === undefined
        ? request(createSiteEndpoint, { body: site })
        : request(updateSiteEndpoint, { body: site as BodyOf<typeof updateSiteEndpoint> }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsAdminQueryKeys.all(tenantId) }),
  });
}

export function useDeleteSite() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(deleteSiteEndpoint, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsAdminQueryKeys.all(tenantId) }),
  });
}

/** The school's page setup, as the login page reads it. */
export function useOwnPageSetup() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: tenantQueryKeys.pageSetup(tenantId),
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
      queryClient.setQueryData(tenantQueryKeys.pageSetup(tenantId), saved);
      setBrand(brandFromPageSetup(saved));
    },
  });
}
