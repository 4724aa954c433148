import { Button, Select, Switch, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useUnreadMessageCount } from '../../messages';
import { BOARD_REFRESH_MS, useAcknowledge, useBoard, type BoardRow } from '../api/crisis';
import { enumOptions } from '../lib/labels';
import { CodeTag, DurationText, People, StudentCell, useLabel, When } from './common';
import styles from './crisis.module.css';

const RecordDrawer = lazy(async () => ({ default: (await import('./record-drawer')).RecordDrawer }));

interface BoardFilter {
  unacknowledgedOnly?: boolean | undefined;
  level?: number | undefined;
}

/**
 * `/crisis/board/index`, the open-signals board (docs/crisis.md 3.3): every record not closed in the
 * viewer's reach, unacknowledged first by deadline, with its owners, age, deadline (and how far past it)
 * and the SMS state. It refreshes when a message is pushed to the viewer (a new or escalated signal) and
 * every 15 s, since ages and deadlines move by themselves.
 */
export function CrisisBoardPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const list = useAdminList<BoardFilter>({}, 20);
  const board = useBoard(list.query);
  const acknowledge = useAcknowledge();
  const [openId, setOpenId] = useState<number | null>(null);
  const unread = useUnreadMessageCount().data;
  const lastUnread = useRef<unknown>(undefined);
  const { refetch } = board;
  useEffect(() => {
    const timer = setInterval(() => void refetch(), BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  useEffect(() => {
    const key = JSON.stringify(unread ?? null);
    if (lastUnread.current !== undefined && lastUnread.current !== key) void refetch();
    lastUnread.current = key;
  }, [unread, refetch]);

  const columns: AdminColumn<BoardRow>[] = [
    { key: 'id', title: t('crisis.fields.id'), dataIndex: 'id', width: 70 },
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, row) => (
        <>
          <StudentCell student={row.student} />
          {row.urgent && (
            <Tag color="red" style={{ marginLeft: 6 }}>
              {t('crisis.report.urgent')}
            </Tag>
          )}
        </>
      ),
    },
    {
      key: 'source',
      title: t('crisis.fields.source'),
      render: (_: unknown, row) => label('source', row.source),
    },
    {
      key: 'level',
      title: t('crisis.fields.escalationLevel'),
      render: (_: unknown, row) => <CodeTag set="level" value={row.escalationLevel} />,
    },
    {
      key: 'owners',
      title: t('crisis.fields.owners'),
      render: (_: unknown, row) => <People people={row.owners} />,
    },
    {
      key: 'age',
      title: t('crisis.board.age'),
      render: (_: unknown, row) => <DurationText seconds={row.ageSeconds} />,
    },
    {
      key: 'deadline',
      title: t('crisis.fields.deadline'),
      render: (_: unknown, row) =>
        row.acknowledgedAt ? (
          <Typography.Text type="secondary">
            {t('crisis.board.acknowledgedBy', { name: row.acknowledgedBy?.realName ?? '' })}
          </Typography.Text>
        ) : row.overdueSeconds > 0 ? (
          <Typography.Text className={styles.urgent} strong>
            {t('crisis.board.overdueBy')} <DurationText seconds={row.overdueSeconds} />
          </Typography.Text>
        ) : (
          <When value={row.ackDeadline} />
        ),
    },
    {
      key: 'sms',
      title: t('crisis.board.sms'),
      responsive: ['lg'],
      render: (_: unknown, row) =>
        t('crisis.board.smsCounts', { sent: row.sms.sent, pending: row.sms.pending, failed: row.sms.failed }),
    },
    {
      key: 'status',
      title: t('crisis.fields.status'),
      responsive: ['md'],
      render: (_: unknown, row) => <CodeTag set="status" value={row.status} />,
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, row) => (
        <>
          {!row.acknowledgedAt && (
            <RowButton
              label={t('crisis.record.acknowledge')}
              ariaLabel={t('crisis.board.acknowledgeLabel', { name: row.student.realName, id: row.id })}
              testId={`crisis-board-ack-${row.id}`}
              onClick={() => void acknowledge.mutateAsync(row.id).catch(() => undefined)}
            />
          )}
          <RowButton
            label={t('crisis.records.open')}
            ariaLabel={t('crisis.records.openLabel', { name: row.student.realName, id: row.id })}
            testId={`crisis-board-open-${row.id}`}
            onClick={() => setOpenId(row.id)}
          />
        </>
      ),
    },
  ];

  return (
    <AdminPage title={t('crisis.board.title')} intro={t('crisis.board.intro')}>
      <AdminTable<BoardRow>
        rowKey="id"
        columns={columns}
        query={board}
        list={list}
        testId="crisis-board"
        columnSettingsId="crisis-board"
        scrollX={900}
        rowClassName={(row) => (!row.acknowledgedAt && row.overdueSeconds > 0 ? (styles.urgent ?? '') : '')}
        emptyText={t('crisis.board.empty')}
        toolbar={
          <div className={styles.toolbar}>
            <label>
              <Switch
                size="small"
                checked={list.filter.unacknowledgedOnly === true}
                onChange={(on) => list.refine({ unacknowledgedOnly: on || undefined })}
              />{' '}
              {t('crisis.board.unacknowledgedOnly')}
            </label>
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.escalationLevel')}
              value={list.filter.level ?? 'all'}
              options={[{ value: 'all', label: t('crisis.board.allLevels') }, ...enumOptions(t, 'level')]}
              onChange={(value) => list.refine({ level: value === 'all' ? undefined : value })}
            />
            <Button onClick={() => void board.refetch()} loading={board.isFetching}>
              {t('crisis.board.refresh')}
            </Button>
          </div>
        }
      />
      {openId !== null && (
        <Suspense fallback={null}>
          <RecordDrawer id={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </AdminPage>
  );
}
