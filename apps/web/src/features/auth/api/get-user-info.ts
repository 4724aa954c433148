import { userInfoEndpoint, type ResponseOf } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type UserInfo = ResponseOf<typeof userInfoEndpoint>;

export function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  return request(userInfoEndpoint, { signal });
}

export const authQueryKeys = {
  userInfo: (userId: number) => ['auth', 'user-info', userId] as const,
};

/** The signed-in user, roles and permissions (`GET /admin/user/info`); idle without a session. */
export function useUserInfo() {
  const session = useSession();
  return useQuery({
    queryKey: authQueryKeys.userInfo(session?.user.id ?? 0),
    queryFn: ({ signal }) => getUserInfo(signal),
    enabled: session !== null,
    staleTime: 60_000,
  });
}
