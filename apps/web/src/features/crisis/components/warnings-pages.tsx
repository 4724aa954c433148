import { Alert, Button, Form, Input, Select, Spin, Table } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import {
  useSetWarningFlag,
  useWarningDetail,
  useWarnings,
  type RecordRow,
  type WarningRow,
} from '../api/crisis';
import { enumOptions } from '../lib/labels';
import { CodeTag, Facts, NoData, StudentCell, useCrisisUser, useIdParam, useLabel, When } from './common';
import styles from './crisis.module.css';

const RecordDrawer = lazy(async () => ({ default: (await import('./record-drawer')).RecordDrawer }));

/** `/crisisWarningDetails/index`: students in reach flagged attention or above (S1.4.6), highest first. */
export function WarningsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAdminList<{ flag?: number | undefined; studentName?: string | undefined }>({});
  const warnings = useWarnings(list.query);
  const columns: AdminColumn<WarningRow>[] = [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, w) => <StudentCell student={w.student} />,
    },
    {
      key: 'flag',
      title: t('crisis.fields.flag'),
      render: (_: unknown, w) => <CodeTag set="flag" value={w.flag} />,
    },
    {
      key: 'manual',
      title: t('crisis.warning.setBy'),
      render: (_: unknown, w) => (w.manual ? t('crisis.warning.byHand') : t('crisis.warning.derived')),
    },
    {
      key: 'reason',
      title: t('crisis.fields.reason'),
      responsive: ['md'],
      render: (_: unknown, w) => w.reason ?? '—',
    },
    {
      key: 'time',
      title: t('crisis.assessment.updated'),
      responsive: ['md'],
      render: (_: unknown, w) => <When value={w.updateTime} />,
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, w) => (
        <RowButton
          label={t('crisis.records.open')}
          ariaLabel={`${t('crisis.records.open')} ${w.student.realName}`}
          onClick={() => void navigate(`/warningPersonnel/detail?studentId=${w.student.id}`)}
        />
      ),
    },
  ];
  return (
    <AdminPage title={t('crisis.warning.title')}>
      <AdminTable<WarningRow>
        rowKey={(w) => w.student.id}
        columns={columns}
        query={warnings}
        list={list}
        columnSettingsId="crisis-warnings"
        toolbar={
          <div className={styles.toolbar}>
            <SearchBox
              className={styles.search}
              placeholder={t('crisis.records.search')}
              onSearch={(text) => list.refine({ studentName: text || undefined })}
            />
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.flag')}
              value={list.filter.flag ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.warning.allFlags') },
                ...enumOptions(t, 'flag').filter((o) => o.value >= 2),
              ]}
              onChange={(value) => list.refine({ flag: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
    </AdminPage>
  );
}

/** `/warningPersonnel/detail?studentId=`: a student's flag, its history, records and key-person state. */
export function WarningDetailPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const studentId = useIdParam('studentId');
  const detail = useWarningDetail(studentId);
  const setFlag = useSetWarningFlag();
  const { can } = useCrisisUser();
  const [flagging, setFlagging] = useState(false);
  const [recordId, setRecordId] = useState<number | null>(null);
  const w = detail.data;
  if (!studentId) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!w) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  return (
    <AdminPage
      title={t('crisis.warning.detailTitle', { name: w.student.realName })}
      extra={
        can('crisis_warning_flag') ? (
          <Button onClick={() => setFlagging(true)}>{t('crisis.warning.setFlag')}</Button>
        ) : undefined
      }
    >
      <Facts
        items={[
          [t('crisis.fields.student'), <StudentCell key="s" student={w.student} />],
          [t('crisis.fields.flag'), <CodeTag key="f" set="flag" value={w.flag} />],
          [t('crisis.warning.derivedFlag'), label('flag', w.derived)],
          [t('crisis.fields.reason'), w.reason],
          [
            t('crisis.focus.level'),
            w.focusId ? (
              <Button
                key="k"
                type="link"
                size="small"
                onClick={() => void navigate(`/focusCase_info?id=${w.focusId}`)}
              >
                {label('collegeLevel', w.focusLevel)}
              </Button>
            ) : null,
          ],
        ]}
      />
      <AdminPage level={2} title={t('crisis.warning.records')}>
        <Table<RecordRow>
          size="small"
          rowKey="id"
          dataSource={w.records}
          pagination={false}
          locale={{ emptyText: <NoData /> }}
          columns={[
            { key: 'id', title: t('crisis.fields.id'), dataIndex: 'id' },
            { key: 'source', title: t('crisis.fields.source'), render: (_, r) => label('source', r.source) },
            {
              key: 'status',
              title: t('crisis.fields.status'),
              render: (_, r) => <CodeTag set="status" value={r.status} />,
            },
            {
              key: 'time',
              title: t('crisis.fields.reportedAt'),
              render: (_, r) => <When value={r.createTime} />,
            },
            {
              key: 'open',
              title: t('crisis.fields.actions'),
              render: (_, r) => (
                <RowButton label={t('crisis.records.open')} onClick={() => setRecordId(r.id)} />
              ),
            },
          ]}
        />
      </AdminPage>
      <AdminPage level={2} title={t('crisis.warning.history')}>
        <Table
          size="small"
          rowKey={(h) => `${h.time}-${h.flag}`}
          dataSource={w.history}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <NoData /> }}
          columns={[
            {
              key: 'flag',
              title: t('crisis.fields.flag'),
              render: (_, h) => <CodeTag set="flag" value={h.flag} />,
            },
            {
              key: 'manual',
              title: t('crisis.warning.setBy'),
              render: (_, h) =>
                h.manual ? (h.actor?.realName ?? t('crisis.warning.byHand')) : t('crisis.warning.derived'),
            },
            { key: 'reason', title: t('crisis.fields.reason'), render: (_, h) => h.reason ?? '—' },
            { key: 'time', title: t('crisis.assessment.updated'), render: (_, h) => <When value={h.time} /> },
          ]}
        />
      </AdminPage>
      {flagging && (
        <FormDialog<{ flag: number; reason: string }>
          title={t('crisis.warning.setFlag')}
          name="crisis-flag"
          initialValues={{ flag: w.flag }}
          serverFields={['flag', 'reason']}
          onSubmit={(values) =>
            setFlag.mutateAsync({ studentId, flag: values.flag, reason: values.reason.trim() })
          }
          onClose={() => setFlagging(false)}
        >
          <Form.Item name="flag" label={t('crisis.fields.flag')} rules={[{ required: true }]}>
            <Select options={enumOptions(t, 'flag')} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('crisis.fields.reason')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </FormDialog>
      )}
      {recordId !== null && (
        <Suspense fallback={null}>
          <RecordDrawer id={recordId} onClose={() => setRecordId(null)} />
        </Suspense>
      )}
    </AdminPage>
  );
}
