import {
  deleteMyEmergencyContactEndpoint,
  findMineUserFamilyInfoEndpoint,
  insertMyEmergencyContactEndpoint,
  myEmergencyContactsEndpoint,
  updateMineUserFamilyInfoEndpoint,
  updateMyEmergencyContactEndpoint,
  type BodyOf,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export const userProfileQueryKeys = {
  contacts: (userId: number) => ['user-profile', 'contacts', userId] as const,
  family: (userId: number) => ['user-profile', 'family', userId] as const,
};

export type ContactInput = BodyOf<typeof insertMyEmergencyContactEndpoint>;
export type FamilyInput = BodyOf<typeof updateMineUserFamilyInfoEndpoint>['info'];

function useUserId(): number {
  return useSession()?.user.id ?? 0;
}

/** The signed-in user's emergency contacts (`GET /admin/emergencyContact/getMyList`). */
export function useMyEmergencyContacts() {
  const userId = useUserId();
  return useQuery({
    queryKey: userProfileQueryKeys.contacts(userId),
    queryFn: ({ signal }) => request(myEmergencyContactsEndpoint, { signal }),
    enabled: userId !== 0,
  });
}

/** Adds (no id) or changes (with id) one of the signed-in user's emergency contacts. */
export function useSaveMyEmergencyContact() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...fields }: ContactInput & { id?: number }) =>
      id === undefined
        ? request(insertMyEmergencyContactEndpoint, { body: fields })
        : request(updateMyEmergencyContactEndpoint, { body: { ...fields, id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryKeys.contacts(userId) }),
  });
}

export function useDeleteMyEmergencyContact() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(deleteMyEmergencyContactEndpoint, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userProfileQueryKeys.contacts(userId) }),
  });
}

/** The signed-in user's family information (`GET /admin/v2/user/findMineUserFamilyInfo`). */
export function useMyFamilyInfo() {
  const userId = useUserId();
  return useQuery({
    queryKey: userProfileQueryKeys.family(userId),
    queryFn: ({ signal }) => request(findMineUserFamilyInfoEndpoint, { signal }),
    enabled: userId !== 0,
  });
}

export function useSaveMyFamilyInfo() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (info: FamilyInput) => request(updateMineUserFamilyInfoEndpoint, { body: { info } }),
    onSuccess: (answer) => queryClient.setQueryData(userProfileQueryKeys.family(userId), answer),
  });
}
