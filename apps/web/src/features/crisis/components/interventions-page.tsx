import { Select, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useInterventions, type Intervention } from '../api/crisis';
import { enumOptions } from '../lib/labels';
import { CodeTag, People, StudentCell, useCrisisUser, When } from './common';
import { ReceiptDialog } from './record-sections';
import styles from './crisis.module.css';

const RecordDrawer = lazy(async () => ({ default: (await import('./record-drawer')).RecordDrawer }));

interface Filter {
  status?: number | undefined;
}

/** Intervention orders: on crisis records, on key persons, or those naming the viewer (receipts). */
function InterventionsList({
  area,
  mine,
  title,
}: {
  area?: 'crisis' | 'focus';
  mine?: boolean;
  title: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { userId } = useCrisisUser();
  const list = useAdminList<Filter>({});
  const orders = useInterventions({ ...list.query, ...(area ? { area } : {}), ...(mine ? { mine } : {}) });
  const [receiptFor, setReceiptFor] = useState<Intervention | null>(null);
  const [recordId, setRecordId] = useState<number | null>(null);
  const columns: AdminColumn<Intervention>[] = [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, o) => <StudentCell student={o.student} />,
    },
    {
      key: 'measure',
      title: t('crisis.fields.measure'),
      render: (_: unknown, o) => <CodeTag set="measure" value={o.measure} />,
    },
    {
      key: 'content',
      title: t('crisis.fields.orderContent'),
      render: (_: unknown, o) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: o.content }} style={{ margin: 0 }}>
          {o.content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'assignees',
      title: t('crisis.fields.assignees'),
      render: (_: unknown, o) => <People people={o.assignees} />,
    },
    {
      key: 'due',
      title: t('crisis.fields.dueDate'),
      responsive: ['md'],
      render: (_: unknown, o) => o.dueDate ?? '—',
    },
    {
      key: 'status',
      title: t('crisis.fields.status'),
      render: (_: unknown, o) => <CodeTag set="interventionStatus" value={o.status} />,
    },
    {
      key: 'issued',
      title: t('crisis.intervention.issuedBy'),
      responsive: ['lg'],
      render: (_: unknown, o) => (
        <>
          {o.issuedBy.realName} · <When value={o.createTime} />
        </>
      ),
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, o) => (
        <>
          {o.assignees.some((a) => a.id === userId) && (
            <RowButton
              label={t('crisis.intervention.receipt')}
              ariaLabel={`${t('crisis.intervention.receipt')} ${o.student.realName}`}
              testId={`crisis-receipt-${o.id}`}
              onClick={() => setReceiptFor(o)}
            />
          )}
          {o.recordId && (
            <RowButton
              label={t('crisis.assessment.record', { id: o.recordId })}
              onClick={() => setRecordId(o.recordId)}
            />
          )}
          {o.focusId && (
            <RowButton
              label={t('crisis.focus.open')}
              onClick={() => void navigate(`/focusCase_info?id=${o.focusId}`)}
            />
          )}
        </>
      ),
    },
  ];
  return (
    <AdminPage title={title}>
      <AdminTable<Intervention>
        rowKey="id"
        columns={columns}
        query={orders}
        list={list}
        columnSettingsId={`crisis-orders-${area ?? 'mine'}`}
        scrollX={860}
        toolbar={
          <div className={styles.toolbar}>
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.status')}
              value={list.filter.status ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.records.allStatuses') },
                ...enumOptions(t, 'interventionStatus'),
              ]}
              onChange={(value) => list.refine({ status: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
      {receiptFor && <ReceiptDialog order={receiptFor} onClose={() => setReceiptFor(null)} />}
      {recordId !== null && (
        <Suspense fallback={null}>
          <RecordDrawer id={recordId} onClose={() => setRecordId(null)} />
        </Suspense>
      )}
    </AdminPage>
  );
}

/** `/interventionOrderinfo/index`: orders on crisis records in reach. */
export function CrisisInterventionsPage() {
  const { t } = useTranslation();
  return <InterventionsList area="crisis" title={t('crisis.intervention.crisisTitle')} />;
}

/** `/focusonInterventionInfo/intervenInfo`: orders on key persons in reach. */
export function FocusInterventionsPage() {
  const { t } = useTranslation();
  return <InterventionsList area="focus" title={t('crisis.intervention.focusTitle')} />;
}

/** `/focusonInterReceiptInfo/intervenInfo`: orders naming the viewer, to answer with a receipt. */
export function InterventionReceiptsPage() {
  const { t } = useTranslation();
  return <InterventionsList mine title={t('crisis.intervention.mineTitle')} />;
}
