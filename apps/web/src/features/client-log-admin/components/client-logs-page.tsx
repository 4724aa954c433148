import { ReloadOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Descriptions, Drawer, Form, Input, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FilterForm } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
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
  const list = useAdminList<LogFilters>({});
  const [open, setOpen] = useState<ClientLogRecord | null>(null);
  const logs = useDynamicLogs(dynamicLogQuery(list.filter, list.paging.current, list.paging.size));
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
    list.search(values);
  };

  const filterByUser = (userId: number) => {
    form.setFieldsValue({ userId: String(userId) });
    apply({ ...form.getFieldsValue(), userId: String(userId) });
  };

  const columns: AdminColumn<ClientLogRecord>[] = [
    {
      key: 'createTime',
      title: t('clientLogAdmin.colStored'),
      dataIndex: 'createTime',
      alwaysShown: true,
      width: 170,
      render: (time: string) => formatDateTime(time, lang),
    },
    {
      key: 'type',
      title: t('clientLogAdmin.colType'),
      dataIndex: 'type',
      width: 100,
      render: (type: string) => <Tag>{type}</Tag>,
    },
    {
      key: 'user',
      title: t('clientLogAdmin.colUser'),
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
      key: 'message',
      title: t('clientLogAdmin.colMessage'),
      dataIndex: 'message',
      render: (message: string) => <span className={styles.wrap}>{firstLine(message)}</span>,
    },
    {
      key: 'url',
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
      key: 'actions',
      title: t('clientLogAdmin.colActions'),
      alwaysShown: true,
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
    <AdminPage title={t('clientLogAdmin.title')}>
      <FilterForm<LogFilters>
        form={form}
        name="client-log-filters"
        layout="inline"
        onSearch={apply}
        fields={[
          <Form.Item key="type" name="type" label={t('clientLogAdmin.colType')}>
            <AutoComplete
              allowClear
              className={styles.typeInput}
              options={KNOWN_LOG_TYPES.map((value) => ({ value }))}
              placeholder={t('clientLogAdmin.typePlaceholder')}
            />
          </Form.Item>,
          <Form.Item key="userId" name="userId" label={t('clientLogAdmin.userId')}>
            <Input inputMode="numeric" allowClear className={styles.userInput} />
          </Form.Item>,
          <Form.Item key="startDate" name="startDate" label={t('clientLogAdmin.startDate')}>
            <Input type="date" className={styles.dateInput} />
          </Form.Item>,
          <Form.Item key="endDate" name="endDate" label={t('clientLogAdmin.endDate')}>
            <Input type="date" className={styles.dateInput} />
          </Form.Item>,
        ]}
        buttons={
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('clientLogAdmin.refresh')}
            title={t('clientLogAdmin.refresh')}
            onClick={() => void logs.refetch()}
          />
        }
      />
      <AdminTable<ClientLogRecord>
        rowKey="id"
        columns={columns}
        query={logs}
        list={list}
        pager={{ sizeChanger: true, showTotal: true }}
        columnSettingsId="client-logs"
        scrollX={720}
        testId="client-log-table"
      />
      <LogDetail log={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
