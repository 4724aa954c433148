import { Alert, Button, Form, Input, Select, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useSuspensionDetail, useSuspensions, useSuspensionTransition, type Suspension } from '../api/crisis';
import { today } from '../lib/forms';
import { enumOptions } from '../lib/labels';
import { CodeTag, Facts, StudentCell, useCrisisUser, useIdParam, useLabel, When } from './common';
import { SuspensionDialog } from './record-dialogs';
import { AssessmentList } from './record-sections';
import styles from './crisis.module.css';

const AssessmentDialog = lazy(async () => ({
  default: (await import('./assessment-dialog')).AssessmentDialog,
}));

/** `/crisis/suspension/index`: suspensions in reach (休学), each opening its page; a new one for a student. */
export function SuspensionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAdminList<{ status?: number | undefined }>({});
  const suspensions = useSuspensions(list.query);
  const [picking, setPicking] = useState(false);
  const columns: AdminColumn<Suspension>[] = [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, s) => <StudentCell student={s.student} />,
    },
    {
      key: 'status',
      title: t('crisis.fields.status'),
      render: (_: unknown, s) => <CodeTag set="suspensionStatus" value={s.status} />,
    },
    { key: 'on', title: t('crisis.fields.suspendedOn'), dataIndex: 'suspendedOn' },
    {
      key: 'expected',
      title: t('crisis.fields.expectedReturn'),
      responsive: ['md'],
      render: (_: unknown, s) => s.expectedReturn ?? '—',
    },
    {
      key: 'returned',
      title: t('crisis.suspension.returnedOn'),
      responsive: ['md'],
      render: (_: unknown, s) => s.returnedOn ?? '—',
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, s) => (
        <RowButton
          label={t('crisis.records.open')}
          ariaLabel={`${t('crisis.records.open')} ${s.student.realName}`}
          testId={`crisis-suspension-open-${s.id}`}
          onClick={() => void navigate(`/xiufuxueinfo/index?id=${s.id}`)}
        />
      ),
    },
  ];
  return (
    <AdminPage
      title={t('crisis.suspension.title')}
      extra={
        <Button type="primary" onClick={() => setPicking(true)}>
          {t('crisis.suspension.add')}
        </Button>
      }
    >
      <AdminTable<Suspension>
        rowKey="id"
        columns={columns}
        query={suspensions}
        list={list}
        columnSettingsId="crisis-suspensions"
        toolbar={
          <div className={styles.toolbar}>
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.status')}
              value={list.filter.status ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.records.allStatuses') },
                ...enumOptions(t, 'suspensionStatus'),
              ]}
              onChange={(value) => list.refine({ status: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
      {picking && <SuspensionDialog onClose={() => setPicking(false)} />}
    </AdminPage>
  );
}

/**
 * `/xiufuxueinfo/index?id=`: one suspension and its way back (SUSPENSION_MACHINE): apply to return, the
 * return-to-school assessment (type 12), return (with an assessment concluding fit) or not yet.
 */
export function SuspensionDetailPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const id = useIdParam();
  const detail = useSuspensionDetail(id);
  const move = useSuspensionTransition();
  const { can } = useCrisisUser();
  const [assessing, setAssessing] = useState(false);
  const [returning, setReturning] = useState(false);
  const s = detail.data;
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!s) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  const fitAssessments = s.assessments.filter((a) => a.returnConclusion === 1 || a.returnConclusion === 2);
  return (
    <AdminPage title={t('crisis.suspension.detailTitle', { name: s.student.realName })}>
      <Facts
        items={[
          [t('crisis.fields.student'), <StudentCell key="s" student={s.student} />],
          [t('crisis.fields.status'), <CodeTag key="st" set="suspensionStatus" value={s.status} />],
          [t('crisis.fields.suspendedOn'), s.suspendedOn],
          [t('crisis.fields.reason'), s.reason],
          [t('crisis.fields.expectedReturn'), s.expectedReturn],
          [t('crisis.suspension.returnedOn'), s.returnedOn],
          [t('crisis.suspension.createdBy'), s.createdBy.realName],
          [t('crisis.assessment.updated'), <When key="u" value={s.updateTime} />],
        ]}
      />
      <div className={styles.actions}>
        {s.status !== 3 && can('crisis_suspension') && (
          <Button onClick={() => setAssessing(true)}>{t('crisis.suspension.assess')}</Button>
        )}
        {s.actions.map((action) =>
          action === 'return' ? (
            <Button key={action} type="primary" onClick={() => setReturning(true)}>
              {label('action', action)}
            </Button>
          ) : (
            <Button
              key={action}
              loading={move.isPending && move.variables?.action === action}
              onClick={() =>
                void move
                  .mutateAsync({ id: s.id, action: action as 'applyReturn' | 'keep' })
                  .catch(() => undefined)
              }
            >
              {label('action', action)}
            </Button>
          ),
        )}
      </div>
      <AdminPage level={2} title={t('crisis.suspension.assessments')}>
        <AssessmentList suspensionId={s.id} />
      </AdminPage>
      {assessing && (
        <Suspense fallback={null}>
          <AssessmentDialog
            kind="return"
            suspensionId={s.id}
            studentName={s.student.realName}
            onClose={() => setAssessing(false)}
          />
        </Suspense>
      )}
      {returning && (
        <FormDialog<{ assessmentId: number; returnedOn: string }>
          title={t('crisis.suspension.returnTitle', { name: s.student.realName })}
          name="crisis-return"
          initialValues={{ assessmentId: fitAssessments[0]?.id, returnedOn: today() }}
          serverFields={['assessmentId', 'returnedOn', 'action']}
          fieldOf={{ action: 'assessmentId' }}
          onSubmit={(values) =>
            move.mutateAsync({
              id: s.id,
              action: 'return',
              assessmentId: values.assessmentId,
              returnedOn: values.returnedOn,
            })
          }
          onClose={() => setReturning(false)}
        >
          <Form.Item
            name="assessmentId"
            label={t('crisis.suspension.returnAssessment')}
            rules={[{ required: true }]}
          >
            <Select
              options={s.assessments.map((a) => ({
                value: a.id,
                label: `${label('returnConclusion', a.returnConclusion)} · ${a.assessor.realName} · ${a.createTime.slice(0, 10)}`,
              }))}
              notFoundContent={t('crisis.suspension.noAssessment')}
            />
          </Form.Item>
          <Form.Item name="returnedOn" label={t('crisis.suspension.returnedOn')} rules={[{ required: true }]}>
            <Input type="date" />
          </Form.Item>
        </FormDialog>
      )}
    </AdminPage>
  );
}

/**
 * `/fuxueAssessinfo/index?suspensionId=`: the return-to-school assessments of a suspension (type 12), and a
 * new one while the student has not returned.
 */
export function ReturnAssessmentPage() {
  const { t } = useTranslation();
  const bySuspension = useIdParam('suspensionId');
  const byId = useIdParam();
  const suspensionId = bySuspension ?? byId;
  const detail = useSuspensionDetail(suspensionId);
  const [assessing, setAssessing] = useState(false);
  const s = detail.data;
  if (!suspensionId) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!s) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  return (
    <AdminPage
      title={t('crisis.suspension.returnAssessmentsTitle', { name: s.student.realName })}
      extra={
        s.status !== 3 ? (
          <Button type="primary" onClick={() => setAssessing(true)}>
            {t('crisis.suspension.assess')}
          </Button>
        ) : undefined
      }
    >
      <AssessmentList suspensionId={s.id} />
      {assessing && (
        <Suspense fallback={null}>
          <AssessmentDialog
            kind="return"
            suspensionId={s.id}
            studentName={s.student.realName}
            onClose={() => setAssessing(false)}
          />
        </Suspense>
      )}
    </AdminPage>
  );
}
