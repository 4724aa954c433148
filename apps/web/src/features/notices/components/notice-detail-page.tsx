import { Button, Card, Empty, Result, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { seededText } from '@psy/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useNoticeDetail, useReadNotice } from '../api/notices';
import { noticeIdParam } from '../lib/notice-text';
import { NoticeContent } from './notice-content';
import styles from './notices.module.css';

/**
 * `/noticeList/detail?id=` (spec S0.2.14): one notice on a page of its own, marked read when it opens.
 * A notice outside the reader's audience answers 404, which opens the not-found page.
 */
export function NoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = noticeIdParam(params.get('id'));
  const detail = useNoticeDetail(id);
  const read = useReadNotice();
  const notice = detail.data;
  const isUnread = notice?.read === false;
  const { mutate: markRead } = read;

  useEffect(() => {
    if (id !== null && isUnread) markRead(id);
  }, [id, isUnread, markRead]);

  if (id === null) {
    return (
      <Card variant="borderless">
        <Empty description={t('notices.noData')} />
      </Card>
    );
  }
  if (detail.isPending) {
    return (
      <Card variant="borderless">
        <div className={styles.loading}>
          <Spin />
        </div>
      </Card>
    );
  }
  if (!notice) {
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t('notices.loadFailed')}
          extra={<Button onClick={() => void detail.refetch()}>{t('notices.retry')}</Button>}
        />
      </Card>
    );
  }
  return (
    <Card variant="borderless">
      <article aria-labelledby="notice-page-title" className={styles.page}>
        <Typography.Title level={1} id="notice-page-title" className={styles.detailTitle}>
          {seededText(notice.title, currentLanguage())}
        </Typography.Title>
        <div className={styles.detailMeta}>
          {notice.publisherName && <span>{t('notices.publisher', { name: notice.publisherName })}</span>}
          {notice.publishTime && (
            <time dateTime={notice.publishTime}>{formatDateTime(notice.publishTime, currentLanguage())}</time>
          )}
        </div>
        <NoticeContent content={notice.content} />
      </article>
    </Card>
  );
}
