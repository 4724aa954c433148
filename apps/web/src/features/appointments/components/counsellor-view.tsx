import { Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { seededPlace, type DeskAction } from '@psy/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { showToast } from '../../../shared/ui/feedback';
import { useUserInfo } from '../../auth';
import { useAppointmentAction, useMyAppointments, useSchoolZone } from '../api/appointments';
import { sessionTime, statusColor, statusLabel, typeLabel } from '../lib/appointment-format';
import { ChoiceButtons } from './choice-buttons';
import { VisitorView } from './visitor-view';
import styles from './appointments.module.css';

const CounsellorCalendar = lazy(() =>
  import('./counsellor-calendar').then((m) => ({ default: m.CounsellorCalendar })),
);
// In its own chunk: the student's first visit of this page does not carry a counsellor's leave form.
const MyLeave = lazy(() => import('./my-leave').then((m) => ({ default: m.MyLeave })));
const MyVideoSessions = lazy(() =>
  import('./my-video-sessions').then((m) => ({ default: m.MyVideoSessions })),
);

type Tab = 'calendar' | 'sessions' | 'video' | 'leave' | 'book';
/** What a counsellor does from their own list: see the visitor in, and end the session. */
const COUNSELLOR_ACTIONS: readonly DeskAction[] = ['arrive', 'start', 'end', 'visitorNoShow'];

/**
 * The counsellor's side of "my appointments": the week and month calendar of their duty slots and
 * sessions, the list of their sessions with start and end (S1.4.1), their video sessions (S1.7.24), and
 * their leave (asked here, decided by the centre). One who is also a visitor books their own counselling from the last tab.
 */
export function CounsellorView({ isVisitorToo }: { isVisitorToo: boolean }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('calendar');
  const options: { value: Tab; label: string }[] = [
    { value: 'calendar', label: t('appointments.tabs.calendar') },
    { value: 'sessions', label: t('appointments.tabs.sessions') },
    { value: 'video', label: t('appointments.tabs.video') },
    { value: 'leave', label: t('appointments.tabs.leave') },
  ];
  if (isVisitorToo) options.push({ value: 'book', label: t('appointments.tabs.myBooking') });
  return (
    <Flex vertical gap={12}>
      <ChoiceButtons<Tab> label={t('appointments.title')} value={tab} onChange={setTab} choices={options} />
      {tab === 'calendar' && (
        <Suspense fallback={<Spin />}>
          <CounsellorCalendar />
        </Suspense>
      )}
      {tab === 'sessions' && <MySessions />}
      {tab === 'video' && (
        <Suspense fallback={<Spin />}>
          <MyVideoSessions />
        </Suspense>
      )}
      {tab === 'leave' && (
        <Suspense fallback={<Spin />}>
          <MyLeave />
        </Suspense>
      )}
      {tab === 'book' && <VisitorView />}
    </Flex>
  );
}

function MySessions() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const mine = useMyAppointments();
  const act = useAppointmentAction();
  const me = useUserInfo().data?.sysUser.id;
  if (mine.isLoading) return <Spin />;
  const list = (mine.data ?? []).filter((a) => a.counsellorId === me);
  if (!list.length) return <Empty description={t('appointments.mine.empty')} />;
  return (
    <Flex vertical gap={8} data-testid="my-sessions">
      {list.map((a) => (
        <Card key={a.id} size="small" className={styles.appointmentCard}>
          <Flex justify="space-between" gap={8} wrap>
            <Flex vertical gap={2}>
              <Typography.Text strong>
                {a.visitorName} · {typeLabel(a.type, lang)}
              </Typography.Text>
              <Typography.Text>{sessionTime(a.startTime, a.endTime, zone, lang)}</Typography.Text>
              <Typography.Text type="secondary">
                {seededPlace([a.siteName, a.roomName], lang)}
              </Typography.Text>
            </Flex>
            <Flex vertical gap={4} align="end">
              <Tag color={statusColor(a.status)}>{statusLabel(a.status, lang)}</Tag>
              <Flex gap={4} wrap>
                {a.actions
                  .filter((action): action is DeskAction => COUNSELLOR_ACTIONS.includes(action as DeskAction))
                  .map((action) => (
                    <Button
                      key={action}
                      size="small"
                      danger={action === 'visitorNoShow'}
                      onClick={() =>
                        act.mutateAsync({ id: a.id, action }).then(
                          () => showToast('success', t('appointments.desk.done')),
                          () => undefined,
                        )
                      }
                    >
                      {t(`appointments.desk.actions.${action}`)}
                    </Button>
                  ))}
              </Flex>
            </Flex>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
