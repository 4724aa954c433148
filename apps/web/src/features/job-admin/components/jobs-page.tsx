import { ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@psy/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Segmented,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import {
  useJobSchedules,
  useJobs,
  useRetryJob,
  type JobRecordOut,
  type JobScheduleOut,
  type JobStateFilter,
} from '../api/job-admin';
import styles from './job-admin.module.css';

const STATE_COLOURS: Record<JobRecordOut['state'], string> = {
  queued: 'default',
  active: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
};
const FILTERS: ('all' | JobStateFilter)[] = [
  'all',
  'failed',
  'active',
  'queued',
  'scheduled',
  'done',
  'cancelled',
];

/**
 * `/admin/job/index` (our route over `/admin/job/*`): the school's background jobs (imports, exports,
 * clean-ups) with their state, attempts, due time and the error of a failed one, a retry for failed jobs
 * of a kind that allows it, and the platform's recurring jobs with their next run.
 */
export function JobsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLanguage();
  const [state, setState] = useState<'all' | JobStateFilter>('all');
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const jobs = useJobs({ current, size, ...(state === 'all' ? {} : { state }) });
  const schedules = useJobSchedules();
  const retry = useRetryJob();

  const columns: TableColumnsType<JobRecordOut> = [
    { title: t('jobAdmin.colId'), dataIndex: 'id', width: 80 },
    { title: t('jobAdmin.colKind'), dataIndex: 'queue', width: 200, render: (q: string) => <code>{q}</code> },
    {
      title: t('jobAdmin.colState'),
      dataIndex: 'state',
      width: 110,
      render: (s: JobRecordOut['state']) => <Tag color={STATE_COLOURS[s]}>{t(`jobAdmin.state.${s}`)}</Tag>,
    },
    {
      title: t('jobAdmin.colAttempts'),
      key: 'attempts',
      width: 90,
      render: (_: unknown, j) => `${j.attempts} / ${j.maxAttempts}`,
    },
    {
      title: t('jobAdmin.colRunAt'),
      dataIndex: 'runAt',
      width: 170,
      render: (time: string) => formatDateTime(time, lang),
    },
    {
      title: t('jobAdmin.colError'),
      dataIndex: 'lastError',
      render: (e: string | null) =>
        e ? (
          <Typography.Text type="danger" className={styles.wrap}>
            {e}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('jobAdmin.colActions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, j) =>
        j.retryable ? (
          <Button
            type="link"
            size="small"
            aria-label={`${t('jobAdmin.retry')} #${j.id}`}
            loading={retry.isPending && retry.variables === j.id}
            onClick={() =>
              retry.mutate(j.id, {
                onSuccess: () => void message.success(t('jobAdmin.retried', { id: j.id })),
              })
            }
          >
            {t('jobAdmin.retry')}
          </Button>
        ) : null,
    },
  ];

  const scheduleColumns: TableColumnsType<JobScheduleOut> = [
    { title: t('jobAdmin.colSchedule'), dataIndex: 'name', render: (n: string) => <code>{n}</code> },
    { title: t('jobAdmin.colKind'), dataIndex: 'queue', render: (q: string) => <code>{q}</code> },
    { title: t('jobAdmin.colRule'), dataIndex: 'rule' },
    {
      title: t('jobAdmin.colNextRun'),
      dataIndex: 'nextRunAt',
      render: (time: string) => formatDateTime(time, lang),
    },
    {
      title: t('jobAdmin.colLastRun'),
      dataIndex: 'lastRunAt',
      render: (time: string | null) => (time ? formatDateTime(time, lang) : '—'),
    },
  ];

  return (
    <Card variant="borderless" title={<h1 className={styles.title}>{t('jobAdmin.title')}</h1>}>
      <Flex gap={8} wrap align="center" className={styles.filters}>
        <Segmented<'all' | JobStateFilter>
          aria-label={t('jobAdmin.colState')}
          value={state}
          options={FILTERS.map((f) => ({ value: f, label: t(`jobAdmin.filter.${f}`) }))}
          onChange={(v) => {
            setState(v);
            setCurrent(1);
          }}
        />
        <Button
          icon={<ReloadOutlined />}
          aria-label={t('jobAdmin.refresh')}
          title={t('jobAdmin.refresh')}
          onClick={() => void Promise.all([jobs.refetch(), schedules.refetch()])}
        />
      </Flex>
      {jobs.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('jobAdmin.loadFailed')}
          action={
            <Button size="small" onClick={() => void jobs.refetch()}>
              {t('jobAdmin.reload')}
            </Button>
          }
        />
      ) : (
        <Table<JobRecordOut>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={jobs.data?.records ?? []}
          loading={jobs.isFetching}
          locale={{ emptyText: t('jobAdmin.empty') }}
          scroll={{ x: 800 }}
          data-testid="job-table"
          pagination={{
            current,
            pageSize: size,
            total: jobs.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => t('jobAdmin.total', { count: total }),
            onChange: (page, pageSize) => {
              setCurrent(pageSize === size ? page : 1);
              setSize(pageSize);
            },
          }}
        />
      )}
      <h2 className={`${styles.title} ${styles.schedules}`}>{t('jobAdmin.schedulesTitle')}</h2>
      <Typography.Paragraph type="secondary">{t('jobAdmin.schedulesHint')}</Typography.Paragraph>
      <Table<JobScheduleOut>
        rowKey="name"
        size="small"
        columns={scheduleColumns}
        dataSource={schedules.data ?? []}
        loading={schedules.isFetching}
        pagination={false}
        scroll={{ x: 640 }}
        data-testid="job-schedule-table"
      />
    </Card>
  );
}
