import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePendingTests } from '../api/take';
import { testPath, TAKE_PATHS } from '../lib/take-paths';

/**
 * The student's pending tests on the workbench (spec S1.7 `getMyUpscomingScaleByPage`): how many, the
 * first few to open at once.
 */
export function PendingTestsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = usePendingTests({ current: 1, size: 3 });
  const total = pending.data?.total ?? 0;
  if (!pending.data || total === 0) return null;
  return (
    <Card
      variant="borderless"
      data-testid="pending-tests-card"
      title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('assessmentHome.title', { count: total })}</h2>}
      extra={
        <Button type="link" onClick={() => void navigate(TAKE_PATHS.tests)}>
          {t('assessmentHome.all')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        {pending.data.records.map((test) => (
          <Flex key={`${test.planId}-${test.scaleId}`} justify="space-between" align="center" gap={8}>
            <Typography.Text>
              {test.scaleName}
              <Typography.Text type="secondary">
                {' '}
                · {seededName(test.planName, currentLanguage())}
              </Typography.Text>
            </Typography.Text>
            <Button
              size="small"
              type="primary"
              onClick={() =>
                void navigate(test.needsAgreement ? TAKE_PATHS.tests : testPath(test.planId, test.scaleId))
              }
              aria-label={`${t('assessmentHome.start')} ${test.scaleName}`}
            >
              {test.state === 1 ? t('assessmentHome.continue') : t('assessmentHome.start')}
            </Button>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
