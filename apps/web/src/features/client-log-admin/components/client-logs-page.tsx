import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@psy/contracts';
import {
  Alert,
  AutoComplete,
  Button,
  Card,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useScreenClass } from '../../../shared/ui/use-screen-class';
import { useDynamicLogs, type ClientLogRecord } from '../api/client-log-admin';
import {
  KNOWN_LOG_TYPES,
  dynamicLogQuery,
  firstLine,
  logFilterIssues,
  reportedTime,
  type LogFilters,
} from '../lib/log-filters';
import styles from './client-log-admin.module.css';

const ISSUE_KEYS = {
  type: 'clientLogAdmin.issueType',
  userId: 'clientLogAdmin.issueUserId',
  date: 'clientLogAdmin.issueDate',
  range: 'clientLogAdmin.issueRange',
} as const;

function LogDetail({ log, onClose }: { log: ClientLogRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useScreenClass() === 0;
  const lang = currentLanguage();
  return (
    <Drawer
      open={log !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 640}
      title={t('clientLogAdmin.detailTitle')}
      rootClassName="client-log-detail"
    >
      {log && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('clientLogAdmin.colType')}>
            <Tag>{log.type}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('clientLogAdmin.colUser')}>
            {[log.realName, log.username && `(${log.username})`, `#${log.userId}`].filter(Boolean).join(' ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('clientLogAdmin.colTime')}>{reportedTime(log.time)}</Descriptions.Item>
          <Descriptions.Item label={t('clientLogAdmin.colStored')}>
            {formatDateTime(log.createTime, lang)}
          </Descriptions.Item>
          <Descriptions.Item label={t('clientLogAdmin.colUrl')}>
            <span className={styles.wrap}>{log.url}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('clientLogAdmin.colMessage')}>
            <span className={styles.wrap}>{log.message}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('clientLogAdmin.colStack')}>
            {log.stack ? <pre className={styles.pre}>{log.stack}</pre> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('clientLogAdmin.colInfo')}>
            {log.info ? <pre className={styles.pre}>{log.info}</pre> : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

/**
 * `/admin/log/index` (our route over `GET /admin/log/dynamicLog`, spec S0.3.13 log entry): the client
 * error-log entries users' browsers uploaded, newest first, filtered by type, user and days stored;
 * an entry opens with its stack and extra information.
 */
export function ClientLogsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LogFilters>();
  const [filters, setFilters] = useState<LogFilters>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [open, setOpen] = useState<ClientLogRecord | null>(null);
  const logs = useDynamicLogs(dynamicLogQuery(filters, current, size));
  const lang = currentLanguage();

  const apply = (values: LogFilters) => {
    const issues = logFilterIssues(values);
    const fields = Object.entries(issues) as [keyof LogFilters, keyof typeof ISSUE_KEYS][];
    form.setFields(
      (['type', 'userId', 'startDate', 'endDate'] as const).map((name) => {
        const issue = fields.find(([field]) => field === name)?.[1];
        return { name, errors: issue ? [t(ISSUE_KEYS[issue])] : [] };
      }),
    );
    if (fields.length) return;
    setFilters(values);
    setCurrent(1);
  };

  const filterByUser = (userId: number) => {
    form.setFieldsValue({ userId: String(userId) });
    apply({ ...form.getFieldsValue(), userId: String(userId) });
  };

  const columns: TableColumnsType<ClientLogRecord> = [
    {
      title: t('clientLogAdmin.colStored'),
      dataIndex: 'createTime',
      width: 170,
      render: (time: string) => formatDateTime(time, lang),
    },
    {
      title: t('clientLogAdmin.colType'),
      dataIndex: 'type',
      width: 100,
      render: (type: string) => <Tag>{type}</Tag>,
    },
    {
      title: t('clientLogAdmin.colUser'),
      key: 'user',
      width: 160,
      render: (_: unknown, log) => (
        <Button
          type="link"
          size="small"
          className={styles.userLink}
          title={t('clientLogAdmin.filterByUser')}
          onClick={() => filterByUser(log.userId)}
        >
          {log.realName ?? log.username ?? `#${log.userId}`}
        </Button>
      ),
    },
    {
      title: t('clientLogAdmin.colMessage'),
      dataIndex: 'message',
      render: (message: string) => <span className={styles.wrap}>{firstLine(message)}</span>,
    },
    {
      title: t('clientLogAdmin.colUrl'),
      dataIndex: 'url',
      responsive: ['xl'],
      render: (url: string) => (
        <Typography.Text type="secondary" className={styles.wrap}>
          {firstLine(url, 80)}
        </Typography.Text>
      ),
    },
    {
      title: t('clientLogAdmin.colActions'),
      key: 'actions',
      width: 90,
      render: (_: unknown, log) => (
        <Button
          type="link"
          size="small"
          aria-label={`${t('clientLogAdmin.details')} #${log.id}`}
          onClick={() => setOpen(log)}
        >
          {t('clientLogAdmin.details')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={<h1 className={styles.title}>{t('clientLogAdmin.title')}</h1>}>
      <Form<LogFilters>
        form={form}
        name="client-log-filters"
        layout="inline"
        className={styles.filters}
        onFinish={apply}
      >
        <Form.Item name="type" label={t('clientLogAdmin.colType')}>
          <AutoComplete
            allowClear
            className={styles.typeInput}
            options={KNOWN_LOG_TYPES.map((value) => ({ value }))}
            placeholder={t('clientLogAdmin.typePlaceholder')}
          />
        </Form.Item>
        <Form.Item name="userId" label={t('clientLogAdmin.userId')}>
          <Input inputMode="numeric" allowClear className={styles.userInput} />
        </Form.Item>
        <Form.Item name="startDate" label={t('clientLogAdmin.startDate')}>
          <Input type="date" className={styles.dateInput} />
        </Form.Item>
        <Form.Item name="endDate" label={t('clientLogAdmin.endDate')}>
          <Input type="date" className={styles.dateInput} />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('clientLogAdmin.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              apply({});
            }}
          >
            {t('clientLogAdmin.reset')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('clientLogAdmin.refresh')}
            title={t('clientLogAdmin.refresh')}
            onClick={() => void logs.refetch()}
          />
        </Flex>
      </Form>
      {logs.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('clientLogAdmin.loadFailed')}
          action={
            <Button size="small" onClick={() => void logs.refetch()}>
              {t('clientLogAdmin.retry')}
            </Button>
          }
        />
      ) : (
        <Table<ClientLogRecord>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={logs.data?.records ?? []}
          loading={logs.isFetching}
          locale={{ emptyText: t('clientLogAdmin.empty') }}
          scroll={{ x: 720 }}
          data-testid="client-log-table"
          pagination={{
            current,
            pageSize: size,
            total: logs.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) =>
              t(logs.data?.estimated ? 'clientLogAdmin.totalEstimated' : 'clientLogAdmin.total', {
                count: total,
              }),
            onChange: (page, pageSize) => {
              setCurrent(pageSize === size ? page : 1);
              setSize(pageSize);
            },
          }}
        />
      )}
      <LogDetail log={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
