import {
  createRoleEndpoint,
  deleteRoleEndpoint,
  roleDetailEndpoint,
  roleFormPermissionsEndpoint,
  roleMenusEndpoint,
  rolePageEndpoint,
  saveRoleFormPermissionsEndpoint,
  saveRoleMenusEndpoint,
  updateRoleEndpoint,
  type BodyOf,
  type RoleBody,
  type RoleMenus,
  type RoleRecord,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type { RoleBody, RoleMenus, RoleRecord };

export const roleAdminQueryKeys = {
  all: (tenantId: number) => ['role-admin', tenantId] as const,
  page: (tenantId: number, query: object) => ['role-admin', tenantId, 'page', query] as const,
  one: (tenantId: number, id: number) => ['role-admin', tenantId, 'one', id] as const,
  menus: (tenantId: number, id: number) => ['role-admin', tenantId, 'menus', id] as const,
  forms: (tenantId: number, id: number) => ['role-admin', tenantId, 'forms', id] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** A page of roles (`GET /admin/role/page`). */
export function useRolePage(query: { current: number; size: number; roleName?: string }) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: roleAdminQueryKeys.page(tenantId, query),
    queryFn: ({ signal }) => request(rolePageEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One role (`GET /admin/role/{id}`). */
export function useRole(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: roleAdminQueryKeys.one(tenantId, id ?? 0),
    queryFn: ({ signal }) => request(roleDetailEndpoint, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null && id > 0,
  });
}

/** The grant tree and the role's grants (`GET /admin/role/{id}/menus`). */
export function useRoleMenus(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: roleAdminQueryKeys.menus(tenantId, id ?? 0),
    queryFn: ({ signal }) => request(roleMenusEndpoint, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null && id > 0,
  });
}

/** Stored form permissions of a role (`GET /admin/role/form/permissions`). */
export function useRoleFormPermissions(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: roleAdminQueryKeys.forms(tenantId, id ?? 0),
    queryFn: ({ signal }) => request(roleFormPermissionsEndpoint, { query: { roleId: id ?? 0 }, signal }),
    enabled: id !== null && id > 0,
  });
}

function useInvalidateRoles() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: roleAdminQueryKeys.all(tenantId) });
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: RoleBody) => request(createRoleEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateRoleEndpoint>) => request(updateRoleEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: number) => request(deleteRoleEndpoint, { params: { id } }),
    onSuccess: invalidate,
  });
}

/**
 * Saves a role's grants (`PUT /admin/role/menus`). The signed-in user's own permissions may change with
 * it, so their user info and menus are fetched again too.
 */
export function useSaveRoleMenus() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveRoleMenusEndpoint>) => request(saveRoleMenusEndpoint, { body }),
    onSuccess: async (data: RoleMenus) => {
      queryClient.setQueryData(roleAdminQueryKeys.menus(tenantId, data.roleId), data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['auth'] }),
        queryClient.invalidateQueries({ queryKey: ['navigation'] }),
      ]);
    },
  });
}

export function useSaveRoleFormPermissions() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { roleId: number; items: BodyOf<typeof saveRoleFormPermissionsEndpoint>['items'] }) =>
      request(saveRoleFormPermissionsEndpoint, { body }),
    onSuccess: (data, body) => {
      queryClient.setQueryData(roleAdminQueryKeys.forms(tenantId, body.roleId), data);
    },
  });
}
