import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { seededName, seededPath, seededText } from '@psy/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { RowButton } from '../../../shared/admin/row-button';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { formatDateTime } from '../../../shared/lib/time-ago';
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
  const list = useAdminList({});
  const [isPublishing, setPublishing] = useState(false);
  const notices = useManagedNotices(list.query);
  const withdraw = useWithdrawNotice();
  const confirm = useConfirmAction();
  const lang = currentLanguage();

  const confirmWithdraw = (notice: NoticeManageRow) =>
    confirm({
      title: t('noticeAdmin.confirmWithdraw', { title: seededText(notice.title, currentLanguage()) }),
      content: t('noticeAdmin.confirmWithdrawHint'),
      isDanger: true,
      action: () => withdraw.mutateAsync(notice.id),
      successText: t('noticeAdmin.withdrawn'),
    });

  const columns: AdminColumn<NoticeManageRow>[] = [
    {
      key: 'title',
      title: t('noticeAdmin.colTitle'),
      dataIndex: 'title',
      alwaysShown: true,
      render: (title: string, notice) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{seededText(title, currentLanguage())}</Typography.Text>
          <Typography.Text type="secondary" className={styles.small}>
            {[notice.publisherName, notice.publishTime && formatDateTime(notice.publishTime, lang)]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'audience',
      title: t('noticeAdmin.colAudience'),
      render: (_: unknown, notice) =>
        isForEveryone(notice) ? (
          <Tag>{t('noticeAdmin.everyone')}</Tag>
        ) : (
          <Flex gap={4} wrap>
            {notice.depts.map((d) => (
              <Tag key={`d${d.id}`} color="blue">
                {seededPath(d.name, currentLanguage())}
              </Tag>
            ))}
            {notice.roles.map((r) => (
              <Tag key={`r${r.id}`} color="purple">
                {seededName(r.name, currentLanguage())}
              </Tag>
            ))}
          </Flex>
        ),
    },
    {
      key: 'status',
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
      key: 'readCount',
      title: t('noticeAdmin.colReads'),
      dataIndex: 'readCount',
      align: 'right',
      width: 90,
      responsive: ['md'],
    },
    {
      key: 'actions',
      title: t('noticeAdmin.colActions'),
      alwaysShown: true,
      width: 110,
      render: (_: unknown, notice) =>
        notice.status === 1 ? (
          <RowButton
            isDanger
            icon={<RollbackOutlined />}
            ariaLabel={`${t('noticeAdmin.withdraw')} ${seededText(notice.title, currentLanguage())}`}
            onClick={() => confirmWithdraw(notice)}
            label={t('noticeAdmin.withdraw')}
          />
        ) : null,
    },
  ];

  return (
    <AdminPage
      title={t('noticeAdmin.title')}
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
      <AdminTable<NoticeManageRow>
        rowKey="id"
        columns={columns}
        query={notices}
        list={list}
        pager={{ sizeChanger: true, hideOnSinglePage: true }}
        columnSettingsId="notices"
        scrollX={560}
      />
      {isPublishing && (
        <Suspense fallback={null}>
          <PublishNoticeDialog
            onClose={() => setPublishing(false)}
            onPublished={() => {
              setPublishing(false);
              list.search({});
            }}
          />
        </Suspense>
      )}
    </AdminPage>
  );
}
