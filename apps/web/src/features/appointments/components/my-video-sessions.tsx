import { Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import type { VideoSessionState } from '@psy/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { showToast } from '../../../shared/ui/feedback';
import { useAppointmentAction, useSchoolZone } from '../api/appointments';
import { useMyVideoSessions, type VideoSession } from '../api/video-sessions';
import { instantLabel, sessionTime, statusLabel, typeLabel } from '../lib/appointment-format';
import { videoMinutes } from '../lib/video-minutes';
import { ChoiceButtons } from './choice-buttons';
import styles from './appointments.module.css';

type When = 'upcoming' | 'past';
const PAGE_SIZE = 20;
const STATE_COLOURS: Record<VideoSessionState, string> = {
  scheduled: 'blue',
  inCall: 'green',
  held: 'purple',
  notHeld: 'default',
};

/**
 * The video (online) sessions a counsellor holds, from their own appointments page: those ahead and
 * running, or those past. Each shows the time, the visitor (phone masked as in every list), where the
 * call stands, and the call's start and end: starting the session opens the call, ending it closes it.
 * A counsellor without the records page's permission has no other screen of them.
 */
export function MyVideoSessions() {
  const { t } = useTranslation();
  const [when, setWhen] = useState<When>('upcoming');
  const [current, setCurrent] = useState(1);
  const page = useMyVideoSessions({ when, current, size: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((page.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Flex vertical gap={12} data-testid="my-video-sessions">
      <Typography.Text type="secondary">{t('appointments.video.intro')}</Typography.Text>
      <ChoiceButtons<When>
        size="small"
        label={t('appointments.video.which')}
        value={when}
        onChange={(value) => {
          setWhen(value);
          setCurrent(1);
        }}
        choices={[
          { value: 'upcoming', label: t('appointments.video.upcoming') },
          { value: 'past', label: t('appointments.video.past') },
        ]}
      />
      {page.isLoading ? (
        <Spin />
      ) : !page.data?.records.length ? (
        <Empty
          description={t(
            when === 'upcoming' ? 'appointments.video.emptyUpcoming' : 'appointments.video.emptyPast',
          )}
        />
      ) : (
        <>
          {page.data.records.map((s) => (
            <VideoSessionCard key={s.appointment.id} session={s} />
          ))}
          {pages > 1 && (
            <Flex gap={8} align="center">
              <Button size="small" disabled={current <= 1} onClick={() => setCurrent((n) => n - 1)}>
                {t('appointments.video.previous')}
              </Button>
              <Typography.Text>{t('appointments.video.page', { current, pages })}</Typography.Text>
              <Button size="small" disabled={current >= pages} onClick={() => setCurrent((n) => n + 1)}>
                {t('appointments.video.next')}
              </Button>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}

function VideoSessionCard({ session: s }: { session: VideoSession }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const act = useAppointmentAction();
  const a = s.appointment;
  const minutes = s.video ? videoMinutes(s.video) : null;
  const visitor = [a.visitorName, a.visitorNumber, a.visitorPhone].filter(Boolean).join(' · ');
  const run = (action: 'start' | 'end') =>
    act.mutateAsync({ id: a.id, action }).then(
      () =>
        showToast(
          'success',
          t(action === 'start' ? 'appointments.video.started' : 'appointments.video.ended'),
        ),
      () => undefined,
    );
  return (
    <Card size="small" className={styles.appointmentCard} data-testid={`video-session-${a.id}`}>
      <Flex justify="space-between" gap={8} wrap>
        <Flex vertical gap={2}>
          <Typography.Text strong>{sessionTime(a.startTime, a.endTime, zone, lang)}</Typography.Text>
          <Typography.Text>
            {visitor} · {typeLabel(a.type, lang)}
          </Typography.Text>
          {s.video && (
            <Typography.Text type="secondary">
              {minutes === null
                ? t('appointments.video.callSince', { time: instantLabel(s.video.startedAt, zone) })
                : t('appointments.video.callLasted', {
                    time: instantLabel(s.video.startedAt, zone),
                    minutes,
                  })}
            </Typography.Text>
          )}
          {s.state === 'notHeld' && (
            <Typography.Text type="secondary">{statusLabel(a.status, lang)}</Typography.Text>
          )}
        </Flex>
        <Flex vertical gap={4} align="end">
          <Tag color={STATE_COLOURS[s.state]}>{t(`appointments.video.state.${s.state}`)}</Tag>
          {a.actions.includes('start') && (
            <Button
              size="small"
              type="primary"
              loading={act.isPending}
              onClick={() => void run('start')}
              aria-label={`${t('appointments.video.start')} ${a.visitorName}`}
            >
              {t('appointments.video.start')}
            </Button>
          )}
          {a.actions.includes('end') && (
            <Button
              size="small"
              loading={act.isPending}
              onClick={() => void run('end')}
              aria-label={`${t('appointments.video.end')} ${a.visitorName}`}
            >
              {t('appointments.video.end')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
