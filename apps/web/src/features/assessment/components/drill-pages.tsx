import type { GroupBy } from '@psy/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable } from '../../../shared/admin/admin-table';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatScore } from '../../assessment-take';
import { useDrillAnswerPage, useDrillDataPage, type AnswerRow } from '../api/results';
import { ASSESSMENT_PATHS, pathWith, readFlag, readId } from '../lib/paths';
import { useAnswerColumns } from './answers-page';
import { useGo } from './common';

function useCell() {
  const { search } = usePageInfo();
  const groupBy = search.get('groupBy');
  return {
    planId: readId(search, 'planId') ?? 0,
    scaleId: readId(search, 'scaleId') ?? 0,
    groupBy: (groupBy === 'grade' || groupBy === 'sex' ? groupBy : 'dept') as GroupBy,
    key: search.get('key') ?? '',
    label: search.get('label') ?? search.get('key') ?? '',
    search,
  };
}

function BackToAnalysis({ planId, scaleId }: { planId: number; scaleId: number }) {
  const { t } = useTranslation();
  const go = useGo();
  return (
    <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.analysis, { planId, scaleId }))}>
      {t('assessment.common.back')}
    </Button>
  );
}

/** `/tzbEvaluationAnswerlist` (spec S1.2.10): the answers of one cell of the analysis. */
export function DrillAnswersPage() {
  const { t } = useTranslation();
  const cell = useCell();
  const riskGrade = readId(cell.search, 'riskGrade');
  const list = useAdminList<object>({});
  const rows = useDrillAnswerPage({
    planId: cell.planId,
    scaleId: cell.scaleId,
    groupBy: cell.groupBy,
    key: cell.key,
    ...(riskGrade === 1 || riskGrade === 2 || riskGrade === 3 ? { riskGrade } : {}),
    ...(readFlag(cell.search, 'screenPositive') !== undefined
      ? { screenPositive: readFlag(cell.search, 'screenPositive') }
      : {}),
    ...(readFlag(cell.search, 'warning') !== undefined ? { warning: readFlag(cell.search, 'warning') } : {}),
    ...list.query,
  });
  const columns = useAnswerColumns();
  return (
    <AdminPage
      title={t('assessment.drill.answersTitle', { group: cell.label })}
      extra={<BackToAnalysis planId={cell.planId} scaleId={cell.scaleId} />}
    >
      <AdminTable<AnswerRow>
        rowKey="id"
        columns={columns}
        query={rows}
        list={list}
        scrollX={1500}
        testId="drill-table"
      />
    </AdminPage>
  );
}

/** `/tzbDataDeepList` (spec S1.2.10): the answers of one group at or above a factor score. */
export function DrillDataPage() {
  const { t } = useTranslation();
  const cell = useCell();
  const factor = cell.search.get('factor') ?? '';
  const list = useAdminList<object>({});
  const rows = useDrillDataPage({
    planId: cell.planId,
    scaleId: cell.scaleId,
    groupBy: cell.groupBy,
    key: cell.key,
    factor,
    minScore: 2,
    ...list.query,
  });
  const columns = useAnswerColumns([
    {
      key: 'factorScore',
      title: t('assessment.drill.factorScore', { factor }),
      render: (_, a) => formatScore((a as AnswerRow & { factorScore?: number }).factorScore),
    },
  ]);
  return (
    <AdminPage
      title={t('assessment.drill.dataTitle', { group: cell.label, factor })}
      extra={<BackToAnalysis planId={cell.planId} scaleId={cell.scaleId} />}
    >
      <AdminTable<AnswerRow>
        rowKey="id"
        columns={columns}
        query={rows}
        list={list}
        scrollX={1500}
        testId="drill-table"
      />
    </AdminPage>
  );
}
