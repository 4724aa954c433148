import { CloseOutlined } from '@ant-design/icons';
import { seededMessageTitle, seededText, type Message } from '@psy/contracts';
import { Button } from 'antd';
import { useState, type CSSProperties } from 'react';
import { currentLanguage } from '../../../i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { useTranslation } from 'react-i18next';
import { useMessageSync, useNotificationCards, useReadMessage } from '../api/messages';
import { cardLayout, cardsHiddenKey, hideUpTo, pickCards } from '../model/notification-stack';
import styles from './messages.module.css';

const readHidden = (key: string) => Number(localStorage.getItem(key)) || 0;

/**
 * Stacked notification cards at the bottom right (spec S0.2.16): the newest unread messages, the first four
 * styled as a stack; closing the front card marks its message read. Cards must never cover what a person is
 * working on: "hide" puts the whole stack away (the messages stay unread in the message centre) until a
 * newer message arrives, across reloads, and on a phone the stack is not drawn at all (the header's unread
 * count stands for it; messages.module.css). Also keeps the unread count current (`useMessageSync`), as
 * this is mounted once in the layout.
 */
export function MessageNotifications() {
  const { t } = useTranslation();
  useMessageSync();
  const cards = useNotificationCards();
  const readMessage = useReadMessage();
  const [closedIds, setClosedIds] = useState<ReadonlySet<number>>(() => new Set());
  const hiddenKey = cardsHiddenKey(useSession()?.user.id ?? 0);
  const [hiddenUpTo, setHiddenUpTo] = useState(() => readHidden(hiddenKey));
  const shown = pickCards(cards.data, closedIds, undefined, hiddenUpTo);
  if (shown.length === 0) return null;

  const hideAll = () => {
    const upTo = hideUpTo(shown, hiddenUpTo);
    localStorage.setItem(hiddenKey, String(upTo));
    setHiddenUpTo(upTo);
  };

  const close = (message: Message) => {
    setClosedIds((ids) => new Set(ids).add(message.id));
    readMessage.mutate(message, {
      // Not marked read after all: the card comes back (the request layer has said why).
      onError: () =>
        setClosedIds((ids) => {
          const next = new Set(ids);
          next.delete(message.id);
          return next;
        }),
    });
  };

  return (
    <section className={styles.stack} aria-label={t('messages.cards.region')} data-testid="message-cards">
      {shown.map((message, index) => {
        const layout = cardLayout(index, shown.length);
        const style: CSSProperties = layout.isFront
          ? { zIndex: layout.zIndex }
          : {
              zIndex: layout.zIndex,
              top: -layout.offset,
              bottom: layout.offset,
              left: layout.inset,
              right: layout.inset,
              display: layout.isVisible ? undefined : 'none',
            };
        return (
          <article
            key={message.id}
            className={`${styles.card} ${layout.isFront ? styles.cardFront : styles.cardBehind}`}
            style={style}
            inert={!layout.isFront}
            aria-hidden={!layout.isFront}
            aria-labelledby={`message-card-${message.id}`}
            data-testid={layout.isFront ? 'message-card-front' : undefined}
          >
            <div className={styles.cardHead}>
              <h3 className={styles.cardTitle} id={`message-card-${message.id}`}>
                {seededMessageTitle(message.title, currentLanguage())}
              </h3>
              <Button type="text" size="small" onClick={hideAll} data-testid="message-cards-hide">
                {t('messages.cards.hide')}
              </Button>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('messages.cards.close')}
                title={t('messages.cards.close')}
                onClick={() => close(message)}
              />
            </div>
            <p className={styles.cardContent}>{seededText(message.content, currentLanguage())}</p>
            <p className={styles.cardPrompt}>{t('messages.cards.prompt')}</p>
          </article>
        );
      })}
    </section>
  );
}
