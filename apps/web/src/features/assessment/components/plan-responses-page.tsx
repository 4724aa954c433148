import { Button, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownPath } from '../../../shared/lib/seeded-names';
import { usePlan, useResponsePage, type ResponseRow } from '../api/plans';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import { useGo } from './common';

const STATE_COLOURS: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success' };

/** `/assessmentPlanResponseList?planId=` (spec S1.2.9): each person of the audience with the state of each scale. */
export function PlanResponsesPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { search } = usePageInfo();
  const go = useGo();
  const planId = readId(search, 'planId') ?? 0;
  const plan = usePlan(planId || null);
  const list = useAdminList<{ name?: string; state?: 0 | 1 | 2 }>({});
  const rows = useResponsePage({ planId, ...list.query });
  const scaleColumns: AdminColumn<ResponseRow>[] = (plan.data?.scales ?? []).map((s) => ({
    key: `s-${s.scaleId}`,
    title: s.name,
    render: (_, r) => {
      const state = r.scales.find((x) => x.scaleId === s.scaleId);
      if (!state) return '-';
      return (
        <span>
          <Tag color={STATE_COLOURS[state.state]}>
            {t(`assessment.responses.states.${state.state as 0 | 1 | 2}`)}
          </Tag>
          {state.submitTime ? formatDateTime(state.submitTime, lang) : ''}
        </span>
      );
    },
  }));
  const columns: AdminColumn<ResponseRow>[] = [
    { key: 'name', title: t('assessment.common.name'), dataIndex: 'realName', alwaysShown: true },
    { key: 'number', title: t('assessment.common.number'), dataIndex: 'numberName' },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'grade', title: t('assessment.common.grade'), dataIndex: 'grade' },
    ...scaleColumns,
  ];
  return (
    <AdminPage
      title={t('assessment.responses.title', { plan: plan.data?.name ?? '' })}
      extra={
        <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.plans, { id: planId }))}>
          {t('assessment.common.back')}
        </Button>
      }
    >
      <AdminTable<ResponseRow>
        rowKey="userId"
        columns={columns}
        query={rows}
        list={list}
        scrollX={900}
        testId="response-table"
        toolbar={
          <>
            <SearchBox
              placeholder={t('assessment.common.searchName')}
              onSearch={(name) => list.refine({ name })}
            />
            <Select
              allowClear
              style={{ width: 180 }}
              placeholder={t('assessment.responses.state')}
              aria-label={t('assessment.responses.state')}
              options={[0, 1, 2].map((s) => ({
                value: s,
                label: t(`assessment.responses.filter.${s as 0 | 1 | 2}`),
              }))}
              onChange={(state?: 0 | 1 | 2) => list.refine({ state })}
            />
          </>
        }
      />
    </AdminPage>
  );
}
