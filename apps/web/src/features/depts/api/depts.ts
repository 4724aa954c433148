import {
  createDeptEndpoint,
  deleteDeptEndpoint,
  deptInnerTreeEndpoint,
  updateDeptEndpoint,
  type BodyOf,
  type DeptNode,
} from '@psy/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type CreateDeptBody = BodyOf<typeof createDeptEndpoint>;
export type UpdateDeptBody = BodyOf<typeof updateDeptEndpoint>;

const keys = tenantQueryKeys('depts');
export const deptQueryKeys = {
  ...keys,
  level: (tenantId: number, parentId: number | null) => keys.of(tenantId, 'level', parentId ?? 'root'),
  search: (tenantId: number, name: string) => keys.of(tenantId, 'search', name),
};

const LEVEL_STALE_MS = 60_000;

/**
 * One level of the department tree within the viewer's data scope (`GET /admin/dept/inner/tree`): the
 * roots without `parentId` (a sub-administrator's own department), a node's children with it.
 */
export function fetchDeptLevel(
  queryClient: QueryClient,
  tenantId: number,
  parentId: number | null,
): Promise<DeptNode[]> {
  return queryClient.fetchQuery({
    queryKey: deptQueryKeys.level(tenantId, parentId),
    queryFn: ({ signal }) =>
      request(deptInnerTreeEndpoint, { query: parentId === null ? {} : { parentId }, signal }),
    staleTime: LEVEL_STALE_MS,
  });
}

/** The top level of the tree (loaded when `isEnabled`: the picker asks when it opens). */
export function useDeptRoots(isEnabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: deptQueryKeys.level(tenantId, null),
    queryFn: ({ signal }) => request(deptInnerTreeEndpoint, { query: {}, signal }),
    enabled: isEnabled,
    staleTime: LEVEL_STALE_MS,
  });
}

/** Loads the children of a node; the caller merges them into its tree. */
export function useLoadDeptLevel() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return (parentId: number) => fetchDeptLevel(queryClient, tenantId, parentId);
}

/** Departments whose name contains the term, with their ancestors (null term: no search). */
export function useDeptSearch(term: string | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: deptQueryKeys.search(tenantId, term ?? ''),
    queryFn: ({ signal }) => request(deptInnerTreeEndpoint, { query: { name: term ?? '' }, signal }),
    enabled: term !== null,
    staleTime: LEVEL_STALE_MS,
  });
}

// Every cached level and search may have changed; the profile's whole tree too.
const CHANGES = [keys.all, ['profile', 'dept-tree']] as const;

/** Adds a department; silent, the dialog shows a refusal on its field. */
export const useCreateDept = () =>
  useTenantMutation(
    (body: CreateDeptBody) => request(createDeptEndpoint, { body, hidePopup: true }),
    CHANGES,
  );

/** Renames or moves a department; silent, the dialog shows a refusal on its field. */
export const useUpdateDept = () =>
  useTenantMutation(
    (body: UpdateDeptBody) => request(updateDeptEndpoint, { body, hidePopup: true }),
    CHANGES,
  );

export const useDeleteDept = () =>
  useTenantMutation((id: number) => request(deleteDeptEndpoint, { params: { id } }), CHANGES);
