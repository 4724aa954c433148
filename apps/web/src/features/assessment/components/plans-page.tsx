import { Button, Form, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { FilterForm } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownName } from '../../../shared/lib/seeded-names';
import { useClosePlan, useDeletePlan, usePlanPage, usePublishPlan, type Plan } from '../api/plans';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import { PLAN_STATUS_COLOURS, useAssessmentButtons, useGo } from './common';
import { PlanDetails } from './plan-details';

/**
 * `/evaluationDetails/index` (spec S1.2.4): the plans, with publish, close and delete; `?id=` shows one
 * plan's details (progress by department, the no-answer list with a reminder).
 */
export function PlansPage() {
  const { search } = usePageInfo();
  const id = readId(search, 'id');
  return id === null ? <PlanList /> : <PlanDetails id={id} />;
}

interface PlanFilter {
  name?: string;
  status?: 1 | 2 | 3;
  kind?: 1 | 2;
}

function PlanList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const buttons = useAssessmentButtons();
  const list = useAdminList<PlanFilter>({});
  const plans = usePlanPage(list.query);
  const publish = usePublishPlan();
  const close = useClosePlan();
  const remove = useDeletePlan();
  const confirm = useConfirmAction();

  const columns: AdminColumn<Plan>[] = [
    {
      key: 'name',
      title: t('assessment.plan.name'),
      dataIndex: 'name',
      render: shownName,
      alwaysShown: true,
    },
    {
      key: 'kind',
      title: t('assessment.plan.kind'),
      render: (_, p) => t(`assessment.plan.kinds.${p.kind as 1 | 2}`),
    },
    {
      key: 'status',
      title: t('assessment.plan.status'),
      render: (_, p) => (
        <Tag color={PLAN_STATUS_COLOURS[p.status]}>
          {t(`assessment.plan.statuses.${p.status as 1 | 2 | 3}`)}
        </Tag>
      ),
    },
    {
      key: 'scales',
      title: t('assessment.plan.scales'),
      render: (_, p) => p.scales.map((s) => s.name).join(lang === 'zh-CN' ? '、' : ', '),
    },
    {
      key: 'window',
      title: t('assessment.plan.window'),
      render: (_, p) =>
        p.startTime && p.endTime
          ? `${formatDateTime(p.startTime, lang)} – ${formatDateTime(p.endTime, lang)}`
          : t('assessment.plan.always'),
    },
    { key: 'answers', title: t('assessment.plan.answers'), dataIndex: 'answerCount' },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, p) => (
        <>
          <RowButton
            label={t('assessment.common.details')}
            ariaLabel={`${t('assessment.common.details')} ${shownName(p.name)}`}
            onClick={() => go(pathWith(ASSESSMENT_PATHS.plans, { id: p.id }))}
          />
          {buttons.planEdit && p.status !== 3 && (
            <RowButton
              label={t('assessment.common.edit')}
              ariaLabel={`${t('assessment.common.edit')} ${shownName(p.name)}`}
              onClick={() => go(pathWith(ASSESSMENT_PATHS.editPlan, { id: p.id }))}
            />
          )}
          {buttons.planEdit && p.status === 1 && (
            <RowButton
              label={t('assessment.plan.publish')}
              ariaLabel={`${t('assessment.plan.publish')} ${shownName(p.name)}`}
              onClick={() =>
                confirm({
                  title: t('assessment.plan.confirmPublish', { name: shownName(p.name) }),
                  content: p.anonymous ? t('assessment.plan.anonymousWarning') : undefined,
                  action: () => publish.mutateAsync(p.id),
                  successText: t('assessment.plan.published'),
                })
              }
            />
          )}
          {buttons.planEdit && p.status === 2 && (
            <RowButton
              label={t('assessment.plan.close')}
              ariaLabel={`${t('assessment.plan.close')} ${shownName(p.name)}`}
              onClick={() =>
                confirm({
                  title: t('assessment.plan.confirmClose', { name: shownName(p.name) }),
                  action: () => close.mutateAsync(p.id),
                  successText: t('assessment.plan.closed'),
                })
              }
            />
          )}
          {buttons.planEdit && p.answerCount === 0 && (
            <RowButton
              isDanger
              label={t('assessment.common.delete')}
              ariaLabel={`${t('assessment.common.delete')} ${shownName(p.name)}`}
              onClick={() =>
                confirm({
                  title: t('assessment.plan.confirmDelete', { name: shownName(p.name) }),
                  isDanger: true,
                  action: () => remove.mutateAsync(p.id),
                  successText: t('adminKit.deleted'),
                  onDone: () => list.deleted(plans.data?.total ?? 0, 1),
                })
              }
            />
          )}
        </>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('assessment.plan.title')}
      intro={t('assessment.plan.intro')}
      extra={
        buttons.planEdit && (
          <Button type="primary" onClick={() => go(ASSESSMENT_PATHS.addPlan)}>
            {t('assessment.plan.add')}
          </Button>
        )
      }
    >
      <FilterForm<PlanFilter>
        name="plan-filter"
        label={t('assessment.plan.title')}
        onSearch={(values) => list.search(values)}
        fields={[
          <Form.Item key="name" name="name" label={t('assessment.plan.name')}>
            <Input allowClear maxLength={50} />
          </Form.Item>,
          <Form.Item key="status" name="status" label={t('assessment.plan.status')}>
            <Select
              allowClear
              options={[1, 2, 3].map((s) => ({
                value: s,
                label: t(`assessment.plan.statuses.${s as 1 | 2 | 3}`),
              }))}
            />
          </Form.Item>,
          <Form.Item key="kind" name="kind" label={t('assessment.plan.kind')}>
            <Select
              allowClear
              options={[1, 2].map((k) => ({ value: k, label: t(`assessment.plan.kinds.${k as 1 | 2}`) }))}
            />
          </Form.Item>,
        ]}
      />
      <AdminTable<Plan>
        rowKey="id"
        columns={columns}
        query={plans}
        list={list}
        columnSettingsId="assessment-plans"
        scrollX={1000}
        testId="plan-table"
      />
    </AdminPage>
  );
}
