import { seededName } from '@psy/contracts';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { showToast } from '../../../shared/ui/feedback';
import {
  useClaimOffer,
  useDeclineOffer,
  useLeaveWaitlist,
  useMyWaitlist,
  useSchoolZone,
} from '../api/appointments';
import { instantLabel, sessionTime } from '../lib/appointment-format';
import styles from './appointments.module.css';

/**
 * My places on the waiting list: the place in the queue, and an open offer of a freed time with the
 * moment it ends, to claim (it books the time) or decline (the next visitor gets it).
 */
export function WaitlistCard() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const entries = useMyWaitlist();
  const claim = useClaimOffer();
  const decline = useDeclineOffer();
  const leave = useLeaveWaitlist();
  const live = (entries.data?.records ?? []).filter((e) => e.status === 'waiting' || e.status === 'offered');
  if (!live.length) return null;
  return (
    <Card size="small" title={t('appointments.waitlist.title')} data-testid="waitlist-card">
      <Flex vertical gap={12}>
        {live.map((entry) => {
          const offer = entry.offers.find((o) => o.status === 'open');
          return (
            <Flex key={entry.id} vertical gap={4}>
              <Flex gap={8} wrap align="center">
                <Tag color={offer ? 'blue' : 'default'}>
                  {offer ? t('appointments.waitlist.offered') : t('appointments.waitlist.waiting')}
                </Tag>
                {entry.position !== null && !offer && (
                  <Typography.Text>
                    {t('appointments.waitlist.position', { position: entry.position })}
                  </Typography.Text>
                )}
              </Flex>
              {offer ? (
                <Flex vertical gap={4} data-testid="waitlist-offer">
                  <Typography.Text strong>
                    {sessionTime(offer.startTime, offer.endTime, zone, lang)} · {offer.counsellorName} ·{' '}
                    {seededName(offer.siteName, lang)}
                  </Typography.Text>
                  <Typography.Text strong>
                    {t('appointments.waitlist.claimBy', { time: instantLabel(offer.expiresAt, zone) })}
                  </Typography.Text>
                  <Flex gap={8}>
                    <Button
                      type="primary"
                      loading={claim.isPending}
                      data-testid="waitlist-claim"
                      onClick={() =>
                        claim.mutateAsync(offer.id).then(
                          () => showToast('success', t('appointments.waitlist.claimed')),
                          () => undefined,
                        )
                      }
                    >
                      {t('appointments.waitlist.claim')}
                    </Button>
                    <Button
                      loading={decline.isPending}
                      onClick={() =>
                        decline.mutateAsync(offer.id).then(
                          () => undefined,
                          () => undefined,
                        )
                      }
                    >
                      {t('appointments.waitlist.decline')}
                    </Button>
                  </Flex>
                </Flex>
              ) : (
                <Button
                  size="small"
                  className={styles.selfStart}
                  onClick={() =>
                    leave.mutateAsync(entry.id).then(
                      () => undefined,
                      () => undefined,
                    )
                  }
                >
                  {t('appointments.waitlist.leave')}
                </Button>
              )}
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
