import {
  createUserTypeEndpoint,
  deleteUserTypeEndpoint,
  updateUserTypeEndpoint,
  userTypeListEndpoint,
  type BodyOf,
  type UserType,
  type UserTypeBody,
} from '@psy/contracts';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';

export type { UserType, UserTypeBody };

export const userTypeQueryKeys = tenantQueryKeys('user-types');

// The user pages keep their own copy of the types under ['users', tenantId, 'types'].
const CHANGES = [userTypeQueryKeys.all, (tenantId: number) => ['users', tenantId, 'types']] as const;

/** Every user type of the school (`GET /admin/uType/getUserTypeNoPage`). */
export const useUserTypes = () =>
  useTenantList(userTypeQueryKeys, {}, (_, signal) => request(userTypeListEndpoint, { signal }));

export const useCreateUserType = () =>
  useTenantMutation(
    (body: UserTypeBody) => request(createUserTypeEndpoint, { body, hidePopup: true }),
    CHANGES,
  );

export const useUpdateUserType = () =>
  useTenantMutation(
    (body: BodyOf<typeof updateUserTypeEndpoint>) =>
      request(updateUserTypeEndpoint, { body, hidePopup: true }),
    CHANGES,
  );

export const useDeleteUserType = () =>
  useTenantMutation((id: number) => request(deleteUserTypeEndpoint, { params: { id } }), CHANGES);
