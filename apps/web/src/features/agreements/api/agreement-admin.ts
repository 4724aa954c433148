import {
  AGREEMENT_SETTING_CODE,
  agreementExportEndpoint,
  agreementExportWordEndpoint,
  agreementGroupEndpoint,
  agreementListEndpoint,
  firstSettingEndpoint,
  saveSettingEndpoint,
  type AgreementFilter,
  type AgreementRecord,
  type AgreementSettingValue,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type { AgreementFilter, AgreementRecord };

const keys = tenantQueryKeys('agreement-admin');
export const agreementAdminQueryKeys = {
  ...keys,
  setting: (tenantId: number) => keys.of(tenantId, 'setting'),
  groups: (tenantId: number) => keys.of(tenantId, 'groups'),
};

/** The agreementSetting record (enable, roles, text), its default when never saved. */
export function useAgreementSetting() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: agreementAdminQueryKeys.setting(tenantId),
    queryFn: ({ signal }) =>
      request(firstSettingEndpoint, { query: { type: AGREEMENT_SETTING_CODE }, signal }),
  });
}

/** Saves the setting; the signed-in admin's own start-up check follows it. */
export const useSaveAgreementSetting = () =>
  useTenantMutation(
    (input: { enable: boolean; value: AgreementSettingValue }) =>
      request(saveSettingEndpoint, { body: { type: AGREEMENT_SETTING_CODE, ...input } }),
    [keys.all, ['agreements', 'mine']],
  );

/** Per role: holders, agreed, pending (`GET /admin/agreement/findUserAgreementGroup`). */
export function useAgreementGroups() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: agreementAdminQueryKeys.groups(tenantId),
    queryFn: ({ signal }) => request(agreementGroupEndpoint, { query: {}, signal }),
  });
}

/** A page of consents (`POST /admin/agreement/list`). */
export const useAgreementList = (query: AgreementFilter & { current: number; size: number }) =>
  useTenantList(keys, query, (body, signal) => request(agreementListEndpoint, { body, signal }));

/** The filtered consents as .xlsx or .docx (the server answers the file). */
export const exportAgreements = (kind: 'xlsx' | 'docx', filter: AgreementFilter) =>
  request(kind === 'xlsx' ? agreementExportEndpoint : agreementExportWordEndpoint, { body: filter });
