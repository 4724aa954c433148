import {
  reportTypesEndpoint,
  scaleCategoryListEndpoint,
  scaleDeleteEndpoint,
  scaleDetailEndpoint,
  scaleExportEndpoint,
  scaleImportEndpoint,
  scaleImportXlsxEndpoint,
  scalePageEndpoint,
  scaleStatusEndpoint,
  scaleTreeEndpoint,
  type BodyOf,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type ScalePageQuery = BodyOf<typeof scalePageEndpoint>;
export type ScaleSummary = ResponseOf<typeof scalePageEndpoint>['records'][number];
export type ScaleDetail = ResponseOf<typeof scaleDetailEndpoint>;
export type ScaleTree = ResponseOf<typeof scaleTreeEndpoint>;

const keys = tenantQueryKeys('assessment-scales');
export const scaleQueryKeys = keys;

/** The school's scales, disabled ones included (`POST /scale/scale/page`). */
export const useScalePage = (query: ScalePageQuery) =>
  useTenantList(keys, query, (body, signal) => request(scalePageEndpoint, { body, signal }));

/** Categories with their enabled scales (`GET /scale/scale/tree`): the library's tree and the plan's picker. */
export function useScaleTree(lang: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'tree', lang),
    queryFn: ({ signal }) => request(scaleTreeEndpoint, { query: {}, signal }),
    staleTime: 60_000,
  });
}

export function useScaleCategories(lang: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'categories', lang),
    queryFn: ({ signal }) => request(scaleCategoryListEndpoint, { query: {}, signal }),
    staleTime: 60_000,
  });
}

export function useReportTypes(lang: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'reportTypes', lang),
    queryFn: ({ signal }) => request(reportTypesEndpoint, { signal }),
    staleTime: 300_000,
  });
}

/** One scale with its whole definition (`GET /scale/scale/detail`). */
export function useScaleDetail(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'detail', id),
    queryFn: ({ signal }) => request(scaleDetailEndpoint, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

/** Imports a definition given as JSON; silent, the dialog shows the path the server names. */
export const useImportScaleJson = () =>
  useTenantMutation(
    (body: BodyOf<typeof scaleImportEndpoint>) => request(scaleImportEndpoint, { body, hidePopup: true }),
    [keys.all],
  );

/** Imports an XLSX workbook (multipart `file`, `categoryId`); silent for the same reason. */
export const useImportScaleXlsx = () =>
  useTenantMutation(
    ({ file, categoryId }: { file: File; categoryId?: number | undefined }) => {
      const form = new FormData();
      if (categoryId) form.append('categoryId', String(categoryId));
      // The file last: the server reads the fields before it streams the file.
      form.append('file', file, file.name);
      return request(scaleImportXlsxEndpoint, {
        body: form as unknown as BodyOf<typeof scaleImportXlsxEndpoint>,
        hidePopup: true,
      });
    },
    [keys.all],
  );

export const exportScale = (id: number, format: 'json' | 'xlsx') =>
  request(scaleExportEndpoint, { query: { id, format } });

export const useScaleStatus = () =>
  useTenantMutation(
    (body: BodyOf<typeof scaleStatusEndpoint>) => request(scaleStatusEndpoint, { body }),
    [keys.all],
  );

export const useDeleteScale = () =>
  useTenantMutation((id: number) => request(scaleDeleteEndpoint, { body: { id } }), [keys.all]);
