import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessageCount } from '../api/messages';
import { badgeCount } from '../model/unread';
import { MessageDrawer } from './message-drawer';
import styles from './messages.module.css';

/** The unread-message count in the top bar, opening the message drawer (spec S0.1.3, S0.2.20). */
export function MessageBell() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const count = badgeCount(useUnreadMessageCount().data);
  return (
    <>
      <Badge count={count} size="small" offset={[-6, 6]} overflowCount={99} className={styles.bell}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={count > 0 ? t('messages.bellUnread', { count }) : t('messages.title')}
          title={t('messages.title')}
          data-testid="message-bell"
          onClick={() => setOpen(true)}
        />
      </Badge>
      <MessageDrawer open={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
