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

export function userInfoQueryOptions(userId: number) {
  return {
    queryKey: authQueryKeys.userInfo(userId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getUserInfo(signal),
    staleTime: 60_000,
  };
}

/** The signed-in user, roles and permissions (`GET /admin/user/info`); idle without a session. */
export function useUserInfo() {
  const session = useSession();
  return useQuery({ ...userInfoQueryOptions(session?.user.id ?? 0), enabled: session !== null });
}
