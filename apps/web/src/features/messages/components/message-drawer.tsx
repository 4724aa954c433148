import { CheckCircleOutlined } from '@ant-design/icons';
import { MESSAGE_STATUS, type Message } from '@psy/contracts';
import { App, Badge, Button, Drawer, Tabs, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useScreenClass } from '../../../shared/ui/use-screen-class';
import { useReadAllMessages, useReadMessage, useUnreadMessageCount, type MessageTab } from '../api/messages';
import { badgeCount } from '../model/unread';
import { MessageDetailDrawer } from './message-detail-drawer';
import { MessageList } from './message-list';
import styles from './messages.module.css';

/** Spec S0.2.20, S0.9.7: the message drawer is 600 px wide (the whole screen on phones). */
export const MESSAGE_DRAWER_WIDTH = 600;

export interface MessageDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The message drawer (spec S0.2.20): tabs unread and all, a mark-all-read icon and the infinite list; a
 * message opens in a detail drawer and is marked read (S0.4.11).
 */
export function MessageDrawer({ open, onClose }: MessageDrawerProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const isPhone = useScreenClass() === 0;
  const [tab, setTab] = useState<MessageTab>('unread');
  const [detail, setDetail] = useState<Message | null>(null);
  const [isDetailOpen, setDetailOpen] = useState(false);
  const unread = badgeCount(useUnreadMessageCount().data);
  const readMessage = useReadMessage();
  const readAll = useReadAllMessages();

  const openDetail = (message: Message) => {
    setDetail(message);
    setDetailOpen(true);
    if (message.status === MESSAGE_STATUS.unread) readMessage.mutate(message);
  };

  const confirmReadAll = () => {
    modal.confirm({
      title: t('messages.markAllReadConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await readAll.mutateAsync();
          showToast('success', t('messages.operationSuccessful'));
        } catch {
          // The request layer has shown why.
        }
      },
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={isPhone ? '100%' : MESSAGE_DRAWER_WIDTH}
      title={t('messages.title')}
      destroyOnHidden
      // Each opening starts on the unread tab.
      afterOpenChange={(isOpen) => !isOpen && setTab('unread')}
      rootClassName="message-drawer"
      classNames={{ body: styles.drawerBody }}
      extra={
        <Tooltip title={t('messages.markAllRead')}>
          <Button
            type="text"
            icon={<CheckCircleOutlined />}
            aria-label={t('messages.markAllRead')}
            disabled={unread === 0}
            onClick={confirmReadAll}
          />
        </Tooltip>
      }
    >
      <Tabs
        className={styles.tabs}
        activeKey={tab}
        onChange={(key) => setTab(key as MessageTab)}
        items={[
          {
            key: 'unread',
            label: (
              <span>
                {t('messages.tabs.unread')} <Badge count={unread} size="small" overflowCount={99} />
              </span>
            ),
          },
          { key: 'all', label: t('messages.tabs.all') },
        ]}
      />
      <MessageList key={tab} tab={tab} onOpen={openDetail} />
      <MessageDetailDrawer
        message={detail}
        open={isDetailOpen}
        isPhone={isPhone}
        onClose={() => setDetailOpen(false)}
      />
    </Drawer>
  );
}
