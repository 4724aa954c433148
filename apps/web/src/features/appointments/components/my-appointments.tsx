import { seededName } from '@psy/contracts';
import { Alert, App, Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { leaveDeadline } from '@psy/scheduling';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useNow } from '../../../shared/lib/use-now';
import { useUserInfo } from '../../auth';
import { showToast } from '../../../shared/ui/feedback';
import {
  useCancelAppointment,
  useMyAppointments,
  useMyPendingRequests,
  usePolicy,
  useTakeLeave,
  useWithdrawRequest,
  type Appointment,
} from '../api/appointments';
import {
  approvalOptionLabel,
  instantLabel,
  isUpcoming,
  sessionTime,
  statusColor,
  statusLabel,
  typeLabel,
} from '../lib/appointment-format';
import styles from './appointments.module.css';

type ReleaseKind = 'leave' | 'cancel';

// Loaded when a visitor moves a session, not with the page (the student's phone budget).
const RescheduleDialog = lazy(() =>
  import('./reschedule-dialog').then((m) => ({ default: m.RescheduleDialog })),
);

/**
 * "My appointments" of a visitor: each with its time in the school's zone, counsellor, place and status;
 * a booked one shows the leave deadline and offers leave and cancel, saying before the visitor confirms
 * whether it would now count as a no-show (S1.4.15).
 */
export function MyAppointments() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const mine = useMyAppointments();
  const pending = useMyPendingRequests().data;
  const policy = usePolicy().data?.policy;
  const zone = policy?.timeZone ?? 'Asia/Shanghai';
  const now = useNow();
  const me = useUserInfo().data?.sysUser.id;
  const [outcome, setOutcome] = useState<{ id: number; text: string; isNoShow: boolean } | null>(null);

  if (mine.isLoading) return <Spin />;
  // A counsellor who also books for themselves: here only the sessions where they are the visitor.
  const list = (mine.data ?? []).filter((a) => a.visitorId === me);
  return (
    <Flex vertical gap={8} data-testid="my-appointments">
      {outcome && (
        <Alert
          type={outcome.isNoShow ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setOutcome(null)}
          title={outcome.text}
          data-testid="release-outcome"
        />
      )}
      {!list.length && <Empty description={t('appointments.mine.empty')} />}
      {list.map((a) => (
        <Card size="small" key={a.id} data-testid={`appointment-${a.id}`} className={styles.appointmentCard}>
          <Flex vertical gap={4}>
            <Flex justify="space-between" gap={8} wrap>
              <Typography.Text strong>{typeLabel(a.type, lang)}</Typography.Text>
              <Tag color={statusColor(a.status)}>{statusLabel(a.status, lang)}</Tag>
            </Flex>
            <Typography.Text>{sessionTime(a.startTime, a.endTime, zone, lang)}</Typography.Text>
            <Typography.Text type="secondary">
              {a.counsellorName}
              {a.siteName ? ` · ${seededName(a.siteName, lang)}` : ''}
              {a.roomName ? ` · ${seededName(a.roomName, lang)}` : ''}
            </Typography.Text>
            {a.awaitingApproval && <Tag color="blue">{t('appointments.mine.awaitingApproval')}</Tag>}
            {a.countsAsNoShow && <Tag color="red">{t('appointments.mine.countedNoShow')}</Tag>}
            {isUpcoming(a, now) && policy && (
              <UpcomingActions
                appointment={a}
                pendingRequest={pending?.get(a.id)}
                deadline={instantLabel(leaveDeadline(new Date(a.startTime), policy).toISOString(), zone)}
                isLate={now >= leaveDeadline(new Date(a.startTime), policy).getTime()}
                arriveBy={instantLabel(a.arriveBy, zone)}
                onDone={setOutcome}
              />
            )}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}

function UpcomingActions({
  appointment: a,
  pendingRequest,
  deadline,
  isLate,
  arriveBy,
  onDone,
}: {
  appointment: Appointment;
  pendingRequest?: { id: number; option: number } | undefined;
  deadline: string;
  isLate: boolean;
  arriveBy: string;
  onDone: (outcome: { id: number; text: string; isNoShow: boolean }) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const leave = useTakeLeave();
  const cancel = useCancelAppointment();
  const withdraw = useWithdrawRequest();
  const lang = currentLanguage();
  const [moving, setMoving] = useState(false);

  const ask = (kind: ReleaseKind) => {
    let reason = '';
    modal.confirm({
      title: kind === 'leave' ? t('appointments.mine.leaveTitle') : t('appointments.mine.cancelTitle'),
      // Two buttons both named "Cancel" would confuse: the dialog's own say what they do.
      okText: kind === 'leave' ? t('appointments.mine.leave') : t('appointments.mine.cancelConfirm'),
      cancelText: t('appointments.mine.keep'),
      okButtonProps: isLate ? { danger: true } : undefined,
      content: (
        <Flex vertical gap={8}>
          <Alert
            type={isLate ? 'error' : 'info'}
            showIcon
            data-testid="release-warning"
            title={
              isLate
                ? t('appointments.mine.lateWarning', { deadline })
                : t('appointments.mine.beforeDeadline', { deadline })
            }
          />
          <textarea
            className={styles.textarea}
            maxLength={200}
            aria-label={t('appointments.mine.reason')}
            placeholder={t('appointments.mine.reason')}
            onChange={(e) => (reason = e.target.value)}
          />
        </Flex>
      ),
      onOk: async () => {
        try {
          const result =
            kind === 'leave'
              ? await leave.mutateAsync({ id: a.id, ...(reason ? { reason } : {}) })
              : await cancel.mutateAsync({ appointment: a, ...(reason ? { reason } : {}) });
          const text = result.approvalId
            ? t('appointments.mine.waitingApproval')
            : result.countsAsNoShow
              ? t('appointments.mine.recordedAsNoShow')
              : kind === 'leave'
                ? t('appointments.mine.leaveDone')
                : t('appointments.mine.cancelDone');
          showToast(result.countsAsNoShow ? 'warning' : 'success', text);
          onDone({ id: a.id, text, isNoShow: result.countsAsNoShow });
        } catch {
          // The request layer showed the refusal.
        }
      },
    });
  };

  return (
    <Flex vertical gap={6}>
      {isLate ? (
        <Alert
          type="warning"
          showIcon
          data-testid="leave-deadline"
          title={t('appointments.mine.deadlinePassed', { deadline })}
        />
      ) : (
        <Typography.Text strong data-testid="leave-deadline">
          {t('appointments.rules.deadlineFor', { deadline })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">
        {t('appointments.mine.arriveBy', { time: arriveBy })}
      </Typography.Text>
      {pendingRequest ? (
        // One pending request per appointment: until it is decided or withdrawn, nothing else is asked.
        <Flex gap={8} align="center" wrap data-testid={`pending-request-${a.id}`}>
          <Tag color="blue">
            {t('appointments.mine.requestPending', {
              option: approvalOptionLabel(pendingRequest.option, lang),
            })}
          </Tag>
          <Button
            loading={withdraw.isPending}
            data-testid={`withdraw-${a.id}`}
            onClick={() =>
              modal.confirm({
                title: t('appointments.mine.withdrawTitle'),
                okText: t('appointments.mine.withdraw'),
                cancelText: t('appointments.mine.keepRequest'),
                onOk: () =>
                  withdraw.mutateAsync(pendingRequest.id).then(
                    () => showToast('success', t('appointments.mine.withdrawn')),
                    () => undefined,
                  ),
              })
            }
          >
            {t('appointments.mine.withdraw')}
          </Button>
        </Flex>
      ) : (
        <Flex gap={8} wrap>
          {!isLate && a.slotId !== null && (
            <Button onClick={() => setMoving(true)} data-testid={`reschedule-${a.id}`}>
              {t('appointments.reschedule.open')}
            </Button>
          )}
          <Button onClick={() => ask('leave')} data-testid={`leave-${a.id}`}>
            {t('appointments.mine.leave')}
          </Button>
          <Button danger onClick={() => ask('cancel')} data-testid={`cancel-${a.id}`}>
            {t('appointments.mine.cancel')}
          </Button>
        </Flex>
      )}
      {moving && (
        <Suspense fallback={null}>
          <RescheduleDialog appointment={a} onClose={() => setMoving(false)} />
        </Suspense>
      )}
    </Flex>
  );
}
