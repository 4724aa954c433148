import { Button, Flex, Result, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../shared/admin/export-button';
import { AdminPage } from '../../../shared/admin/admin-page';
import { usePageInfo } from '../../../shared/layout/page-context';
import { loadReportView } from '../../assessment-take';
import { exportReportPdf, useIndividualReport } from '../api/results';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import { AnswerList } from './answers-page';
import { useAssessmentButtons, useGo } from './common';

const ReportView = lazy(async () => ({ default: (await loadReportView()).ReportView }));

/**
 * `/evaluationReport` (spec S1.2.3): the answers to open a report from, with the way to the comprehensive
 * analysis, daily tests and House-Tree-Person records; `?answerId=` shows the individual report with its
 * PDF export.
 */
export function ReportPage() {
  const { search } = usePageInfo();
  const answerId = readId(search, 'answerId');
  return answerId === null ? <ReportHub /> : <IndividualReport answerId={answerId} />;
}

function ReportHub() {
  const { t } = useTranslation();
  const go = useGo();
  const buttons = useAssessmentButtons();
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Button onClick={() => go(ASSESSMENT_PATHS.analysis)}>{t('assessment.analysis.title')}</Button>
        <Button onClick={() => go(ASSESSMENT_PATHS.dailyUsers)}>{t('assessment.daily.title')}</Button>
        {buttons.htp && <Button onClick={() => go(ASSESSMENT_PATHS.htp)}>{t('assessment.htp.title')}</Button>}
      </Flex>
      {buttons.resultView ? (
        <AnswerList initialPlanId={null} title="report" />
      ) : (
        <Result status="info" title={t('assessment.report.noResultView')} />
      )}
    </Flex>
  );
}

function IndividualReport({ answerId }: { answerId: number }) {
  const { t } = useTranslation();
  const go = useGo();
  const buttons = useAssessmentButtons();
  const report = useIndividualReport(answerId);
  const back = <Button onClick={() => go(ASSESSMENT_PATHS.report)}>{t('assessment.common.back')}</Button>;
  if (report.isPending) return <Spin />;
  if (!report.data) return <Result status="404" title={t('assessment.common.notFound')} extra={back} />;
  const r = report.data;
  return (
    <AdminPage
      title={t('assessment.report.individual')}
      extra={
        <Flex gap={8} wrap>
          {buttons.reportExport && (
            <ExportButton
              label={t('assessment.report.pdf')}
              fileName={`${r.answer.realName ?? 'report'}-${r.answer.scaleName}.pdf`}
              call={() => exportReportPdf(answerId)}
              testId="report-pdf"
            />
          )}
          {r.answer.userId !== null && (
            <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.record, { userId: r.answer.userId }))}>
              {t('assessment.record.title')}
            </Button>
          )}
          {back}
        </Flex>
      }
    >
      <Suspense fallback={<Spin />}>
        <ReportView report={r} />
      </Suspense>
    </AdminPage>
  );
}
