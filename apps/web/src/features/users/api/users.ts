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
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { useUserInfo } from '../../auth';
import { downloadQueryKeys } from '../../downloads';

export type { UserFormDetail, UserRow };

export const userQueryKeys = {
  all: (tenantId: number) => ['users', tenantId] as const,
  list: (tenantId: number, query: object) => ['users', tenantId, 'list', query] as const,
  one: (tenantId: number, id: number, kind: 'edit' | 'view') => ['users', tenantId, 'one', kind, id] as const,
  roles: (tenantId: number) => ['users', tenantId, 'roles'] as const,
  types: (tenantId: number) => ['users', tenantId, 'types'] as const,
  dict: (tenantId: number, name: string) => ['users', tenantId, 'dict', name] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** Permission keys of the signed-in user's active role (`GET /admin/user/info`). */
export function usePermissions(): readonly string[] {
  return useUserInfo().data?.permissions ?? [];
}

/** A page of the user list (`GET /admin/user/page`), in the viewer's data scope. */
export function useUserPage(query: UserSearch & { current: number; size: number }) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: userQueryKeys.list(tenantId, query),
    queryFn: ({ signal }) => request(userPageEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
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

function useInvalidateUsers() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userQueryKeys.all(tenantId) });
}

export function useAddUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: AddUserBody) => request(addUserEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => request(updateUserEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: number) => request(deleteUserEndpoint, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useBatchDeleteUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (ids: number[]) => request(batchDeleteUsersEndpoint, { body: { ids } }),
    onSuccess: invalidate,
  });
}

export function useAuditUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: { ids: number[]; status: 'active' | 'locked' }) =>
      request(auditUsersEndpoint, { body: input }),
    onSuccess: invalidate,
  });
}

/** Export by search (XLSX as a download task): the top bar's count of files being generated moves. */
export function useExportUsers() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filter: UserSearch) => request(exportUsersEndpoint, { body: filter }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: downloadQueryKeys.user(session?.user.id ?? 0) }),
  });
}

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
