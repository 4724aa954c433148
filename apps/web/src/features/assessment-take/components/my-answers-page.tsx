import { seededName } from '@psy/contracts';
import { Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useMyAnswers } from '../api/mine';
import { pairText } from '../lib/report-text';
import { readQueryId, TAKE_PATHS } from '../lib/take-paths';
import { Pager } from './pager';
import styles from './take.module.css';

// The report (its tables and chart) comes when one is opened.
const MyReport = lazy(async () => ({ default: (await import('./my-report')).MyReport }));

/**
 * `/evaluation_user_answerlist/index` (spec S1.2.7): the student's own answers with what each plan lets
 * them see; `?answerId=` opens one (the full report where the plan shows it).
 */
export function MyAnswersPage() {
  const { search } = usePageInfo();
  const answerId = readQueryId(search, 'answerId');
  return answerId === null ? (
    <MyAnswerList />
  ) : (
    <Suspense fallback={<Spin />}>
      <MyReport answerId={answerId} />
    </Suspense>
  );
}

function MyAnswerList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [current, setCurrent] = useState(1);
  const answers = useMyAnswers({ current, size: 10 });
  return (
    <Card variant="borderless" title={<h1 className={styles.pageTitle}>{t('assessmentTake.mine.title')}</h1>}>
      {answers.isPending ? (
        <Spin />
      ) : (answers.data?.records ?? []).length === 0 ? (
        <Empty description={t('assessmentTake.mine.none')} />
      ) : (
        <Flex vertical gap={12}>
          {(answers.data?.records ?? []).map((answer) => (
            <Card key={answer.answerId} size="small" data-testid="my-answer">
              <Flex justify="space-between" align="center" gap={12} wrap>
                <Flex vertical gap={2}>
                  <Typography.Text strong>{answer.scaleName}</Typography.Text>
                  <span>{seededName(answer.planName, currentLanguage())}</span>
                  <Typography.Text type="secondary">
                    {formatDateTime(answer.submitTime, lang)}
                  </Typography.Text>
                  <span>
                    {answer.summary?.label ? (
                      <Tag color="blue">{pairText(answer.summary.label, lang)}</Tag>
                    ) : (
                      <Typography.Text type="secondary">{t('assessmentTake.mine.hidden')}</Typography.Text>
                    )}
                  </span>
                </Flex>
                {answer.resultVisibility > 0 && (
                  <Button
                    onClick={() => void navigate(`${TAKE_PATHS.mine}?answerId=${answer.answerId}`)}
                    aria-label={`${t('assessmentTake.mine.view')} ${answer.scaleName}`}
                  >
                    {t('assessmentTake.mine.view')}
                  </Button>
                )}
              </Flex>
            </Card>
          ))}
          <Pager current={current} total={answers.data?.total ?? 0} size={10} onChange={setCurrent} />
        </Flex>
      )}
    </Card>
  );
}
