import { seededName } from '@psy/contracts';
import type { FormColumn } from '@psy/forms';
import { Alert, Button, Card, Flex, List, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useNow } from '../../../shared/lib/use-now';
import {
  useCaseRecord,
  useLockPending,
  useMineSessions,
  useRecordEdition,
  useRecordEditions,
  useSchedulingPolicy,
  type MineAppointment,
} from '../api/cases';
import { casePath, dueIn, fillPath, sideBySide, type SideBySideRow } from '../lib/case-format';
import { LockTag, When, useIdParam } from './common';
import styles from './cases.module.css';

const DAY_MS = 86_400_000;

/**
 * `/consult/record/wait` (docs/cases.md 13): the counsellor's held sessions waiting for their record
 * (status success), with the deadline after which an unsigned record locks.
 */
export function RecordsToFillPage() {
  const { t } = useTranslation();
  const lockDays = useSchedulingPolicy().data?.policy.recordLockDays ?? 7;
  const now = useNow();
  const list = useAdminList<object>({});
  const sessions = useMineSessions({ ...list.query, status: 'success' });
  const pending = useLockPending();

  const columns: AdminColumn<MineAppointment>[] = [
    {
      key: 'time',
      title: t('cases.wait.time'),
      alwaysShown: true,
      render: (_: unknown, a) => <When value={a.startTime} />,
    },
    { key: 'visitor', title: t('cases.list.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    {
      key: 'site',
      title: t('cases.wait.type'),
      render: (_: unknown, a) => (a.siteName ? seededName(a.siteName, currentLanguage()) : '—'),
    },
    {
      key: 'due',
      title: t('cases.wait.due'),
      render: (_: unknown, a) => {
        const due = new Date(Date.parse(a.endedAt ?? a.endTime) + lockDays * DAY_MS).toISOString();
        const left = dueIn(due, now);
        return (
          <Flex vertical gap={0}>
            <When value={due} />
            <Tag color={left.past ? 'red' : left.days < 1 ? 'magenta' : 'blue'}>
              {left.past
                ? t('cases.wait.pastDue')
                : t('cases.wait.left', { days: left.days, hours: left.hours })}
            </Tag>
          </Flex>
        );
      },
    },
    {
      key: 'actions',
      title: t('cases.list.actions'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Link to={fillPath({ appointmentId: a.id })}>
          <Button size="small" type="primary" aria-label={t('cases.wait.fillFor', { name: a.visitorName })}>
            {t('cases.wait.fill')}
          </Button>
        </Link>
      ),
    },
  ];

  return (
    <AdminPage title={t('cases.wait.title')} intro={t('cases.wait.intro', { days: lockDays })}>
      {pending.data && (pending.data.locked > 0 || pending.data.dueSoon > 0) && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('cases.wait.pending', { locked: pending.data.locked, dueSoon: pending.data.dueSoon })}
        />
      )}
      <AdminTable<MineAppointment>
        rowKey="id"
        testId="records-to-fill"
        columns={columns}
        query={sessions}
        list={list}
        columnSettingsId="cases-wait"
        emptyText={t('cases.wait.none')}
      />
    </AdminPage>
  );
}

/**
 * `/consult/record/history?recordId=` (docs/cases.md 13): the record's editions (create, edit, amendment)
 * with who and when; an amendment opens side by side, its original and the changed values.
 */
export function RecordHistoryPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const id = useIdParam('recordId');
  const record = useCaseRecord(id);
  const editions = useRecordEditions(id);
  const [chosen, setChosen] = useState<number | null>(null);
  const edition = useRecordEdition(id, chosen);
  const columns = (record.data?.definition?.columns ?? []) as unknown as FormColumn[];

  if (id === null) return <Alert type="error" title={t('cases.detail.noId')} />;
  if (editions.isPending || record.isPending) return <Spin />;
  if (!editions.data || !record.data) return <Alert type="error" title={t('cases.fill.loadFailed')} />;
  const rows = edition.data ? sideBySide(edition.data.changes, columns, lang) : [];

  return (
    <AdminPage
      title={t('cases.history.title', { kind: t(`cases.kinds.${record.data.kind}`) })}
      extra={
        <Flex gap={8}>
          <Link to={casePath(record.data.caseId)}>
            <Button>{t('cases.fill.backToCase')}</Button>
          </Link>
          <Link to={fillPath({ recordId: record.data.id })}>
            <Button>{t('cases.records.open')}</Button>
          </Link>
        </Flex>
      }
    >
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <LockTag state={record.data.state} />
      </Flex>
      <List
        data-testid="record-editions"
        dataSource={editions.data}
        renderItem={(e) => (
          <List.Item
            actions={[
              <Button
                key="open"
                size="small"
                onClick={() => setChosen(e.edition)}
                data-testid={`edition-${e.edition}`}
              >
                {t('cases.history.open')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  {t('cases.history.edition', { n: e.edition })} ·{' '}
                  {t(`cases.history.kinds.${e.kind}`, { defaultValue: e.kind })}
                </span>
              }
              description={
                <span>
                  {e.createByName} · <When value={e.createTime} />
                  {e.reason ? ` · ${t('cases.history.reason')}: ${e.reason}` : ''}
                </span>
              }
            />
          </List.Item>
        )}
      />
      {chosen !== null && edition.data && (
        <Card
          size="small"
          title={t('cases.history.compare', { n: edition.data.edition })}
          data-testid="edition-compare"
        >
          {edition.data.reason && (
            <Typography.Paragraph>
              {t('cases.history.reason')}: {edition.data.reason}
            </Typography.Paragraph>
          )}
          {rows.length === 0 ? (
            <Typography.Text type="secondary">{t('cases.history.noChanges')}</Typography.Text>
          ) : (
            <Table<SideBySideRow>
              rowKey="key"
              size="small"
              pagination={false}
              aria-label={t('cases.history.compareLabel')}
              dataSource={rows}
              columns={[
                { key: 'field', title: t('cases.history.field'), dataIndex: 'label' },
                {
                  key: 'before',
                  title: t('cases.history.before'),
                  render: (_: unknown, row) => <span data-testid="edition-before">{row.before}</span>,
                },
                {
                  key: 'after',
                  title: t('cases.history.after'),
                  render: (_: unknown, row) => (
                    <span className={styles.changed} data-testid="edition-after">
                      {row.after}
                    </span>
                  ),
                },
              ]}
            />
          )}
        </Card>
      )}
    </AdminPage>
  );
}
