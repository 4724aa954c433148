import { Button, Descriptions, Drawer, Form, Input, Select, Spin, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { ExportButton } from '../../../shared/admin/export-button';
import { FilterForm } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownName, shownPath } from '../../../shared/lib/seeded-names';
import { DeptPicker } from '../../depts';
import { formatScore, pairText } from '../../assessment-take';
import { usePlanPage } from '../api/plans';
import {
  exportAnswers,
  useAnswerDetail,
  useAnswerPage,
  useRecordPage,
  type AnswerPageQuery,
  type AnswerRow,
} from '../api/results';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import { FlagTag, PersonText, RiskTag, useAssessmentButtons, useGo } from './common';

type AnswerFilter = Omit<AnswerPageQuery, 'current' | 'size'>;

/** The columns of an answer list: person, plan, scale, scores, risk grade, flags, time, report. */
export function useAnswerColumns(extra: AdminColumn<AnswerRow>[] = []): AdminColumn<AnswerRow>[] {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  return [
    {
      key: 'person',
      title: t('assessment.common.person'),
      alwaysShown: true,
      render: (_, a) => (
        <PersonText realName={a.realName} numberName={a.numberName} anonymous={a.anonymous} />
      ),
    },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'grade', title: t('assessment.common.grade'), dataIndex: 'grade' },
    {
      key: 'sex',
      title: t('assessment.common.sex'),
      render: (_, a) => (a.sex === 1 || a.sex === 2 ? t(`assessment.common.sexes.${a.sex}`) : '-'),
    },
    { key: 'plan', title: t('assessment.common.plan'), dataIndex: 'planName', render: shownName },
    { key: 'scale', title: t('assessment.common.scale'), dataIndex: 'scaleName' },
    { key: 'total', title: t('assessmentReport.total'), render: (_, a) => formatScore(a.total) },
    { key: 'index', title: t('assessmentReport.index'), render: (_, a) => formatScore(a.index) },
    { key: 'level', title: t('assessment.answers.level'), render: (_, a) => a.levelLabel ?? '-' },
    {
      key: 'risk',
      title: t('assessmentReport.riskGrade'),
      render: (_, a) => <RiskTag grade={a.riskGrade} />,
    },
    {
      key: 'screen',
      title: t('assessment.answers.screenPositive'),
      render: (_, a) => <FlagTag value={a.screenPositive} />,
    },
    {
      key: 'warning',
      title: t('assessment.answers.warning'),
      render: (_, a) =>
        a.critical ? (
          <Tag color="red">{t('assessment.answers.critical')}</Tag>
        ) : (
          <FlagTag value={a.warning} />
        ),
    },
    {
      key: 'time',
      title: t('assessment.answers.submitTime'),
      render: (_, a) => formatDateTime(a.submitTime, lang),
    },
    ...extra,
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, a) => (
        <RowButton
          label={t('assessment.report.open')}
          ariaLabel={`${t('assessment.report.open')} ${a.realName ?? a.id}`}
          onClick={() => go(pathWith(ASSESSMENT_PATHS.report, { answerId: a.id }))}
        />
      ),
    },
  ];
}

/**
 * The raw answer records (spec S1.2.2 `/evaluationAnswerlist/answerlist`): every answer with its scores,
 * filtered by plan, department, grade, sex, risk grade, screen and warning; the items of one answer; XLSX
 * export of a plan's answers of one scale through the download list. Named rows are access-logged.
 */
export function AnswersPage() {
  const { search } = usePageInfo();
  return <AnswerList initialPlanId={readId(search, 'planId')} title="answers" />;
}

export function AnswerList({
  initialPlanId,
  title,
}: {
  initialPlanId: number | null;
  title: 'answers' | 'report';
}) {
  const { t } = useTranslation();
  const buttons = useAssessmentButtons();
  const [form] = Form.useForm<AnswerFilter>();
  const list = useAdminList<AnswerFilter>(initialPlanId ? { planId: initialPlanId } : {});
  const answers = useAnswerPage(list.query);
  const plans = usePlanPage({ current: 1, size: 100 });
  const [detailId, setDetailId] = useState<number | null>(null);
  const planId = list.filter.planId;
  const plan = plans.data?.records.find((p) => p.id === planId);
  const columns = useAnswerColumns([
    {
      key: 'items',
      title: t('assessment.answers.items'),
      render: (_, a) => (
        <RowButton
          label={t('assessment.answers.items')}
          ariaLabel={`${t('assessment.answers.items')} ${a.realName ?? a.id}`}
          onClick={() => setDetailId(a.id)}
        />
      ),
    },
  ]);
  return (
    <AdminPage
      title={title === 'answers' ? t('assessment.answers.title') : t('assessment.report.title')}
      intro={t('assessment.answers.intro')}
    >
      <FilterForm<AnswerFilter>
        name="answer-filter"
        form={form}
        label={t('assessment.answers.title')}
        onSearch={(values) => list.search(values)}
        fields={[
          <Form.Item
            key="planId"
            name="planId"
            label={t('assessment.common.plan')}
            initialValue={initialPlanId ?? undefined}
          >
            <Select
              allowClear
              options={(plans.data?.records ?? []).map((p) => ({ value: p.id, label: shownName(p.name) }))}
            />
          </Form.Item>,
          <Form.Item key="name" name="name" label={t('assessment.common.name')}>
            <Input allowClear maxLength={50} />
          </Form.Item>,
          <Form.Item key="deptId" name="deptId" label={t('assessment.common.dept')}>
            <DeptPicker />
          </Form.Item>,
          <Form.Item key="grade" name="grade" label={t('assessment.common.grade')}>
            <Input allowClear maxLength={20} />
          </Form.Item>,
          <Form.Item key="sex" name="sex" label={t('assessment.common.sex')}>
            <Select
              allowClear
              options={[1, 2].map((s) => ({ value: s, label: t(`assessment.common.sexes.${s as 1 | 2}`) }))}
            />
          </Form.Item>,
          <Form.Item key="riskGrade" name="riskGrade" label={t('assessmentReport.riskGrade')}>
            <Select
              allowClear
              options={[
                { value: 1, label: t('assessmentReport.risk.high') },
                { value: 2, label: t('assessmentReport.risk.medium') },
                { value: 3, label: t('assessmentReport.risk.low') },
              ]}
            />
          </Form.Item>,
          <Form.Item
            key="screenPositive"
            name="screenPositive"
            label={t('assessment.answers.screenPositive')}
          >
            <Select
              allowClear
              options={[
                { value: true, label: t('assessment.common.yes') },
                { value: false, label: t('assessment.common.no') },
              ]}
            />
          </Form.Item>,
          <Form.Item key="warning" name="warning" label={t('assessment.answers.warning')}>
            <Select
              allowClear
              options={[
                { value: true, label: t('assessment.common.yes') },
                { value: false, label: t('assessment.common.no') },
              ]}
            />
          </Form.Item>,
        ]}
      />
      <AdminTable<AnswerRow>
        rowKey="id"
        columns={columns}
        query={answers}
        list={list}
        columnSettingsId="assessment-answers"
        scrollX={1600}
        testId="answer-table"
        toolbar={
          buttons.reportExport &&
          plan &&
          plan.scales.map((s) => (
            <ExportButton
              key={s.scaleId}
              label={t('assessment.answers.export', { scale: s.name })}
              fileName={`${shownName(plan.name)}-${s.name}.xlsx`}
              call={() => exportAnswers(plan.id, s.scaleId)}
            />
          ))
        }
      />
      <Drawer
        open={detailId !== null}
        onClose={() => setDetailId(null)}
        title={t('assessment.answers.items')}
        size="large"
      >
        {detailId !== null && <AnswerItems id={detailId} />}
      </Drawer>
    </AdminPage>
  );
}

function AnswerItems({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const detail = useAnswerDetail(id);
  if (!detail.data) return <Spin />;
  const a = detail.data;
  return (
    <>
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'person',
            label: t('assessment.common.person'),
            children: <PersonText realName={a.realName} numberName={a.numberName} anonymous={a.anonymous} />,
          },
          { key: 'scale', label: t('assessment.common.scale'), children: a.scaleName },
          { key: 'total', label: t('assessmentReport.total'), children: formatScore(a.total) },
        ]}
      />
      <Table
        size="small"
        rowKey="no"
        pagination={false}
        dataSource={a.items}
        columns={[
          { key: 'no', title: '#', dataIndex: 'no', width: 48 },
          { key: 'text', title: t('assessment.answers.item'), render: (_, i) => pairText(i.text, lang) },
          {
            key: 'option',
            title: t('assessment.answers.option'),
            render: (_, i) => pairText(i.optionLabel, lang),
          },
          { key: 'score', title: t('assessmentReport.score'), dataIndex: 'score', width: 64 },
        ]}
      />
    </>
  );
}

/** `/evaluationRecord?userId=` (spec S1.2.8): one person's answers over time. */
export function PersonRecordPage() {
  const { t } = useTranslation();
  const { search } = usePageInfo();
  const go = useGo();
  const userId = readId(search, 'userId');
  const list = useAdminList<object>({});
  const records = useRecordPage({ userId: userId ?? 0, ...list.query });
  const columns = useAnswerColumns();
  return (
    <AdminPage
      title={t('assessment.record.title')}
      extra={<Button onClick={() => go(ASSESSMENT_PATHS.answers)}>{t('assessment.common.back')}</Button>}
    >
      <AdminTable<AnswerRow>
        rowKey="id"
        columns={columns}
        query={
          userId === null
            ? { data: [], isFetching: false, isError: false, refetch: () => undefined }
            : records
        }
        list={list}
        scrollX={1500}
        testId="record-table"
      />
    </AdminPage>
  );
}
