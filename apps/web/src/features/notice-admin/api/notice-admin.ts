import {
  innerRoleListEndpoint,
  noticeManagePageEndpoint,
  noticePublishEndpoint,
  noticeWithdrawEndpoint,
  type BodyOf,
  type NoticeManageRow,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type { NoticeManageRow };
export type NoticePublishBody = BodyOf<typeof noticePublishEndpoint>;

export const noticeAdminQueryKeys = {
  all: (tenantId: number) => ['notice-admin', tenantId] as const,
  page: (tenantId: number, current: number, size: number) =>
    ['notice-admin', tenantId, 'page', current, size] as const,
  roles: (tenantId: number) => ['notice-admin', tenantId, 'roles'] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** A page of the school's notices for their publishers (`GET /biz/message/notice/managePage`). */
export function useManagedNotices(current: number, size: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: noticeAdminQueryKeys.page(tenantId, current, size),
    queryFn: ({ signal }) => request(noticeManagePageEndpoint, { query: { current, size }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The school's roles for the audience (`GET /admin/inner/role/list`), loaded when the form opens. */
export function useAudienceRoles(isEnabled: boolean) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: noticeAdminQueryKeys.roles(tenantId),
    queryFn: ({ signal }) => request(innerRoleListEndpoint, { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const tenantId = useTenantId();
  const userId = useSession()?.user.id ?? 0;
  const queryClient = useQueryClient();
  // The publisher may be in the audience: their own notices drawer and count change too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: noticeAdminQueryKeys.all(tenantId) }),
      queryClient.invalidateQueries({ queryKey: ['notices', userId] }),
    ]);
}

/** Publishes a notice (`POST /biz/message/notice/publish`); silent, the form shows field errors. */
export function usePublishNotice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: NoticePublishBody) => request(noticePublishEndpoint, { body, hidePopup: true }),
    onSuccess: invalidate,
  });
}

/** Withdraws a notice (`POST /biz/message/notice/withdraw`): readers no longer see it. */
export function useWithdrawNotice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => request(noticeWithdrawEndpoint, { body: { id } }),
    onSuccess: invalidate,
  });
}
