import { Button, Card, Descriptions, Flex, Progress, Result, Spin, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useBatchAction, useConfirmAction } from '../../../shared/admin/confirm-action';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownName, shownPath } from '../../../shared/lib/seeded-names';
import {
  useNoAnswerPage,
  usePlan,
  usePlanProgress,
  usePublishPlan,
  useRemindPlan,
  type NoAnswerRow,
  type PlanProgress,
} from '../api/plans';
import { ASSESSMENT_PATHS, pathWith } from '../lib/paths';
import { PLAN_STATUS_COLOURS, useAssessmentButtons, useGo } from './common';

/** One plan (spec S1.2.4 /evaluationDetails): its settings, progress by department and who has not answered. */
export function PlanDetails({ id }: { id: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const buttons = useAssessmentButtons();
  const plan = usePlan(id);
  const progress = usePlanProgress(id);
  const publish = usePublishPlan();
  const confirm = useConfirmAction();
  const back = <Button onClick={() => go(ASSESSMENT_PATHS.plans)}>{t('assessment.common.back')}</Button>;
  if (plan.isPending) return <Spin />;
  if (!plan.data) return <Result status="404" title={t('assessment.common.notFound')} extra={back} />;
  const p = plan.data;
  const firstScale = p.scales[0];

  return (
    <Flex vertical gap={12}>
      <AdminPage
        title={shownName(p.name)}
        extra={
          <Flex gap={8} wrap>
            {buttons.planEdit && p.status === 1 && (
              <Button
                type="primary"
                onClick={() =>
                  confirm({
                    title: t('assessment.plan.confirmPublish', { name: shownName(p.name) }),
                    content: p.anonymous ? t('assessment.plan.anonymousWarning') : undefined,
                    action: () => publish.mutateAsync(p.id),
                    successText: t('assessment.plan.published'),
                  })
                }
              >
                {t('assessment.plan.publish')}
              </Button>
            )}
            {buttons.planEdit && p.status !== 3 && (
              <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.editPlan, { id: p.id }))}>
                {t('assessment.common.edit')}
              </Button>
            )}
            {back}
          </Flex>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          items={[
            {
              key: 'status',
              label: t('assessment.plan.status'),
              children: (
                <Tag color={PLAN_STATUS_COLOURS[p.status]}>
                  {t(`assessment.plan.statuses.${p.status as 1 | 2 | 3}`)}
                </Tag>
              ),
            },
            {
              key: 'kind',
              label: t('assessment.plan.kind'),
              children: t(`assessment.plan.kinds.${p.kind as 1 | 2}`),
            },
            {
              key: 'scales',
              label: t('assessment.plan.scales'),
              children: p.scales.map((s) => s.name).join(lang === 'zh-CN' ? '、' : ', '),
            },
            {
              key: 'window',
              label: t('assessment.plan.window'),
              children:
                p.startTime && p.endTime
                  ? `${formatDateTime(p.startTime, lang)} – ${formatDateTime(p.endTime, lang)}`
                  : t('assessment.plan.always'),
            },
            {
              key: 'anonymous',
              label: t('assessment.plan.anonymous'),
              children: p.anonymous ? t('assessment.common.yes') : t('assessment.common.no'),
            },
            {
              key: 'visibility',
              label: t('assessment.plan.resultVisibility'),
              children: t(`assessment.plan.visibility.${p.resultVisibility as 0 | 1 | 2}`),
            },
            {
              key: 'flag',
              label: t('assessment.plan.flagRule'),
              children: t(`assessment.plan.flag.${p.flagRule as 1 | 2 | 3}`),
            },
            { key: 'creator', label: t('assessment.plan.creator'), children: p.createUserName },
            { key: 'answers', label: t('assessment.plan.answers'), children: p.answerCount },
          ]}
        />
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.responses, { planId: p.id }))}>
            {t('assessment.plan.responses')}
          </Button>
          {p.agreementText && (
            <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.signatures, { planId: p.id }))}>
              {t('assessment.plan.signatures')}
            </Button>
          )}
          {buttons.resultView && (
            <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.answers, { planId: p.id }))}>
              {t('assessment.answers.title')}
            </Button>
          )}
          {firstScale && (
            <Button
              onClick={() =>
                go(pathWith(ASSESSMENT_PATHS.analysis, { planId: p.id, scaleId: firstScale.scaleId }))
              }
            >
              {t('assessment.analysis.title')}
            </Button>
          )}
          <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.interviewers, { planId: p.id }))}>
            {t('assessment.interviewers.assign')}
          </Button>
        </Flex>
      </AdminPage>
      {progress.data && <ProgressCard progress={progress.data} />}
      {p.status !== 1 && <NoAnswerList planId={p.id} canRemind={buttons.planEdit && p.status === 2} />}
    </Flex>
  );
}

function ProgressCard({ progress }: { progress: PlanProgress }) {
  const { t } = useTranslation();
  const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);
  return (
    <AdminPage level={2} title={t('assessment.plan.progress')}>
      <Flex gap={32} wrap data-testid="plan-progress">
        <Statistic title={t('assessment.plan.audience')} value={progress.audience} />
        <Statistic title={t('assessment.plan.started')} value={progress.started} />
        <Statistic title={t('assessment.plan.finished')} value={progress.finished} />
        {progress.byScale.map((s) => (
          <Statistic key={s.scaleId} title={s.name} value={s.submitted} />
        ))}
      </Flex>
      <Card size="small" style={{ marginTop: 12 }}>
        <Table
          size="small"
          rowKey={(r) => String(r.deptId)}
          pagination={false}
          dataSource={progress.byDept}
          columns={[
            { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
            { key: 'audience', title: t('assessment.plan.audience'), dataIndex: 'audience' },
            { key: 'finished', title: t('assessment.plan.finished'), dataIndex: 'finished' },
            {
              key: 'rate',
              title: t('assessment.plan.rate'),
              render: (_, r) => (
                <Progress
                  percent={percent(r.finished, r.audience)}
                  size="small"
                  aria-label={`${t('assessment.plan.rate')} ${shownPath(r.deptName) ?? ''}`.trim()}
                />
              ),
            },
          ]}
        />
      </Card>
    </AdminPage>
  );
}

function NoAnswerList({ planId, canRemind }: { planId: number; canRemind: boolean }) {
  const { t } = useTranslation();
  const list = useAdminList<{ name?: string }>({});
  const rows = useNoAnswerPage({ planId, ...list.query });
  const remind = useRemindPlan();
  const confirm = useConfirmAction();
  const batch = useBatchAction(list.selected);
  const columns: AdminColumn<NoAnswerRow>[] = [
    { key: 'name', title: t('assessment.common.name'), dataIndex: 'realName', alwaysShown: true },
    { key: 'number', title: t('assessment.common.number'), dataIndex: 'numberName' },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'grade', title: t('assessment.common.grade'), dataIndex: 'grade' },
    { key: 'submitted', title: t('assessment.plan.scalesDone'), dataIndex: 'submitted' },
  ];
  const sentText = (r: { sent: number }) => t('assessment.plan.reminded', { count: r.sent });
  return (
    <AdminPage level={2} title={t('assessment.plan.noAnswer')}>
      <AdminTable<NoAnswerRow>
        rowKey="userId"
        columns={columns}
        query={rows}
        list={list}
        selectable={canRemind}
        testId="no-answer-table"
        toolbar={
          <>
            <SearchBox
              placeholder={t('assessment.common.searchName')}
              onSearch={(name) => list.search({ name })}
            />
            {canRemind && (
              <>
                <Button
                  onClick={() =>
                    batch({
                      title: (count) => t('assessment.plan.confirmRemindSome', { count }),
                      noneTickedText: t('assessment.plan.tickToRemind'),
                      action: (keys) => remind.mutateAsync({ planId, userIds: keys.map(Number) }),
                      successText: sentText,
                    })
                  }
                >
                  {t('assessment.plan.remindTicked')}
                </Button>
                <Button
                  onClick={() =>
                    confirm({
                      title: t('assessment.plan.confirmRemindAll'),
                      action: () => remind.mutateAsync({ planId }),
                      successText: sentText,
                    })
                  }
                >
                  {t('assessment.plan.remindAll')}
                </Button>
              </>
            )}
          </>
        }
      />
    </AdminPage>
  );
}
