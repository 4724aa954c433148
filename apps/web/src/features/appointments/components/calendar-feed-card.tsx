import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/appointments';
import styles from './appointments.module.css';

/**
 * My calendar link (RFC 5545): appointments show in the phone's calendar. The link is shown once, when
 * made; making a new one or revoking ends the old one at once.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const active = feed.data?.active ?? false;
  return (
    <Card size="small" title={t('appointments.feed.title')} data-testid="calendar-feed">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('appointments.feed.intro')}</Typography.Text>
        {url && (
          <Alert
            type="success"
            title={t('appointments.feed.copyNow')}
            description={
              <Typography.Text copyable code className={styles.breakAll} data-testid="calendar-feed-url">
                {url}
              </Typography.Text>
            }
          />
        )}
        {!url && active && <Typography.Text>{t('appointments.feed.active')}</Typography.Text>}
        <Flex gap={8} wrap>
          <Button
            loading={create.isPending}
            onClick={() =>
              create.mutateAsync(undefined).then(
                (answer) => {
                  setUrl(answer.url);
                  void feed.refetch();
                },
                () => undefined,
              )
            }
          >
            {active ? t('appointments.feed.rotate') : t('appointments.feed.create')}
          </Button>
          {active && (
            <Button
              danger
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutateAsync(undefined).then(
                  () => {
                    setUrl(null);
                    showToast('success', t('appointments.feed.revoked'));
                  },
                  () => undefined,
                )
              }
            >
              {t('appointments.feed.revoke')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
