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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { saveFile } from '../../../shared/lib/save-file';
import { exportFileName } from '../lib/agreement-admin';

export type { AgreementFilter, AgreementRecord };

export const agreementAdminQueryKeys = {
  all: (tenantId: number) => ['agreement-admin', tenantId] as const,
  setting: (tenantId: number) => ['agreement-admin', tenantId, 'setting'] as const,
  groups: (tenantId: number) => ['agreement-admin', tenantId, 'groups'] as const,
  list: (tenantId: number, query: object) => ['agreement-admin', tenantId, 'list', query] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** The agreementSetting record (enable, roles, text), its default when never saved. */
export function useAgreementSetting() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: agreementAdminQueryKeys.setting(tenantId),
    queryFn: ({ signal }) =>
      request(firstSettingEndpoint, { query: { type: AGREEMENT_SETTING_CODE }, signal }),
  });
}

export function useSaveAgreementSetting() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { enable: boolean; value: AgreementSettingValue }) =>
      request(saveSettingEndpoint, { body: { type: AGREEMENT_SETTING_CODE, ...input } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agreementAdminQueryKeys.all(tenantId) }),
        // The signed-in admin's own start-up check follows the new setting.
        queryClient.invalidateQueries({ queryKey: ['agreements', 'mine'] }),
      ]),
  });
}

/** Per role: holders, agreed, pending (`GET /admin/agreement/findUserAgreementGroup`). */
export function useAgreementGroups() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: agreementAdminQueryKeys.groups(tenantId),
    queryFn: ({ signal }) => request(agreementGroupEndpoint, { query: {}, signal }),
  });
}

/** A page of consents (`POST /admin/agreement/list`). */
export function useAgreementList(query: AgreementFilter & { current: number; size: number }) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: agreementAdminQueryKeys.list(tenantId, query),
    queryFn: ({ signal }) => request(agreementListEndpoint, { body: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered consents as .xlsx or .docx (the server answers the file). */
export function useExportAgreements() {
  return useMutation({
    mutationFn: async ({ kind, filter }: { kind: 'xlsx' | 'docx'; filter: AgreementFilter }) => {
      const endpoint = kind === 'xlsx' ? agreementExportEndpoint : agreementExportWordEndpoint;
      const blob = (await request(endpoint, { body: filter })) as Blob;
      saveFile(blob, exportFileName(kind, new Date()));
    },
  });
}
