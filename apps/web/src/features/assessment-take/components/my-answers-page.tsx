import { Button, Card, Empty, List, Result, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { isApiError } from '../../../shared/api/request';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useMyAnswers, useMyReport } from '../api/take';
import { pairText } from '../lib/report-text';
import { readQueryId, TAKE_PATHS } from '../lib/take-paths';
import { ReportView } from './report-view';

/**
 * `/evaluation_user_answerlist/index` (spec S1.2.7): the student's own answers with what each plan lets
 * them see; `?answerId=` opens one (the full report where the plan shows it).
 */
export function MyAnswersPage() {
  const { search } = usePageInfo();
  const answerId = readQueryId(search, 'answerId');
  return answerId === null ? <MyAnswerList /> : <MyReport answerId={answerId} />;
}

function MyAnswerList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [current, setCurrent] = useState(1);
  const answers = useMyAnswers({ current, size: 10 });
  return (
    <Card
      variant="borderless"
      title={<h1 style={{ margin: 0, fontSize: 18 }}>{t('assessmentTake.mine.title')}</h1>}
    >
      {answers.isPending ? (
        <Spin />
      ) : (
        <List
          dataSource={answers.data?.records ?? []}
          locale={{ emptyText: <Empty description={t('assessmentTake.mine.none')} /> }}
          pagination={
            (answers.data?.total ?? 0) > 10
              ? { current, pageSize: 10, total: answers.data?.total ?? 0, onChange: setCurrent }
              : false
          }
          renderItem={(answer) => (
            <List.Item
              key={answer.answerId}
              data-testid="my-answer"
              actions={
                answer.resultVisibility > 0
                  ? [
                      <Button
                        key="view"
                        size="small"
                        onClick={() => void navigate(`${TAKE_PATHS.mine}?answerId=${answer.answerId}`)}
                        aria-label={`${t('assessmentTake.mine.view')} ${answer.scaleName}`}
                      >
                        {t('assessmentTake.mine.view')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={answer.scaleName}
                description={
                  <>
                    <div>{answer.planName}</div>
                    <Typography.Text type="secondary">
                      {formatDateTime(answer.submitTime, lang)}
                    </Typography.Text>
                    <div>
                      {answer.summary?.label ? (
                        <Tag color="blue">{pairText(answer.summary.label, lang)}</Tag>
                      ) : (
                        <Typography.Text type="secondary">{t('assessmentTake.mine.hidden')}</Typography.Text>
                      )}
                    </div>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function MyReport({ answerId }: { answerId: number }) {
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
      title={<h1 style={{ margin: 0, fontSize: 18 }}>{t('assessmentTake.mine.report')}</h1>}
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
