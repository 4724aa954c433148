import { seededName } from '@psy/contracts';
import { Alert, Button, Empty, Flex, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import {
  useBookableDays,
  useFreeSlots,
  useReschedule,
  useSchoolZone,
  type Appointment,
} from '../api/appointments';
import { dayLabel, sessionTime } from '../lib/appointment-format';
import styles from './appointments.module.css';

/**
 * Moves a booked appointment to another free time of its type (`reschedule`): a day with free times,
 * then a time. The visitor may do it only before the leave deadline, staff at any time; the server's
 * refusal (deadline passed, just taken) is shown in the dialog. The old time is freed for others.
 */
export function RescheduleDialog({
  appointment: a,
  isStaff = false,
  onClose,
  onMoved,
}: {
  appointment: Appointment;
  isStaff?: boolean;
  onClose: () => void;
  /** After the move: the caller's own lists that show the appointment. */
  onMoved?: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const [date, setDate] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const days = useBookableDays(a.type);
  const shownDate = date ?? days.data?.[0]?.date;
  const slots = useFreeSlots({
    date: shownDate,
    type: a.type,
    ...(isStaff ? { visitorId: a.visitorId } : {}),
  });
  const reschedule = useReschedule();
  const free = (slots.data ?? []).filter((s) => s.id !== a.slotId);

  const move = async (slotId: number) => {
    setRefusal(null);
    try {
      await reschedule.mutateAsync({ id: a.id, slotId });
      showToast('success', t('appointments.reschedule.done'));
      onMoved?.();
      onClose();
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : t('appointments.book.failed'));
    }
  };

  return (
    <Modal open title={t('appointments.reschedule.title')} footer={null} onCancel={onClose}>
      <Flex vertical gap={12} data-testid="reschedule-dialog">
        <Typography.Text type="secondary">
          {t('appointments.reschedule.now', { time: sessionTime(a.startTime, a.endTime, zone, lang) })}
        </Typography.Text>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="reschedule-refusal" />}
        {days.isLoading ? (
          <Spin />
        ) : !days.data?.length ? (
          <Empty description={t('appointments.book.noDays')} />
        ) : (
          <>
            <div className={styles.dayStrip} role="group" aria-label={t('appointments.book.day')}>
              {days.data.map((d) => (
                <Button
                  key={d.date}
                  type={d.date === shownDate ? 'primary' : 'default'}
                  aria-pressed={d.date === shownDate}
                  onClick={() => setDate(d.date)}
                  className={styles.dayButton}
                >
                  <span>{dayLabel(d.date, lang)}</span>
                  <span className={styles.dayCount}>{t('appointments.book.free', { n: d.count })}</span>
                </Button>
              ))}
            </div>
            {slots.isLoading ? (
              <Spin />
            ) : !free.length ? (
              <Empty description={t('appointments.book.noSlots')} />
            ) : (
              <Flex vertical gap={8}>
                {free.map((slot) => (
                  <Button
                    key={slot.id}
                    className={styles.slotButton}
                    loading={reschedule.isPending && reschedule.variables?.slotId === slot.id}
                    disabled={reschedule.isPending}
                    onClick={() => void move(slot.id)}
                    data-testid={`reschedule-slot-${slot.id}`}
                  >
                    <span className={styles.slotTime}>
                      {sessionTime(slot.startTime, slot.endTime, zone, lang).split(' ').slice(-1)[0]}
                    </span>
                    <span className={styles.slotWho}>
                      {slot.counsellorName} · {seededName(slot.siteName, lang)}
                      {slot.roomName ? ` · ${seededName(slot.roomName, lang)}` : ''}
                    </span>
                  </Button>
                ))}
              </Flex>
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
