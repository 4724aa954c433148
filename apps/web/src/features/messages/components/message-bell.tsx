import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnreadMessageCount } from '../api/messages';
import { badgeCount } from '../model/unread';
import styles from './messages.module.css';

// The drawer (tabs, list, detail) loads on the first click, not with the layout (route size budget,
// scripts/route-sizes.mjs); once loaded it stays mounted so it can animate closed.
const MessageDrawer = lazy(async () => ({ default: (await import('./message-drawer')).MessageDrawer }));

/** The unread-message count in the top bar, opening the message drawer (spec S0.1.3, S0.2.20). */
export function MessageBell() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
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
          onClick={() => {
            setWasOpened(true);
            setOpen(true);
          }}
        />
      </Badge>
      {wasOpened && (
        <Suspense fallback={null}>
          <MessageDrawer open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
