import { Button, Card, Empty, Flex, List, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { usePendingTests, type PendingTest } from '../api/take';
import { readQueryId, testPath } from '../lib/take-paths';
import { AgreementSheet } from './agreement-sheet';
import { TestRunner } from './test-runner';

/**
 * `/evaluation_user_test/index` (spec S1.2.7): the student's pending tests; with `?planId=&scaleId=` the
 * test itself.
 */
export function PendingTestsPage() {
  const { search } = usePageInfo();
  const planId = readQueryId(search, 'planId');
  const scaleId = readQueryId(search, 'scaleId');
  if (planId !== null && scaleId !== null)
    return <TestRunner key={`${planId}-${scaleId}`} planId={planId} scaleId={scaleId} />;
  return <PendingTestList />;
}

function PendingTestList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [current, setCurrent] = useState(1);
  const pending = usePendingTests({ current, size: 10 });
  const [signing, setSigning] = useState<PendingTest | null>(null);

  const open = (test: PendingTest) => {
    if (test.needsAgreement && test.agreementText) setSigning(test);
    else void navigate(testPath(test.planId, test.scaleId));
  };

  return (
    <Card
      variant="borderless"
      title={<h1 style={{ margin: 0, fontSize: 18 }}>{t('assessmentTake.title')}</h1>}
    >
      {pending.isPending ? (
        <Spin />
      ) : (
        <List
          dataSource={pending.data?.records ?? []}
          locale={{ emptyText: <Empty description={t('assessmentTake.none')} /> }}
          pagination={
            (pending.data?.total ?? 0) > 10
              ? { current, pageSize: 10, total: pending.data?.total ?? 0, onChange: setCurrent }
              : false
          }
          renderItem={(test) => (
            <List.Item
              key={`${test.planId}-${test.scaleId}`}
              data-testid="pending-test"
              actions={[
                <Button
                  key="open"
                  type="primary"
                  onClick={() => open(test)}
                  aria-label={`${test.state === 1 ? t('assessmentTake.continue') : t('assessmentTake.start')} ${test.scaleName}`}
                >
                  {test.state === 1 ? t('assessmentTake.continue') : t('assessmentTake.start')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={test.scaleName}
                description={
                  <Flex vertical gap={2}>
                    <span>{test.planName}</span>
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
                }
              />
            </List.Item>
          )}
        />
      )}
      {signing && (
        <AgreementSheet
          planId={signing.planId}
          planName={signing.planName}
          text={signing.agreementText ?? ''}
          onClose={() => setSigning(null)}
          onSigned={() => {
            const test = signing;
            setSigning(null);
            void navigate(testPath(test.planId, test.scaleId));
          }}
        />
      )}
    </Card>
  );
}
