import {
  createDeptEndpoint,
  deleteDeptEndpoint,
  deptInnerTreeEndpoint,
  updateDeptEndpoint,
  type BodyOf,
  type DeptNode,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type CreateDeptBody = BodyOf<typeof createDeptEndpoint>;
export type UpdateDeptBody = BodyOf<typeof updateDeptEndpoint>;

export const deptQueryKeys = {
  all: (tenantId: number) => ['depts', tenantId] as const,
  level: (tenantId: number, parentId: number | null) =>
    ['depts', tenantId, 'level', parentId ?? 'root'] as const,
  search: (tenantId: number, name: string) => ['depts', tenantId, 'search', name] as const,
};

const LEVEL_STALE_MS = 60_000;

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

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

function useInvalidateDepts() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  // Every cached level and search may have changed; the profile's whole tree too.
  return async () => {
    await queryClient.invalidateQueries({ queryKey: deptQueryKeys.all(tenantId) });
    await queryClient.invalidateQueries({ queryKey: ['profile', 'dept-tree'] });
  };
}

export function useCreateDept() {
  const invalidate = useInvalidateDepts();
  return useMutation({
    mutationFn: (body: CreateDeptBody) => request(createDeptEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateDept() {
  const invalidate = useInvalidateDepts();
  return useMutation({
    mutationFn: (body: UpdateDeptBody) => request(updateDeptEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteDept() {
  const invalidate = useInvalidateDepts();
  return useMutation({
    mutationFn: (id: number) => request(deleteDeptEndpoint, { params: { id } }),
    onSuccess: invalidate,
  });
}
