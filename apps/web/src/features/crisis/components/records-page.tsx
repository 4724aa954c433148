import { CRISIS_SOURCES, type CrisisSource } from '@psy/contracts';
import { Select, Tabs, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useRecords, type RecordRow } from '../api/crisis';
import { enumOptions } from '../lib/labels';
import { CodeTag, People, StudentCell, useCrisisUser, useLabel, When } from './common';
import { MyReports } from './my-reports';
import { ReportForm } from './report-form';
import styles from './crisis.module.css';

const RecordDrawer = lazy(async () => ({ default: (await import('./record-drawer')).RecordDrawer }));

type Tab = 'records' | 'report' | 'mine';

/**
 * `/crisisInfoUpdate_info/index`: crisis reports. The network's working and query roles get the records in
 * their reach (each opens in the record drawer); everyone with the menu reports a signal and follows their
 * own reports' status (a class member on a phone sees only those two tabs).
 */
export function CrisisRecordsPage() {
  const { t } = useTranslation();
  const { view } = useCrisisUser();
  const [params, setParams] = useSearchParams();
  const tabs: Tab[] = view.seesRecords ? ['records', 'report', 'mine'] : ['report', 'mine'];
  const asked = params.get('tab') as Tab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const choose = (next: Tab) =>
    setParams(
      (old) => {
        const copy = new URLSearchParams(old);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return (
    <AdminPage title={t('crisis.records.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => choose(key as Tab)}
        items={tabs.map((key) => ({
          key,
          label: t(`crisis.records.tabs.${key}`),
          children:
            key === 'records' ? (
              <RecordList />
            ) : key === 'report' ? (
              <ReportForm onReported={() => choose('mine')} />
            ) : (
              <MyReports />
            ),
        }))}
      />
    </AdminPage>
  );
}

interface RecordFilter {
  studentName?: string | undefined;
  status?: number | undefined;
  source?: CrisisSource | undefined;
}

/** The records in reach, newest first; a row opens the record. */
export function RecordList({ studentId }: { studentId?: number }) {
  const { t } = useTranslation();
  const label = useLabel();
  const list = useAdminList<RecordFilter>({});
  const records = useRecords({ ...list.query, ...(studentId ? { studentId } : {}) });
  const [openId, setOpenId] = useState<number | null>(null);
  const columns: AdminColumn<RecordRow>[] = [
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
      key: 'status',
      title: t('crisis.fields.status'),
      render: (_: unknown, row) => <CodeTag set="status" value={row.status} />,
    },
    {
      key: 'ack',
      title: t('crisis.fields.acknowledged'),
      render: (_: unknown, row) =>
        row.acknowledgedAt ? (
          <People people={row.acknowledgedBy ? [row.acknowledgedBy] : []} />
        ) : (
          <Tag color="red">{t('crisis.board.unacknowledged')}</Tag>
        ),
    },
    {
      key: 'level',
      title: t('crisis.fields.escalationLevel'),
      responsive: ['md'],
      render: (_: unknown, row) => <CodeTag set="level" value={row.escalationLevel} />,
    },
    {
      key: 'collegeLevel',
      title: t('crisis.fields.collegeLevel'),
      responsive: ['lg'],
      render: (_: unknown, row) => <CodeTag set="collegeLevel" value={row.collegeLevel} />,
    },
    {
      key: 'owners',
      title: t('crisis.fields.owners'),
      responsive: ['lg'],
      render: (_: unknown, row) => <People people={row.owners} />,
    },
    {
      key: 'createTime',
      title: t('crisis.fields.reportedAt'),
      responsive: ['md'],
      render: (_: unknown, row) => <When value={row.createTime} />,
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, row) => (
        <RowButton
          label={t('crisis.records.open')}
          ariaLabel={t('crisis.records.openLabel', { name: row.student.realName, id: row.id })}
          testId={`crisis-record-open-${row.id}`}
          onClick={() => setOpenId(row.id)}
        />
      ),
    },
  ];
  return (
    <>
      <AdminTable<RecordRow>
        rowKey="id"
        columns={columns}
        query={records}
        list={list}
        columnSettingsId="crisis-records"
        scrollX={760}
        toolbar={
          <div className={styles.toolbar}>
            {!studentId && (
              <SearchBox
                className={styles.search}
                placeholder={t('crisis.records.search')}
                onSearch={(text) => list.refine({ studentName: text || undefined })}
              />
            )}
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.status')}
              value={list.filter.status ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.records.allStatuses') },
                ...enumOptions(t, 'status'),
              ]}
              onChange={(value) => list.refine({ status: value === 'all' ? undefined : value })}
            />
            <Select<CrisisSource | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.source')}
              value={list.filter.source ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.records.allSources') },
                ...CRISIS_SOURCES.map((value) => ({ value, label: label('source', value) })),
              ]}
              onChange={(value) => list.refine({ source: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
      {openId !== null && (
        <Suspense fallback={null}>
          <RecordDrawer id={openId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}
