import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { TASK_FILE_RETENTION_DAYS, type TaskProgress } from '@psy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, List, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { saveFile } from '../../../shared/lib/save-file';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useNow } from '../../../shared/lib/use-now';
import { useSession } from '../../../shared/session/session-store';
import { downloadQueryKeys, downloadTaskFile, useFinishedFiles, useGeneratingFiles } from '../api/downloads';
import { expiryOf } from '../lib/expiry';
import { TASK_STATUS_BADGES } from '../lib/task-status';
import styles from './file-list-page.module.css';

/**
 * `/downloadFile/fileList` (spec S0.2.14, S0.1.3): the signed-in user's export files, those being
 * generated (asked again every 5 s) and the finished ones with their status, when each file will be
 * deleted (TASK_FILE_RETENTION_DAYS after it was generated) and a download button.
 */
export function FileListPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? 0;
  const list = useAdminList({});
  const generating = useGeneratingFiles();
  const finished = useFinishedFiles(list.query);
  const now = useNow(60_000);
  const [downloading, setDownloading] = useState<number | null>(null);

  // A file that stops being generated appears in the finished list (and the top bar's count drops).
  const generatingCount = generating.data?.records.length;
  const lastCount = useRef(generatingCount);
  useEffect(() => {
    const before = lastCount.current;
    lastCount.current = generatingCount;
    if (before !== undefined && generatingCount !== undefined && generatingCount < before) {
      void queryClient.invalidateQueries({ queryKey: downloadQueryKeys.user(userId) });
    }
  }, [generatingCount, queryClient, userId]);

  const download = async (task: TaskProgress) => {
    setDownloading(task.id);
    try {
      saveFile(await downloadTaskFile(task.id), task.fileName);
    } catch {
      // The request layer said why (the file expired meanwhile, ...).
    } finally {
      setDownloading(null);
    }
  };

  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '-');
  const status = (task: TaskProgress) => (
    <Badge
      status={TASK_STATUS_BADGES[task.taskStatus]}
      title={task.error ?? undefined}
      text={t(`downloads.list.status.${task.taskStatus as 0 | 1 | 2 | 3 | 4}`)}
    />
  );
  const expiry = (task: TaskProgress) => {
    const state = expiryOf(task.expireTime, task.isDownload, now);
    if (state.kind === 'none') return null;
    // A grey status like the others (a Tag would be the page's only one: route size budget).
    if (state.kind === 'expired') return <Badge status="default" text={t('downloads.list.expired')} />;
    const date = when(task.expireTime);
    return state.days > 0
      ? t('downloads.list.expiresIn', { date, count: state.days })
      : t('downloads.list.expiresToday', { date });
  };

  /** One file: name and status; when it was asked for, generated and until when it can be downloaded. */
  const renderFile = (task: TaskProgress) => {
    const until = expiry(task);
    return (
      <List.Item
        actions={
          task.isDownload === 1
            ? [
                <Button
                  key="download"
                  type="link"
                  icon={<DownloadOutlined />}
                  loading={downloading === task.id}
                  onClick={() => void download(task)}
                  aria-label={`${t('downloads.list.download')} ${task.fileName}`}
                >
                  {t('downloads.list.download')}
                </Button>,
              ]
            : []
        }
      >
        <div className={styles.file}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong className={styles.fileName}>
              {task.fileName}
            </Typography.Text>
            {status(task)}
          </Flex>
          <dl className={styles.facts}>
            <div>
              <dt>{t('downloads.list.columns.createTime')}</dt>
              <dd>{when(task.createTime)}</dd>
            </div>
            {task.finishTime && (
              <div>
                <dt>{t('downloads.list.columns.finishTime')}</dt>
                <dd>{when(task.finishTime)}</dd>
              </div>
            )}
            {until && (
              <div>
                <dt>{t('downloads.list.columns.expireTime')}</dt>
                <dd>{until}</dd>
              </div>
            )}
          </dl>
        </div>
      </List.Item>
    );
  };

  const generatingRows = generating.data?.records ?? [];
  return (
    <AdminPage
      title={t('downloads.list.title')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: downloadQueryKeys.user(userId) })}
        >
          {t('downloads.list.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('downloads.list.retention', { days: TASK_FILE_RETENTION_DAYS })}
      </Typography.Paragraph>
      {generatingRows.length > 0 && (
        <section aria-labelledby="files-generating" className={styles.section}>
          <h2 id="files-generating" className={styles.subtitle}>
            {t('downloads.list.generating')}
          </h2>
          <List<TaskProgress> rowKey="id" dataSource={generatingRows} renderItem={renderFile} />
        </section>
      )}
      <section aria-labelledby="files-finished">
        <h2 id="files-finished" className={styles.subtitle}>
          {t('downloads.list.finished')}
        </h2>
        <List<TaskProgress>
          rowKey="id"
          dataSource={finished.data?.records ?? []}
          loading={finished.isFetching}
          renderItem={renderFile}
          locale={{ emptyText: t('downloads.list.empty') }}
          pagination={{
            current: list.paging.current,
            pageSize: list.paging.size,
            total: finished.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (count) => t('downloads.list.total', { count }),
            onChange: list.changePage,
          }}
        />
      </section>
    </AdminPage>
  );
}
