import { MESSAGE_STATUS, seededMessageTitle, type Message } from '@psy/contracts';
import { Empty, Spin } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useNow } from '../../../shared/lib/use-now';
import { useMessageList, type MessageTab } from '../api/messages';
import { isNearEnd, mergePages, shouldLoadMore } from '../model/paging';
import { MessageTime, MessageTypeTag } from './message-meta';
import styles from './messages.module.css';

export interface MessageListProps {
  tab: MessageTab;
  onOpen: (message: Message) => void;
}

/**
 * One tab of the message drawer (spec S0.2.20): title, type code, create time and an unread dot; the next
 * page of 10 loads when the list is scrolled within 50 px of its end (S0.9.1, S0.9.7).
 */
export function MessageList({ tab, onOpen }: MessageListProps) {
  const { t } = useTranslation();
  const now = useNow();
  const list = useMessageList(tab);
  const rows = mergePages(list.data?.pages);
  const scroller = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetching, isError, fetchNextPage } = list;

  const loadMoreIfNearEnd = useCallback(() => {
    const box = scroller.current;
    if (!box) return;
    const isDue = shouldLoadMore({ isNearEnd: isNearEnd(box), hasNextPage, isFetching, hasFailed: isError });
    if (isDue) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, fetchNextPage]);

  // A first page that does not fill the drawer is followed by the next one without waiting for a scroll.
  useEffect(() => loadMoreIfNearEnd(), [loadMoreIfNearEnd, rows.length]);

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      onScroll={loadMoreIfNearEnd}
      data-testid={`message-list-${tab}`}
      aria-busy={isFetching}
    >
      {list.isPending ? (
        <div className={styles.listFoot}>
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('messages.noData')}
        />
      ) : (
        <>
          <ul className={styles.list}>
            {rows.map((message) => {
              const isUnread = message.status === MESSAGE_STATUS.unread;
              return (
                <li key={message.id}>
                  <button
                    type="button"
                    className={isUnread ? styles.item : `${styles.item} ${styles.itemRead}`}
                    onClick={() => onOpen(message)}
                    data-message-id={message.id}
                  >
                    <span className={styles.dotCell}>
                      {isUnread && (
                        <span className={styles.dot} role="img" aria-label={t('messages.unreadDot')} />
                      )}
                    </span>
                    <span className={styles.itemTitle} data-testid="message-item-title">
                      {seededMessageTitle(message.title, currentLanguage())}
                    </span>
                    <span className={styles.itemMeta}>
                      <MessageTypeTag typeCode={message.typeCode} />
                      <MessageTime value={message.createTime} now={now} />
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className={styles.listFoot}>
            {list.isFetchingNextPage ? <Spin size="small" /> : hasNextPage ? null : t('messages.noMore')}
          </div>
        </>
      )}
    </div>
  );
}
