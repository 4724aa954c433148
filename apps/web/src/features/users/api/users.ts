import {
  addUserEndpoint,
  adminResetPasswordEndpoint,
  auditUsersEndpoint,
  batchDeleteUsersEndpoint,
  deleteUserEndpoint,
  desensitizationGetUserEndpoint,
  encryptPassword,
  exportUsersEndpoint,
  getUserEndpoint,
  publicKeyEndpoint,
  updateUserEndpoint,
  userPageEndpoint,
  type AddUserBody,
  type UpdateUserBody,
  type UserFormDetail,
  type UserRow,
  type UserSearch,
} from '@psy/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { useUserInfo } from '../../auth';

export type { UserFormDetail, UserRow };

const keys = tenantQueryKeys('users');
export const userQueryKeys = {
  ...keys,
  one: (tenantId: number, id: number, kind: 'edit' | 'view') => keys.of(tenantId, 'one', kind, id),
  roles: (tenantId: number) => keys.of(tenantId, 'roles'),
  types: (tenantId: number) => keys.of(tenantId, 'types'),
  dict: (tenantId: number, name: string) => keys.of(tenantId, 'dict', name),
};

/** Permission keys of the signed-in user's active role (`GET /admin/user/info`). */
export function usePermissions(): readonly string[] {
  return useUserInfo().data?.permissions ?? [];
}

/** A page of the user list (`GET /admin/user/page`), in the viewer's data scope. */
export function useUserPage(query: UserSearch & { current: number; size: number }) {
  return useTenantList(userQueryKeys, query, (q, signal) => request(userPageEndpoint, { query: q, signal }));
}

/**
 * One user: for the edit form (`getUser`: phone and ID number always masked) or for the details page
 * (`desensitizationGetUser`: unmasked only for viewers who may see personal data, and then logged).
 */
export function useUser(id: number | null, kind: 'edit' | 'view') {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: userQueryKeys.one(tenantId, id ?? 0, kind),
    queryFn: ({ signal }) =>
      request(kind === 'edit' ? getUserEndpoint : desensitizationGetUserEndpoint, {
        query: { id: id ?? 0 },
        signal,
      }),
    enabled: id !== null && id > 0,
    // A masked or unmasked read is a read of personal data: never served from an old cache entry.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Adds a user; silent, the form shows the server's refusal on its field. */
export const useAddUser = () =>
  useTenantMutation((body: AddUserBody) => request(addUserEndpoint, { body, hidePopup: true }), [keys.all]);

/** Changes a user; silent, the form shows the server's refusal on its field. */
export const useUpdateUser = () =>
  useTenantMutation(
    (body: UpdateUserBody) => request(updateUserEndpoint, { body, hidePopup: true }),
    [keys.all],
  );

export const useDeleteUser = () =>
  useTenantMutation((id: number) => request(deleteUserEndpoint, { params: { id } }), [keys.all]);

export const useBatchDeleteUsers = () =>
  useTenantMutation(
    (ids: readonly number[]) => request(batchDeleteUsersEndpoint, { body: { ids: [...ids] } }),
    [keys.all],
  );

export const useAuditUsers = () =>
  useTenantMutation(
    (input: { ids: readonly number[]; status: 'active' | 'locked' }) =>
      request(auditUsersEndpoint, { body: { ids: [...input.ids], status: input.status } }),
    [keys.all],
  );

/** Export by search (XLSX as a download task, shown in the download list). */
export const exportUsers = (filter: UserSearch) => request(exportUsersEndpoint, { body: filter });

/**
 * The administrator's password reset (`POST /admin/user/suPwd`): the password leaves the browser only
 * encrypted; the server ends every session of the user.
 */
export function useResetUserPassword() {
  return useMutation({
    mutationFn: async ({ uid, password }: { uid: number; password: string }) => {
      const publicKey = await request(publicKeyEndpoint);
      const pwd = await encryptPassword(publicKey, password);
      return request(adminResetPasswordEndpoint, { body: { uid, pwd } });
    },
  });
}
