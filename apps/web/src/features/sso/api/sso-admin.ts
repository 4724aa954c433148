import {
  ssoLinkDeleteEndpoint,
  ssoLinkPageEndpoint,
  ssoLinkSaveEndpoint,
  ssoProviderDeleteEndpoint,
  ssoProviderListEndpoint,
  ssoProviderSaveEndpoint,
  ssoProviderTestEndpoint,
  userSimpleEndpoint,
  type SsoProviderSave,
} from '@psy/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

const keys = tenantQueryKeys('sso');

/** The school's providers (`GET /admin/sso/provider/list`); never a secret. */
export const useSsoProviders = () =>
  useTenantList(keys, {}, (_q, signal) => request(ssoProviderListEndpoint, { signal }));

// Silent (`hidePopup`): the dialog shows the refusal on its field.
export const useSaveSsoProvider = () =>
  useTenantMutation(
    (body: SsoProviderSave) => request(ssoProviderSaveEndpoint, { body, hidePopup: true }),
    [keys.all],
  );

export const useDeleteSsoProvider = () =>
  useTenantMutation((id: number) => request(ssoProviderDeleteEndpoint, { params: { id } }), [keys.all]);

/** Test connection: the provider reached with the stored settings. */
export const useTestSsoProvider = () =>
  useMutation({ mutationFn: (id: number) => request(ssoProviderTestEndpoint, { params: { id } }) });

const linkKeys = tenantQueryKeys('sso-links');

/** One page of a provider's explicit links (`GET /admin/sso/link/page`), searched by `keyword`. */
export const useSsoLinks = (query: { providerId: number; keyword?: string; current: number; size: number }) =>
  useTenantList(linkKeys, query, (q, signal) => request(ssoLinkPageEndpoint, { query: q, signal }));

// Silent (`hidePopup`): the form shows the refusal on its field.
export const useSaveSsoLink = () =>
  useTenantMutation(
    (body: { providerId: number; subject: string; userId: number }) =>
      request(ssoLinkSaveEndpoint, { body, hidePopup: true }),
    [linkKeys.all],
  );

export const useDeleteSsoLink = () =>
  useTenantMutation((id: number) => request(ssoLinkDeleteEndpoint, { params: { id } }), [linkKeys.all]);

/** Users found by name, account or number for the link form (`GET /admin/user/simple`). */
export function useLinkUserSearch(name: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: linkKeys.of(tenantId, 'users', name),
    queryFn: ({ signal }) => request(userSimpleEndpoint, { query: { name, limit: 20 }, signal }),
    enabled: name.length > 0,
    staleTime: 30_000,
  });
}
