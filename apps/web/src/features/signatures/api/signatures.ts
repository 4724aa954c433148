import { editTeamSignEndpoint, getTeamSignEndpoint, type StoredSignature } from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export const signatureQueryKeys = {
  mine: (userId: number) => ['signatures', 'mine', userId] as const,
};

/** The signed-in user's stored signature (`GET /admin/team/getSign`), null until one is saved. */
export function useMySignature() {
  const session = useSession();
  const userId = session?.user.id ?? 0;
  return useQuery({
    queryKey: signatureQueryKeys.mine(userId),
    queryFn: ({ signal }) => request(getTeamSignEndpoint, { query: {}, signal }),
    enabled: session !== null,
  });
}

/** Stores the signed-in user's signature (`POST /admin/team/editSign`): a data URL of PNG or JPEG. */
export function useSaveMySignature() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sign: string) => request(editTeamSignEndpoint, { body: { sign } }),
    onSuccess: (saved: StoredSignature) => {
      queryClient.setQueryData(signatureQueryKeys.mine(session?.user.id ?? 0), saved);
    },
  });
}
