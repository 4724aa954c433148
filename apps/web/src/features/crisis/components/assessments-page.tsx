import { Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useAssessments, type Assessment } from '../api/crisis';
import { CodeTag, StudentCell, When } from './common';

const AssessmentDialog = lazy(async () => ({
  default: (await import('./assessment-dialog')).AssessmentDialog,
}));
const RecordDrawer = lazy(async () => ({ default: (await import('./record-drawer')).RecordDrawer }));

/**
 * `/assessment_crisis_info/index`: crisis assessments in reach (appointment types 8 and 11), newest first;
 * each opens in the form renderer with its editions, and its record opens beside it. A new assessment is
 * made from its record (the record drawer's "Assess").
 */
export function CrisisAssessmentsPage() {
  const { t } = useTranslation();
  const list = useAdminList<{ kind: 'crisis' }>({ kind: 'crisis' });
  const assessments = useAssessments(list.query);
  const [open, setOpen] = useState<Assessment | null>(null);
  const [recordId, setRecordId] = useState<number | null>(null);
  const columns: AdminColumn<Assessment>[] = [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, a) => <StudentCell student={a.student} />,
    },
    {
      key: 'assessor',
      title: t('crisis.assessment.assessor'),
      render: (_: unknown, a) => a.assessor.realName,
    },
    {
      key: 'type',
      title: t('crisis.assessment.appointmentType'),
      responsive: ['md'],
      render: (_: unknown, a) => a.appointmentType,
    },
    {
      key: 'level',
      title: t('crisis.fields.collegeLevel'),
      render: (_: unknown, a) => (
        <>
          <CodeTag set="collegeLevel" value={a.collegeLevel} />
          {a.isCrisisStatus === 1 && <Tag color="red">{t('crisis.assessment.inCrisis')}</Tag>}
        </>
      ),
    },
    {
      key: 'edition',
      title: t('crisis.assessment.editions'),
      responsive: ['md'],
      render: (_: unknown, a) => t('crisis.assessment.edition', { edition: a.edition }),
    },
    {
      key: 'time',
      title: t('crisis.assessment.updated'),
      render: (_: unknown, a) => <When value={a.updateTime} />,
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <>
          <RowButton
            label={t('crisis.assessment.view')}
            ariaLabel={`${t('crisis.assessment.view')} ${a.student.realName}`}
            onClick={() => setOpen(a)}
          />
          {a.recordId && (
            <RowButton
              label={t('crisis.assessment.record', { id: a.recordId })}
              onClick={() => setRecordId(a.recordId)}
            />
          )}
        </>
      ),
    },
  ];
  return (
    <AdminPage title={t('crisis.assessment.pageTitle')} intro={t('crisis.assessment.pageIntro')}>
      <AdminTable<Assessment>
        rowKey="id"
        columns={columns}
        query={assessments}
        list={list}
        columnSettingsId="crisis-assessments"
        scrollX={760}
        emptyText={t('crisis.assessment.empty')}
      />
      {open && (
        <Suspense fallback={null}>
          <AssessmentDialog
            kind="crisis"
            existing={open}
            studentName={open.student.realName}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
      {recordId !== null && (
        <Suspense fallback={null}>
          <RecordDrawer id={recordId} onClose={() => setRecordId(null)} />
        </Suspense>
      )}
    </AdminPage>
  );
}
