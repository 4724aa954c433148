import { Alert, Button, Card, Flex, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { pairText } from '../lib/report-text';
import { TAKE_PATHS } from '../lib/take-paths';
import { OUTCOME_STORAGE_KEY, readOutcome } from '../lib/test-progress';

function storedOutcome() {
  try {
    return readOutcome(sessionStorage.getItem(OUTCOME_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * `/testSuccess` (spec S1.2.9): the test is in; what the plan lets the student see of the result, and
 * after a critical answer the help contacts whatever the plan shows (docs/assessment.md "Answering").
 */
export function TestSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const [outcome] = useState(storedOutcome);
  const summary = outcome?.summary ?? null;
  return (
    <Card variant="borderless">
      <Result
        status="success"
        title={<h1 style={{ fontSize: 22, margin: 0 }}>{t('assessmentTake.success.title')}</h1>}
        subTitle={outcome ? t('assessmentTake.success.subtitle', { scale: outcome.scaleName }) : undefined}
        extra={
          <Flex wrap gap={8} justify="center">
            <Button type="primary" onClick={() => void navigate(TAKE_PATHS.tests)}>
              {t('assessmentTake.success.more')}
            </Button>
            <Button onClick={() => void navigate(TAKE_PATHS.mine)}>{t('assessmentTake.success.mine')}</Button>
          </Flex>
        }
      />
      {outcome?.critical && (
        <Alert
          type="warning"
          showIcon
          data-testid="help-contacts"
          title={t('assessmentTake.success.helpTitle')}
          description={
            <span style={{ whiteSpace: 'pre-wrap' }}>
              {outcome.helpText || t('assessmentTake.success.helpDefault')}
            </span>
          }
        />
      )}
      {summary && (
        <Card size="small" style={{ marginTop: 12 }} data-testid="result-summary">
          {summary.label && (
            <Typography.Title level={2} style={{ fontSize: 17, marginTop: 0 }}>
              {pairText(summary.label, lang)}
            </Typography.Title>
          )}
          {summary.interpretation && (
            <Typography.Paragraph>{pairText(summary.interpretation, lang)}</Typography.Paragraph>
          )}
          {summary.profileCode && (
            <Typography.Paragraph>
              {t('assessmentTake.success.profileCode', { code: summary.profileCode })}
            </Typography.Paragraph>
          )}
          {outcome?.resultVisibility === 2 && outcome.answerId !== null && (
            <Button onClick={() => void navigate(`${TAKE_PATHS.mine}?answerId=${outcome.answerId}`)}>
              {t('assessmentTake.success.report')}
            </Button>
          )}
        </Card>
      )}
      {outcome && !summary && !outcome.critical && (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('assessmentTake.success.noResult')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
