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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type { RoleBody, RoleMenus, RoleRecord };

const keys = tenantQueryKeys('role-admin');
export const roleAdminQueryKeys = {
  ...keys,
  one: (tenantId: number, id: number) => keys.of(tenantId, 'one', id),
  menus: (tenantId: number, id: number) => keys.of(tenantId, 'menus', id),
  forms: (tenantId: number, id: number) => keys.of(tenantId, 'forms', id),
};

/** A page of roles (`GET /admin/role/page`). */
export const useRolePage = (query: { current: number; size: number; roleName?: string }) =>
  useTenantList(keys, query, (q, signal) => request(rolePageEndpoint, { query: q, signal }));

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

/** Adds a role; silent, the dialog shows a refusal on its field. */
export const useCreateRole = () =>
  useTenantMutation((body: RoleBody) => request(createRoleEndpoint, { body, hidePopup: true }), [keys.all]);

/** Changes a role; silent, the dialog shows a refusal on its field. */
export const useUpdateRole = () =>
  useTenantMutation(
    (body: BodyOf<typeof updateRoleEndpoint>) => request(updateRoleEndpoint, { body, hidePopup: true }),
    [keys.all],
  );

export const useDeleteRole = () =>
  useTenantMutation((id: number) => request(deleteRoleEndpoint, { params: { id } }), [keys.all]);

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
