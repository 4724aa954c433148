import { seededName } from '@psy/contracts';
import { Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { usePendingTests, type PendingTest } from '../api/take';
import { readQueryId, testPath } from '../lib/take-paths';
import { Pager } from './pager';
import styles from './take.module.css';

// The paper and the signature pad are chunks of their own: the list shows first on a phone.
const TestRunner = lazy(async () => ({ default: (await import('./test-runner')).TestRunner }));
const AgreementSheet = lazy(async () => ({ default: (await import('./agreement-sheet')).AgreementSheet }));

const PAGE_SIZE = 10;

/**
 * `/evaluation_user_test/index` (spec S1.2.7): the student's pending tests; with `?planId=&scaleId=` the
 * test itself.
 */
export function PendingTestsPage() {
  const { search } = usePageInfo();
  const planId = readQueryId(search, 'planId');
  const scaleId = readQueryId(search, 'scaleId');
  if (planId !== null && scaleId !== null)
    return (
      <Suspense fallback={<Spin />}>
        <TestRunner key={`${planId}-${scaleId}`} planId={planId} scaleId={scaleId} />
      </Suspense>
    );
  return <PendingTestList />;
}

function PendingTestList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [current, setCurrent] = useState(1);
  const pending = usePendingTests({ current, size: PAGE_SIZE });
  const [signing, setSigning] = useState<PendingTest | null>(null);
  const tests = pending.data?.records ?? [];
  const total = pending.data?.total ?? 0;

  const open = (test: PendingTest) => {
    if (test.needsAgreement && test.agreementText) setSigning(test);
    else void navigate(testPath(test.planId, test.scaleId));
  };

  return (
    <Card variant="borderless" title={<h1 className={styles.pageTitle}>{t('assessmentTake.title')}</h1>}>
      {pending.isPending ? (
        <Spin />
      ) : tests.length === 0 ? (
        <Empty description={t('assessmentTake.none')} />
      ) : (
        <Flex vertical gap={12}>
          {tests.map((test) => {
            const action = test.state === 1 ? t('assessmentTake.continue') : t('assessmentTake.start');
            return (
              <Card key={`${test.planId}-${test.scaleId}`} size="small" data-testid="pending-test">
                <Flex justify="space-between" align="center" gap={12} wrap>
                  <Flex vertical gap={2}>
                    <Typography.Text strong>{test.scaleName}</Typography.Text>
                    <span>{seededName(test.planName, currentLanguage())}</span>
                    <Typography.Text type="secondary">
                      {t('assessmentTake.items', { count: test.itemCount })}
                      {test.endTime
                        ? ` · ${t('assessmentTake.until', { time: formatDateTime(test.endTime, lang) })}`
                        : ''}
                    </Typography.Text>
                    <span>
                      {test.state === 1 && (
                        <Tag color="processing">
                          {t('assessmentTake.inProgress', { answered: test.answered, total: test.itemCount })}
                        </Tag>
                      )}
                      {test.needsAgreement && <Tag color="warning">{t('assessmentTake.needsAgreement')}</Tag>}
                    </span>
                  </Flex>
                  <Button
                    type="primary"
                    onClick={() => open(test)}
                    aria-label={`${action} ${test.scaleName}`}
                  >
                    {action}
                  </Button>
                </Flex>
              </Card>
            );
          })}
          <Pager current={current} total={total} size={PAGE_SIZE} onChange={setCurrent} />
        </Flex>
      )}
      {signing && (
        <Suspense fallback={null}>
          <AgreementSheet
            planId={signing.planId}
            planName={seededName(signing.planName, currentLanguage())}
            text={signing.agreementText ?? ''}
            onClose={() => setSigning(null)}
            onSigned={() => {
              const test = signing;
              setSigning(null);
              void navigate(testPath(test.planId, test.scaleId));
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
