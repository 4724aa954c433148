import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@psy/contracts';
import { Alert, App, Button, Card, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import { useManagedNotices, useWithdrawNotice, type NoticeManageRow } from '../api/notice-admin';
import { isForEveryone } from '../lib/notice-form';
import styles from './notice-admin.module.css';

// The form (editor, department tree, role list) loads when it is opened, not with the list.
const PublishNoticeDialog = lazy(async () => ({
  default: (await import('./publish-notice-dialog')).PublishNoticeDialog,
}));

/**
 * `/notice_manage/noticePublish` (spec S0.2.14): the school's notices with their audience, status and how
 * many have read them; publish a new one (rich text, audience by department and/or role) or withdraw one.
 */
export function NoticePublishPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [isPublishing, setPublishing] = useState(false);
  const notices = useManagedNotices(current, size);
  const withdraw = useWithdrawNotice();
  const lang = currentLanguage();

  const confirmWithdraw = (notice: NoticeManageRow) => {
    modal.confirm({
      title: t('noticeAdmin.confirmWithdraw', { title: notice.title }),
      content: t('noticeAdmin.confirmWithdrawHint'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await withdraw.mutateAsync(notice.id);
          showToast('success', t('noticeAdmin.withdrawn'));
        } catch {
          // The request layer showed why.
        }
      },
    });
  };

  const columns: TableColumnsType<NoticeManageRow> = [
    {
      title: t('noticeAdmin.colTitle'),
      dataIndex: 'title',
      render: (title: string, notice) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary" className={styles.small}>
            {[notice.publisherName, notice.publishTime && formatDateTime(notice.publishTime, lang)]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('noticeAdmin.colAudience'),
      key: 'audience',
      render: (_: unknown, notice) =>
        isForEveryone(notice) ? (
          <Tag>{t('noticeAdmin.everyone')}</Tag>
        ) : (
          <Flex gap={4} wrap>
            {notice.depts.map((d) => (
              <Tag key={`d${d.id}`} color="blue">
                {d.name}
              </Tag>
            ))}
            {notice.roles.map((r) => (
              <Tag key={`r${r.id}`} color="purple">
                {r.name}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      title: t('noticeAdmin.colStatus'),
      dataIndex: 'status',
      width: 110,
      render: (status: number) =>
        status === 1 ? (
          <Tag color="blue">{t('noticeAdmin.published')}</Tag>
        ) : (
          <Tag>{t('noticeAdmin.withdrawnStatus')}</Tag>
        ),
    },
    {
      title: t('noticeAdmin.colReads'),
      dataIndex: 'readCount',
      align: 'right',
      width: 90,
      responsive: ['md'],
    },
    {
      title: t('noticeAdmin.colActions'),
      key: 'actions',
      width: 110,
      render: (_: unknown, notice) =>
        notice.status === 1 ? (
          <Button
            size="small"
            type="link"
            danger
            icon={<RollbackOutlined />}
            aria-label={`${t('noticeAdmin.withdraw')} ${notice.title}`}
            onClick={() => confirmWithdraw(notice)}
          >
            {t('noticeAdmin.withdraw')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card
      variant="borderless"
      title={<h1 className={styles.title}>{t('noticeAdmin.title')}</h1>}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="notice-publish-open"
          onClick={() => setPublishing(true)}
        >
          {t('noticeAdmin.publish')}
        </Button>
      }
    >
      {notices.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('noticeAdmin.loadFailed')}
          action={
            <Button size="small" onClick={() => void notices.refetch()}>
              {t('noticeAdmin.retry')}
            </Button>
          }
        />
      ) : (
        <Table<NoticeManageRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={notices.data?.records ?? []}
          loading={notices.isFetching}
          locale={{ emptyText: t('noticeAdmin.empty') }}
          scroll={{ x: 560 }}
          pagination={{
            current,
            pageSize: size,
            total: notices.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (page, pageSize) => {
              setCurrent(pageSize === size ? page : 1);
              setSize(pageSize);
            },
          }}
        />
      )}
      {isPublishing && (
        <Suspense fallback={null}>
          <PublishNoticeDialog
            onClose={() => setPublishing(false)}
            onPublished={() => {
              setPublishing(false);
              setCurrent(1);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
