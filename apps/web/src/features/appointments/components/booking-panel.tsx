import { seededName, seededText } from '@psy/contracts';
import { Alert, App, Button, Empty, Flex, Spin, Typography } from 'antd';
import { leaveDeadline } from '@psy/scheduling';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import {
  useBook,
  useBookableDays,
  useFreeSlots,
  useJoinWaitlist,
  usePolicy,
  type Appointment,
  type RuleState,
  type Slot,
} from '../api/appointments';
import { markSiteNoticeRead, unreadSiteNotice } from '../api/site-notice';
import { categoryOfType, dayLabel, instantLabel, sessionTime, typeLabel } from '../lib/appointment-format';
import { ChoiceButtons } from './choice-buttons';
import { RulesCard } from './rules-card';
import styles from './appointments.module.css';

/** Types booked on a bookable slot (telephone and duty assessments have flows of their own). */
const SLOT_TYPES = [2, 10, 15, 17, 18, 19, 20, 1, 14];
const STAFF_ONLY_TYPES = [14];

export interface BookingPanelProps {
  rules: RuleState;
  /** A clerk booking for a visitor; the visitor themselves otherwise. */
  visitorId?: number;
  onBooked?: (appointment: Appointment) => void;
  /** Show the rules above the choices (the clerk's page, which has no rules card of its own). */
  withRules?: boolean;
}

/**
 * Choose a type, a day, a counsellor and site, and a time; read the site's notice the first time; see
 * the rules that will apply (the leave deadline, arriving early) before confirming; book. When no time is free the visitor may join the
 * waiting list instead (docs/appointments.md section 7).
 */
export function BookingPanel({ rules, visitorId, onBooked, withRules = false }: BookingPanelProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { modal } = App.useApp();
  const policy = usePolicy().data?.policy;
  const zone = rules.timeZone;
  const isStaff = visitorId !== undefined;
  const types = rules.enabledTypes.filter(
    (type) => SLOT_TYPES.includes(type) && (isStaff || !STAFF_ONLY_TYPES.includes(type)),
  );
  const [type, setType] = useState<number | undefined>(types.includes(2) ? 2 : types[0]);
  const [date, setDate] = useState<string | undefined>();
  const [counsellor, setCounsellor] = useState<string | undefined>();
  const [site, setSite] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const days = useBookableDays(type);
  const shownDate = date ?? days.data?.[0]?.date;
  const slots = useFreeSlots({ date: shownDate, type, visitorId });
  const book = useBook();
  const join = useJoinWaitlist();

  const counsellors = useMemo(
    () => [...new Set((slots.data ?? []).map((s) => s.counsellorName))],
    [slots.data],
  );
  const sites = useMemo(() => [...new Set((slots.data ?? []).map((s) => s.siteName))], [slots.data]);
  const shown = (slots.data ?? []).filter(
    (s) => (!counsellor || s.counsellorName === counsellor) && (!site || s.siteName === site),
  );

  const confirmBooking = (slot: Slot) => {
    const when = sessionTime(slot.startTime, slot.endTime, zone, lang);
    const deadline = policy
      ? instantLabel(leaveDeadline(new Date(slot.startTime), policy).toISOString(), zone)
      : '';
    modal.confirm({
      title: t('appointments.book.confirmTitle'),
      okText: t('appointments.book.confirm'),
      cancelText: t('common.cancel'),
      content: (
        <Flex vertical gap={4} data-testid="booking-confirm">
          <Typography.Text strong>{typeLabel(type!, lang)}</Typography.Text>
          <Typography.Text>{when}</Typography.Text>
          <Typography.Text>
            {slot.counsellorName} · {seededName(slot.siteName, lang)}
            {slot.roomName ? ` · ${seededName(slot.roomName, lang)}` : ''}
          </Typography.Text>
          <Typography.Text strong>{t('appointments.rules.deadlineFor', { deadline })}</Typography.Text>
          <Typography.Text type="secondary">
            {t('appointments.rules.arriveEarly', { minutes: rules.arriveEarlyMinutes })}
          </Typography.Text>
        </Flex>
      ),
      onOk: async () => {
        setRefusal(null);
        try {
          const booked = await book.mutateAsync({
            slotId: slot.id,
            type: type!,
            mode: 1,
            ...(visitorId ? { visitorId } : {}),
          });
          showToast(
            'success',
            booked.awaitingApproval ? t('appointments.book.awaitingApproval') : t('appointments.book.booked'),
          );
          onBooked?.(booked);
        } catch (error) {
          setRefusal(isApiError(error) ? error.message : t('appointments.book.failed'));
          void slots.refetch();
        }
      },
    });
  };

  // A visitor reads the site's notice once (and again when its text changes) before booking there; staff
  // booking for a visitor are not the ones it speaks to.
  const chooseSlot = async (slot: Slot) => {
    const notice = isStaff ? null : await unreadSiteNotice(slot.siteId);
    if (notice === null) {
      confirmBooking(slot);
      return;
    }
    modal.confirm({
      title: t('appointments.notice.title', { site: seededName(slot.siteName, lang) }),
      okText: t('appointments.notice.read'),
      cancelText: t('common.cancel'),
      content: (
        <Typography.Paragraph className={styles.notice} data-testid="site-notice">
          {seededText(notice, lang)}
        </Typography.Paragraph>
      ),
      onOk: async () => {
        await markSiteNoticeRead(slot.siteId).catch(() => undefined);
        confirmBooking(slot);
      },
    });
  };

  const joinWaitlist = async () => {
    try {
      await join.mutateAsync({ category: categoryOfType(type!), ...(visitorId ? { visitorId } : {}) });
      showToast('success', t('appointments.waitlist.joined'));
    } catch (error) {
      setRefusal(isApiError(error) ? error.message : t('appointments.book.failed'));
    }
  };

  if (!types.length) return <Alert type="info" showIcon title={t('appointments.book.noTypes')} />;

  return (
    <Flex vertical gap={12} data-testid="booking-panel">
      {withRules && <RulesCard rules={rules} />}
      <ChoiceButtons
        label={t('appointments.book.type')}
        testId="booking-type"
        value={type}
        choices={types.map((value) => ({ value, label: typeLabel(value, lang) }))}
        onChange={(value) => {
          setType(value);
          setDate(undefined);
          setRefusal(null);
        }}
      />
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          data-testid="booking-refusal"
          closable
          onClose={() => setRefusal(null)}
        />
      )}
      {days.isLoading ? (
        <Spin />
      ) : !days.data?.length ? (
        <Flex vertical gap={8} align="start">
          <Typography.Text>{t('appointments.book.noDays')}</Typography.Text>
          <Button onClick={() => void joinWaitlist()} loading={join.isPending} data-testid="waitlist-join">
            {t('appointments.waitlist.join')}
          </Button>
        </Flex>
      ) : (
        <>
          <Typography.Text strong>{t('appointments.book.day')}</Typography.Text>
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
          {counsellors.length > 1 && (
            <ChoiceButtons
              size="small"
              label={t('appointments.book.counsellor')}
              value={counsellor ?? ''}
              onChange={(value) => setCounsellor(value || undefined)}
              choices={[
                { value: '', label: t('appointments.book.anyCounsellor') },
                ...counsellors.map((name) => ({ value: name, label: name })),
              ]}
            />
          )}
          {sites.length > 1 && (
            <ChoiceButtons
              size="small"
              label={t('appointments.book.site')}
              value={site ?? ''}
              onChange={(value) => setSite(value || undefined)}
              choices={[
                { value: '', label: t('appointments.book.anySite') },
                ...sites.map((name) => ({ value: name, label: seededName(name, lang) })),
              ]}
            />
          )}
          {slots.isLoading ? (
            <Spin />
          ) : !shown.length ? (
            <Empty description={t('appointments.book.noSlots')} />
          ) : (
            <Flex vertical gap={8} data-testid="booking-slots">
              {shown.map((slot) => (
                <Button
                  key={slot.id}
                  className={styles.slotButton}
                  onClick={() => void chooseSlot(slot)}
                  data-testid={`slot-${slot.id}`}
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
          <Button
            type="link"
            onClick={() => void joinWaitlist()}
            loading={join.isPending}
            data-testid="waitlist-join"
          >
            {t('appointments.waitlist.noneSuits')}
          </Button>
        </>
      )}
    </Flex>
  );
}
