import { Button, Flex, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import { shownName, shownPath } from '../../../shared/lib/seeded-names';
import {
  useAssignInterviews,
  useFlaggedPage,
  useInterviewerPage,
  type FlaggedRow,
  type InterviewerRow,
} from '../api/after';
import { usePlanPage } from '../api/plans';
import { fromLocalInput } from '../lib/plan-form';
import { readId } from '../lib/paths';
import { FlagTag, PersonText, RiskTag, useAssessmentButtons } from './common';

/**
 * `/assessmentInterviewInterviewers/index` (spec S1.2.5): the interviewers with their open and held
 * interviews, and the students a plan flags (by its flag rule) to assign to one of them with a time and
 * place.
 */
export function InterviewersPage() {
  const { t } = useTranslation();
  const { search } = usePageInfo();
  const buttons = useAssessmentButtons();
  const list = useAdminList<{ name?: string }>({});
  const interviewers = useInterviewerPage(list.query);
  const columns: AdminColumn<InterviewerRow>[] = [
    { key: 'name', title: t('assessment.common.name'), dataIndex: 'realName', alwaysShown: true },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'pending', title: t('assessment.interviewers.pending'), dataIndex: 'pending' },
    { key: 'held', title: t('assessment.interviewers.held'), dataIndex: 'held' },
  ];
  return (
    <Flex vertical gap={12}>
      <AdminPage title={t('assessment.interviewers.title')}>
        <AdminTable<InterviewerRow>
          rowKey="userId"
          columns={columns}
          query={interviewers}
          list={list}
          testId="interviewer-table"
          toolbar={
            <SearchBox
              placeholder={t('assessment.common.searchName')}
              onSearch={(name) => list.search({ name })}
            />
          }
        />
      </AdminPage>
      {buttons.interviewAssign && <FlaggedStudents initialPlanId={readId(search, 'planId')} />}
    </Flex>
  );
}

function FlaggedStudents({ initialPlanId }: { initialPlanId: number | null }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [planId, setPlanId] = useState<number | null>(initialPlanId);
  const plans = usePlanPage({ current: 1, size: 100, status: 2 });
  const list = useAdminList<object>({});
  const flagged = useFlaggedPage({ planId: planId ?? 0, ...list.query }, planId !== null);
  const [assigning, setAssigning] = useState(false);
  const columns: AdminColumn<FlaggedRow>[] = [
    {
      key: 'person',
      title: t('assessment.common.person'),
      alwaysShown: true,
      render: (_, r) => <PersonText realName={r.realName} numberName={r.numberName} />,
    },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'scale', title: t('assessment.common.scale'), dataIndex: 'scaleName' },
    {
      key: 'risk',
      title: t('assessmentReport.riskGrade'),
      render: (_, r) => <RiskTag grade={r.riskGrade} />,
    },
    {
      key: 'screen',
      title: t('assessment.answers.screenPositive'),
      render: (_, r) => <FlagTag value={r.screenPositive} />,
    },
    {
      key: 'warning',
      title: t('assessment.answers.warning'),
      render: (_, r) =>
        r.critical ? (
          <Tag color="red">{t('assessment.answers.critical')}</Tag>
        ) : (
          <FlagTag value={r.warning} />
        ),
    },
    {
      key: 'time',
      title: t('assessment.answers.submitTime'),
      render: (_, r) => formatDateTime(r.submitTime, lang),
    },
  ];
  return (
    <AdminPage
      level={2}
      title={t('assessment.interviewers.flagged')}
      intro={t('assessment.interviewers.flaggedIntro')}
    >
      <AdminTable<FlaggedRow>
        rowKey="userId"
        columns={columns}
        query={flagged}
        list={list}
        selectable
        testId="flagged-table"
        emptyText={planId === null ? t('assessment.interviewers.choosePlan') : undefined}
        toolbar={
          <>
            <Select
              style={{ minWidth: 240 }}
              value={planId ?? undefined}
              placeholder={t('assessment.interviewers.choosePlan')}
              aria-label={t('assessment.interviewers.choosePlan')}
              options={(plans.data?.records ?? []).map((p) => ({ value: p.id, label: shownName(p.name) }))}
              onChange={(id: number) => {
                setPlanId(id);
                list.search({});
              }}
            />
            <Button
              type="primary"
              onClick={() =>
                list.selected.length === 0
                  ? showToast('warning', t('assessment.interviewers.tickStudents'))
                  : setAssigning(true)
              }
            >
              {t('assessment.interviewers.assign')}
            </Button>
          </>
        }
      />
      {assigning && planId !== null && (
        <AssignDialog
          planId={planId}
          userIds={list.selected.map(Number)}
          onClose={() => setAssigning(false)}
          onAssigned={() => {
            setAssigning(false);
            list.select([]);
          }}
        />
      )}
    </AdminPage>
  );
}

function AssignDialog({
  planId,
  userIds,
  onClose,
  onAssigned,
}: {
  planId: number;
  userIds: number[];
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation();
  const interviewers = useInterviewerPage({ current: 1, size: 100 });
  const assign = useAssignInterviews();
  return (
    <FormDialog<{ interviewerId: number; time: string; address?: string }>
      title={t('assessment.interviewers.assignTitle', { count: userIds.length })}
      name="interview-assign"
      serverFields={['interviewerId', 'time', 'address', 'userIds']}
      successText={t('assessment.interviewers.assigned', { count: userIds.length })}
      onSubmit={(values) =>
        assign.mutateAsync({
          planId,
          userIds,
          interviewerId: values.interviewerId,
          time: fromLocalInput(values.time) ?? '',
          address: values.address,
        })
      }
      onSaved={onAssigned}
      onClose={onClose}
      okTestId="assign-ok"
    >
      <Form.Item
        name="interviewerId"
        label={t('assessment.interview.interviewer')}
        rules={[{ required: true }]}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={(interviewers.data?.records ?? []).map((i) => ({
            value: i.userId,
            label: `${i.realName} (${t('assessment.interviewers.load', { count: i.pending })})`,
          }))}
        />
      </Form.Item>
      <Form.Item name="time" label={t('assessment.interview.time')} rules={[{ required: true }]}>
        <Input type="datetime-local" />
      </Form.Item>
      <Form.Item name="address" label={t('assessment.interview.address')}>
        <Input maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}
