import { Button, Card, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { isApiError } from '../../../shared/api/request';
import { useMyReport } from '../api/my-report';
import { pairText } from '../lib/report-text';
import { TAKE_PATHS } from '../lib/take-paths';
import { ReportView } from './report-view';
import styles from './take.module.css';

/** A student's own result: the level and advice, and the full report where the plan shows it (S1.2.7). */
export function MyReport({ answerId }: { answerId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const report = useMyReport(answerId);
  const back = (
    <Button onClick={() => void navigate(TAKE_PATHS.mine)}>{t('assessmentTake.mine.back')}</Button>
  );
  if (report.isPending) return <Spin />;
  if (report.isError || !report.data)
    return (
      <Result
        status="info"
        title={t('assessmentTake.mine.notShown')}
        subTitle={isApiError(report.error) ? report.error.message : undefined}
        extra={back}
      />
    );
  const { summary } = report.data;
  return (
    <Card
      variant="borderless"
      title={<h1 className={styles.pageTitle}>{t('assessmentTake.mine.report')}</h1>}
      extra={back}
    >
      {summary.label && (
        <Typography.Title level={2} style={{ fontSize: 17 }}>
          {pairText(summary.label, lang)}
        </Typography.Title>
      )}
      {summary.interpretation && (
        <Typography.Paragraph>{pairText(summary.interpretation, lang)}</Typography.Paragraph>
      )}
      {report.data.report && <ReportView report={report.data.report} showPerson={false} />}
    </Card>
  );
}
