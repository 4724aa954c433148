import {
  DEFAULT_PAGE_SIZE,
  noticeDetailEndpoint,
  noticePageEndpoint,
  noticeReadEndpoint,
  noticeUnreadCountEndpoint,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

/** Spec S0.9.1: lists are paged by 10. */
export const NOTICE_PAGE_SIZE = DEFAULT_PAGE_SIZE;

export const noticeQueryKeys = {
  user: (userId: number) => ['notices', userId] as const,
  unread: (userId: number) => ['notices', userId, 'unread-count'] as const,
  page: (userId: number, current: number) => ['notices', userId, 'page', current] as const,
  detail: (userId: number, id: number) => ['notices', userId, 'detail', id] as const,
};

/** Published notices the user has not read (`GET /biz/message/notice/unreadCount`), renewed on window focus. */
export function useNoticeUnreadCount() {
  const session = useSession();
  return useQuery({
    queryKey: noticeQueryKeys.unread(session?.user.id ?? 0),
    queryFn: ({ signal }) => request(noticeUnreadCountEndpoint, { signal, hidePopup: true }),
    enabled: session !== null,
    refetchOnWindowFocus: true,
  });
}

/** One page of 10 published notices, newest first (`GET /biz/message/notice/page`). */
export function useNoticePage(current: number, enabled: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: noticeQueryKeys.page(session?.user.id ?? 0, current),
    queryFn: ({ signal }) =>
      request(noticePageEndpoint, { query: { current, size: NOTICE_PAGE_SIZE }, signal }),
    enabled: enabled && session !== null,
    placeholderData: keepPreviousData,
  });
}

/** One notice with its text (`GET /biz/message/notice/detail`). */
export function useNoticeDetail(id: number | null) {
  const session = useSession();
  return useQuery({
    queryKey: noticeQueryKeys.detail(session?.user.id ?? 0, id ?? 0),
    queryFn: ({ signal }) => request(noticeDetailEndpoint, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null && session !== null,
  });
}

/** Marks a notice read (`POST /biz/message/notice/read`); the count and the list refresh. */
export function useReadNotice() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? 0;
  return useMutation({
    mutationFn: (id: number) => request(noticeReadEndpoint, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeQueryKeys.user(userId) }),
  });
}
