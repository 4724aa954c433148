import {
  ssoProviderDeleteEndpoint,
  ssoProviderListEndpoint,
  ssoProviderSaveEndpoint,
  ssoProviderTestEndpoint,
  type SsoProviderSave,
} from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';

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
