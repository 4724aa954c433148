import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { Alert, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RuleState } from '../api/appointments';
import styles from './appointments.module.css';

/**
 * The rules as they stand for the visitor, shown before they act (S1.4.15, S1.1.10): sessions left this
 * term, leaves used, no-shows and the block with the day it lifts, the leave deadline, arriving early,
 * and the information note. The refusals the server would give now are listed on top.
 */
export function RulesCard({ rules }: { rules: RuleState }) {
  const { t } = useTranslation();
  const { block, sessions, leaves } = rules;
  return (
    <Card size="small" title={t('appointments.rules.title')} data-testid="rules-card">
      <Flex vertical gap={8}>
        {block.blocked && (
          <Alert
            type="error"
            showIcon
            data-testid="rules-blocked"
            title={t('appointments.rules.blocked', { noShows: block.noShows, liftsOn: block.liftsOn ?? '' })}
          />
        )}
        {rules.refusals
          .filter((r) => r.reason !== 'blocked')
          .map((r) => (
            <Alert key={r.reason} type="warning" showIcon title={r.message} />
          ))}
        <Typography.Text type="secondary">
          {t('appointments.rules.term', {
            name: seededName(rules.term.name, currentLanguage()),
            start: rules.term.startDate,
            end: rules.term.endDate,
          })}
        </Typography.Text>
        <ul className={styles.ruleList}>
          <li data-testid="rules-sessions">
            {t('appointments.rules.sessions', {
              used: sessions.used,
              allowed: sessions.allowed + sessions.extra,
              remaining: sessions.remaining,
            })}
          </li>
          <li>
            {t('appointments.rules.deadline', {
              hour: `${String(rules.leaveDeadlineHour).padStart(2, '0')}:00`,
            })}
          </li>
          <li data-testid="rules-leaves">
            {t('appointments.rules.leaves', { used: leaves.used, limit: leaves.limit })}
          </li>
          <li data-testid="rules-noshows">
            {t('appointments.rules.noShows', { n: block.noShows, limit: block.limit })}
          </li>
          <li>{t('appointments.rules.arriveEarly', { minutes: rules.arriveEarlyMinutes })}</li>
        </ul>
        <Typography.Paragraph type="secondary" className={styles.note}>
          {rules.note}
        </Typography.Paragraph>
      </Flex>
    </Card>
  );
}
