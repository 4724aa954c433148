import { seededMessageTitle, seededText, type Message } from '@psy/contracts';
import { Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useNow } from '../../../shared/lib/use-now';
import { MessageTime, MessageTypeTag } from './message-meta';
import styles from './messages.module.css';

export interface MessageDetailDrawerProps {
  message: Message | null;
  open: boolean;
  isPhone: boolean;
  onClose: () => void;
}

/** A message opened from the drawer (spec S0.2.20): title, time and the content as plain text. */
export function MessageDetailDrawer({ message, open, isPhone, onClose }: MessageDetailDrawerProps) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isPhone ? '100%' : 520}
      title={t('messages.detailTitle')}
      rootClassName="message-detail-drawer"
    >
      {message && (
        <article aria-labelledby="message-detail-title">
          <Typography.Title level={3} id="message-detail-title" className={styles.detailTitle}>
            {seededMessageTitle(message.title, currentLanguage())}
          </Typography.Title>
          <div className={styles.detailMeta}>
            <MessageTypeTag typeCode={message.typeCode} />
            <MessageTime value={message.createTime} now={now} showDate />
          </div>
          {/* Plain text: React escapes it; a message is never rendered as HTML. */}
          <div className={styles.detailContent} data-testid="message-detail-content">
            {seededText(message.content, currentLanguage())}
          </div>
        </article>
      )}
    </Drawer>
  );
}
