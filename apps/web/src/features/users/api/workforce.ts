import { getWorkforceEndpoint, saveWorkforceEndpoint, type SaveWorkforceBody } from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { userQueryKeys } from './users';

const workforceKey = (tenantId: number, userId: number) =>
  [...userQueryKeys.all(tenantId), 'workforce', userId] as const;

/** A counsellor's service categories and accepting flag (`GET /biz/consult/workforce/user/{id}`). */
export function useWorkforce(userId: number, isEnabled: boolean) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: workforceKey(tenantId, userId),
    queryFn: ({ signal }) => request(getWorkforceEndpoint, { params: { id: userId }, signal }),
    enabled: isEnabled,
  });
}

/** Saves them (`POST /biz/consult/workforce/workForTeacher`); the caller shows field errors itself. */
export function useSaveWorkforce() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveWorkforceBody) => request(saveWorkforceEndpoint, { body, hidePopup: true }),
    onSuccess: (saved) => queryClient.setQueryData(workforceKey(tenantId, saved.userId), saved),
  });
}
