import {
  createUserTypeEndpoint,
  deleteUserTypeEndpoint,
  updateUserTypeEndpoint,
  userTypeListEndpoint,
  type BodyOf,
  type UserType,
  type UserTypeBody,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type { UserType, UserTypeBody };

export const userTypeQueryKeys = {
  all: (tenantId: number) => ['user-types', tenantId] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** Every user type of the school (`GET /admin/uType/getUserTypeNoPage`). */
export function useUserTypes() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: userTypeQueryKeys.all(tenantId),
    queryFn: ({ signal }) => request(userTypeListEndpoint, { signal }),
  });
}

function useInvalidate() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  // The user pages keep their own copy of the types under ['users', tenantId, 'types'].
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userTypeQueryKeys.all(tenantId) }),
      queryClient.invalidateQueries({ queryKey: ['users', tenantId, 'types'] }),
    ]);
}

export function useCreateUserType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UserTypeBody) => request(createUserTypeEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateUserType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateUserTypeEndpoint>) => request(updateUserTypeEndpoint, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteUserType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => request(deleteUserTypeEndpoint, { params: { id } }),
    onSuccess: invalidate,
  });
}
