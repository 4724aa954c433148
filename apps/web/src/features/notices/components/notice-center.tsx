import { NotificationOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Spin, Typography, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { seededText } from '@psy/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useScreenClass } from '../../../shared/ui/use-screen-class';
import {
  NOTICE_PAGE_SIZE,
  useNoticeDetail,
  useNoticePage,
  useNoticeUnreadCount,
  useReadNotice,
} from '../api/notices';
import { NoticeContent } from './notice-content';
import { closeNoticeDrawer, openNoticeDrawer, useNoticeDrawerOpen } from '../model/notice-drawer';
import styles from './notices.module.css';

// The pager (with antd's Select) loads only when there is more than one page, not with the layout
// (route size budget, scripts/route-sizes.mjs).
const Pagination = lazy(() => import('antd/es/pagination'));

/** Same width as the message drawer (spec S0.9.7); the whole screen on phones. */
const NOTICE_DRAWER_WIDTH = 600;

function NoticeDetailDrawer({
  id,
  isPhone,
  onClose,
}: {
  id: number | null;
  isPhone: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useNoticeDetail(id);
  const notice = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 520}
      title={t('notices.detailTitle')}
      rootClassName="notice-detail-drawer"
    >
      {detail.isPending && id !== null ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : notice ? (
        <article aria-labelledby="notice-detail-title">
          <Typography.Title level={3} id="notice-detail-title" className={styles.detailTitle}>
            {seededText(notice.title, currentLanguage())}
          </Typography.Title>
          <div className={styles.detailMeta}>
            {notice.publisherName && <span>{t('notices.publisher', { name: notice.publisherName })}</span>}
            {notice.publishTime && (
              <time dateTime={notice.publishTime}>
                {formatDateTime(notice.publishTime, currentLanguage())}
              </time>
            )}
          </div>
          <NoticeContent content={notice.content} />
        </article>
      ) : null}
    </Drawer>
  );
}

function NoticeDrawer({ isPhone }: { isPhone: boolean }) {
  const { t } = useTranslation();
  const isOpen = useNoticeDrawerOpen();
  const [current, setCurrent] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const page = useNoticePage(current, isOpen);
  const readNotice = useReadNotice();
  const rows = page.data?.records ?? [];

  const open = (notice: { id: number; read: boolean }) => {
    setOpenId(notice.id);
    if (!notice.read) readNotice.mutate(notice.id);
  };

  return (
    <Drawer
      open={isOpen}
      onClose={closeNoticeDrawer}
      size={isPhone ? '100%' : NOTICE_DRAWER_WIDTH}
      title={t('notices.title')}
      rootClassName="notice-drawer"
      classNames={{ body: styles.body }}
    >
      {page.isPending ? (
        <div className={styles.loading}>
          <Spin />
        </div>
      ) : rows.length === 0 ? (
        <Empty
          className={styles.empty}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('notices.noData')}
        />
      ) : (
        <>
          <ul className={styles.list} data-testid="notice-list">
            {rows.map((notice) => (
              <li key={notice.id}>
                <button
                  type="button"
                  className={notice.read ? `${styles.item} ${styles.read}` : styles.item}
                  onClick={() => open(notice)}
                >
                  <span className={styles.dotCell}>
                    {!notice.read && (
                      <span className={styles.dot} role="img" aria-label={t('notices.unreadDot')} />
                    )}
                  </span>
                  <span className={styles.title} data-testid="notice-item-title">
                    {seededText(notice.title, currentLanguage())}
                  </span>
                  <span className={styles.meta}>
                    {notice.publisherName && <span>{notice.publisherName}</span>}
                    {notice.publishTime && (
                      <time dateTime={notice.publishTime}>
                        {formatDateTime(notice.publishTime, currentLanguage())}
                      </time>
                    )}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {(page.data?.total ?? 0) > NOTICE_PAGE_SIZE && (
            <Suspense fallback={null}>
              <Pagination
                className={styles.pager}
                size="small"
                current={current}
                pageSize={NOTICE_PAGE_SIZE}
                total={page.data?.total ?? 0}
                showSizeChanger={false}
                onChange={setCurrent}
              />
            </Suspense>
          )}
        </>
      )}
      <NoticeDetailDrawer id={openId} isPhone={isPhone} onClose={() => setOpenId(null)} />
    </Drawer>
  );
}

/**
 * The unread-notice count in the top bar (spec S0.1.3), opening the notices drawer: pages of 10; opening a
 * notice shows it and marks it read. On phones the button moves into the user menu (`useNoticeMenuItem`)
 * and only the drawer stays here.
 */
export function NoticeCenter({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const isPhone = useScreenClass() === 0;
  const count = useNoticeUnreadCount().data ?? 0;
  return (
    <>
      {!compact && (
        <Badge count={count} size="small" offset={[-6, 6]} overflowCount={99}>
          <Button
            type="text"
            icon={<NotificationOutlined />}
            aria-label={count > 0 ? t('notices.buttonUnread', { count }) : t('notices.title')}
            title={t('notices.title')}
            data-testid="notice-button"
            onClick={openNoticeDrawer}
          />
        </Badge>
      )}
      <NoticeDrawer isPhone={isPhone} />
    </>
  );
}

type MenuItem = NonNullable<MenuProps['items']>[number];

/** The notices entry of the user menu on phones, with its unread count. */
export function useNoticeMenuItem(): MenuItem {
  const { t } = useTranslation();
  const count = useNoticeUnreadCount().data ?? 0;
  return {
    key: 'notices',
    icon: <NotificationOutlined />,
    label: (
      <span>
        {t('notices.title')} <Badge count={count} size="small" overflowCount={99} />
      </span>
    ),
    onClick: openNoticeDrawer,
  };
}
