import {
  MESSAGE_STATUS,
  MESSAGE_STREAM_PATH,
  messageReadByIdEndpoint,
  messageReadByUserEndpoint,
  myMessageByTypeEndpoint,
  streamTicketEndpoint,
  unreadMessageCountEndpoint,
  type Message,
} from '@psy/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { currentLanguage } from '../../../i18n/i18n';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { MESSAGE_PAGE_SIZE, nextPageParam } from '../model/paging';
import { NOTIFICATION_STACK } from '../model/notification-stack';
import { parseMessageEvent, parseUnreadEvent, reconnectDelay } from '../lib/push';
import { countsAfterRead, countsAfterReadAll, hasUnreadChanged, type UnreadCounts } from '../model/unread';

export type { Message };
/** The drawer's tabs (spec S0.2.20). */
export type MessageTab = 'unread' | 'all';

/** Spec S0.1.3: the unread count is polled this often while the push stream is not open. */
export const UNREAD_POLL_MS = 30_000;

export const messageQueryKeys = {
  /** Everything about one user's messages; reading a message refreshes all of it (spec S0.4.11). */
  user: (userId: number) => ['messages', userId] as const,
  unread: (userId: number) => ['messages', userId, 'unread-count'] as const,
  lists: (userId: number) => ['messages', userId, 'list'] as const,
  list: (userId: number, tab: MessageTab) => ['messages', userId, 'list', tab] as const,
  cards: (userId: number) => ['messages', userId, 'cards'] as const,
  /**
   * The consulting product's lock reminders (`GET /biz/message/message/lockMessage`): the product keeps its
   * query under this key, so reading a message refreshes it (spec S0.4.11).
   */
  lockReminders: (userId: number) => ['messages', userId, 'lock-reminders'] as const,
  /** The workbench's lists live under this key; reading a message refreshes them (spec S0.4.11). */
  workbench: ['workbench'] as const,
};

function useUserId(): number {
  return useSession()?.user.id ?? 0;
}

const unreadQuery = (userId: number) => ({
  queryKey: messageQueryKeys.unread(userId),
  // A background poll: a failure must not toast every 30 s (a 401 still ends the session).
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request(unreadMessageCountEndpoint, { signal, hidePopup: true }),
});

/** Unread counts in all and per product (`POST /biz/message/message/unread`). */
export function useUnreadMessageCount() {
  const session = useSession();
  return useQuery({ ...unreadQuery(session?.user.id ?? 0), enabled: session !== null });
}

/**
 * Opens the server's message stream (`POST .../streamTicket`, then an EventSource on the stream) while
 * signed in: `unread` events set the counts, `message` events refresh the cards. On failure it closes and
 * tries again with a new ticket after a growing delay. Answers whether the stream is open.
 */
function useMessageStream(userId: number, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let stopped = false;
    let failures = 0;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const retry = () => {
      source?.close();
      source = null;
      setLive(false);
      if (!stopped) timer = setTimeout(connect, reconnectDelay(failures++));
    };
    async function connect() {
      try {
        const { ticket } = await request(streamTicketEndpoint, { hidePopup: true });
        if (stopped) return;
        source = new EventSource(
          `${MESSAGE_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}&lang=${currentLanguage()}`,
        );
        source.onopen = () => {
          failures = 0;
          setLive(true);
        };
        source.onerror = retry;
        source.addEventListener('unread', (e) => {
          const counts = parseUnreadEvent((e as MessageEvent).data);
          if (counts) queryClient.setQueryData(messageQueryKeys.unread(userId), counts);
        });
        source.addEventListener('message', (e) => {
          if (parseMessageEvent((e as MessageEvent).data))
            void queryClient.invalidateQueries({ queryKey: messageQueryKeys.cards(userId) });
        });
      } catch {
        retry();
      }
    }
    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      setLive(false);
    };
  }, [enabled, queryClient, userId]);
  return live;
}

/**
 * Keeps the unread count current: pushed by the message stream, or (while the stream is not open) polled
 * every 30 s; also when the window gets focus. When it moves, the lists and cards are fetched again.
 * Mounted once, in the layout.
 */
export function useMessageSync(): void {
  const session = useSession();
  const userId = session?.user.id ?? 0;
  const queryClient = useQueryClient();
  const live = useMessageStream(userId, session !== null);
  const counts = useQuery({
    ...unreadQuery(userId),
    enabled: session !== null,
    refetchInterval: live ? false : UNREAD_POLL_MS,
    // Back to the window: ask again even if the last answer is recent (it may be from before the away time).
    refetchOnWindowFocus: 'always',
  });
  const previous = useRef<UnreadCounts | undefined>(undefined);
  useEffect(() => {
    if (!counts.data) return;
    if (hasUnreadChanged(previous.current, counts.data)) {
      void queryClient.invalidateQueries({ queryKey: messageQueryKeys.lists(userId) });
      void queryClient.invalidateQueries({ queryKey: messageQueryKeys.cards(userId) });
    }
    previous.current = counts.data;
  }, [counts.data, queryClient, userId]);
}

/** One tab of the drawer: pages of 10, newest first (`GET /biz/message/message/myMessageByType`). */
export function useMessageList(tab: MessageTab) {
  const session = useSession();
  return useInfiniteQuery({
    queryKey: messageQueryKeys.list(session?.user.id ?? 0, tab),
    queryFn: ({ pageParam, signal }) =>
      request(myMessageByTypeEndpoint, {
        query: {
          current: pageParam,
          size: MESSAGE_PAGE_SIZE,
          status: tab === 'unread' ? MESSAGE_STATUS.unread : undefined,
        },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => nextPageParam(lastPage, pages),
    enabled: session !== null,
  });
}

/** The newest unread messages, shown as cards at the bottom right (spec S0.2.16). */
export function useNotificationCards() {
  const session = useSession();
  return useQuery({
    queryKey: messageQueryKeys.cards(session?.user.id ?? 0),
    queryFn: async ({ signal }) =>
      (
        await request(myMessageByTypeEndpoint, {
          query: { current: 1, size: NOTIFICATION_STACK.maxCards, status: MESSAGE_STATUS.unread },
          signal,
          hidePopup: true,
        })
      ).records,
    enabled: session !== null,
  });
}

/** Spec S0.4.11: after a read, the unread count, the lists, the workbench and the lock reminders refresh. */
export function refreshAfterRead(queryClient: QueryClient, userId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: messageQueryKeys.user(userId) }),
    queryClient.invalidateQueries({ queryKey: messageQueryKeys.workbench }),
  ]);
}

/** Marks one message read (`GET /biz/message/message/messageReadById`); the count drops at once. */
export function useReadMessage() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (message: Pick<Message, 'id' | 'status' | 'type'>) =>
      request(messageReadByIdEndpoint, { query: { id: message.id } }),
    onSuccess: (_read, message) => {
      queryClient.setQueryData<UnreadCounts>(messageQueryKeys.unread(userId), (counts) =>
        countsAfterRead(counts, message),
      );
      return refreshAfterRead(queryClient, userId);
    },
  });
}

/** Marks all the user's messages read (`GET /biz/message/message/messageReadByUser`). */
export function useReadAllMessages() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: () => request(messageReadByUserEndpoint),
    onSuccess: () => {
      queryClient.setQueryData<UnreadCounts>(messageQueryKeys.unread(userId), countsAfterReadAll());
      return refreshAfterRead(queryClient, userId);
    },
  });
}
