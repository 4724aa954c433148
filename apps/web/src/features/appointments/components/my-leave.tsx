import { Alert, App, Button, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { placeServerErrors } from '../../../shared/admin/server-errors';
import { showToast } from '../../../shared/ui/feedback';
import {
  useCounsellorLeaves,
  useSaveCounsellorLeave,
  useSchoolZone,
  useWithdrawCounsellorLeave,
  type CounsellorLeave,
} from '../api/appointments';
import { schoolToday, sessionTime } from '../lib/appointment-format';
import { leavePeriod, type LeavePeriodValues } from '../lib/leave-period';
import { LeaveEffectText, LEAVE_STATUS_COLOURS } from './leave-effect';
import styles from './appointments.module.css';

/**
 * A counsellor's own leave: asked here (days and hours in the school's zone), it waits for the centre,
 * which sees what it would do to the schedule; the list says where each stands, and a pending one can be
 * taken back. Native inputs: this page is also the student's, within the phone budget.
 */
export function MyLeave() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const leaves = useCounsellorLeaves({});
  const save = useSaveCounsellorLeave();
  const withdraw = useWithdrawCounsellorLeave();
  const { modal } = App.useApp();
  const today = schoolToday(zone);
  const [values, setValues] = useState<LeavePeriodValues>({
    startDate: today,
    startTime: '08:00',
    endDate: today,
    endTime: '18:00',
  });
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    const period = leavePeriod(values, zone);
    if (!period) {
      setFailure(t('appointments.leave.endAfterStart'));
      return;
    }
    setFailure(null);
    try {
      const asked = await save.mutateAsync({
        ...period,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setReason('');
      showToast(
        'success',
        t(asked.status === 'pending' ? 'appointments.leave.asked' : 'appointments.leave.recorded'),
      );
    } catch (error) {
      const placed = placeServerErrors(error, ['startTime', 'endTime', 'reason'], {
        fallback: t('adminKit.saveFailed'),
      });
      setFailure([...placed.fields.flatMap((f) => f.errors), placed.toast].filter(Boolean).join(' '));
    }
  };

  const field = (key: keyof LeavePeriodValues, type: 'date' | 'time') => (
    <label className={styles.field}>
      <span>{t(`appointments.leave.${key}`)}</span>
      <input
        type={type}
        className={styles.input}
        value={values[key]}
        required
        data-testid={`leave-${key}`}
        onChange={(e) => setValues((old) => ({ ...old, [key]: e.target.value }))}
      />
    </label>
  );

  return (
    <Flex vertical gap={12} data-testid="my-leave">
      <Card size="small" title={t('appointments.leave.askTitle')}>
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t('appointments.leave.intro')}</Typography.Text>
          <div className={styles.fieldRow}>
            {field('startDate', 'date')}
            {field('startTime', 'time')}
          </div>
          <div className={styles.fieldRow}>
            {field('endDate', 'date')}
            {field('endTime', 'time')}
          </div>
          <textarea
            className={styles.textarea}
            maxLength={200}
            aria-label={t('appointments.leave.reason')}
            placeholder={t('appointments.leave.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {failure && <Alert type="error" showIcon title={failure} role="alert" />}
          <Button
            type="primary"
            className={styles.selfStart}
            loading={save.isPending}
            onClick={() => void submit()}
            data-testid="leave-submit"
          >
            {t('appointments.leave.submit')}
          </Button>
        </Flex>
      </Card>
      {leaves.isLoading ? (
        <Spin />
      ) : !leaves.data?.length ? (
        <Empty description={t('appointments.leave.empty')} />
      ) : (
        leaves.data.map((l: CounsellorLeave) => (
          <Card key={l.id} size="small" data-testid={`leave-row-${l.id}`} className={styles.appointmentCard}>
            <Flex vertical gap={4}>
              <Flex justify="space-between" gap={8} wrap>
                <Typography.Text strong>{sessionTime(l.startTime, l.endTime, zone, lang)}</Typography.Text>
                <Tag color={LEAVE_STATUS_COLOURS[l.status]}>{t(`appointments.leave.status.${l.status}`)}</Tag>
              </Flex>
              {l.reason && <Typography.Text>{l.reason}</Typography.Text>}
              <LeaveEffectText leave={l} />
              {l.comment && (
                <Typography.Text type="secondary">
                  {t('appointments.leave.comment', { name: l.decidedByName ?? '', comment: l.comment })}
                </Typography.Text>
              )}
              {l.status === 'pending' && (
                <Button
                  size="small"
                  className={styles.selfStart}
                  data-testid={`leave-withdraw-${l.id}`}
                  onClick={() =>
                    modal.confirm({
                      title: t('appointments.leave.withdrawTitle'),
                      okText: t('appointments.leave.withdraw'),
                      cancelText: t('appointments.mine.keepRequest'),
                      onOk: () =>
                        withdraw.mutateAsync(l.id).then(
                          () => showToast('success', t('appointments.leave.withdrawn')),
                          () => undefined,
                        ),
                    })
                  }
                >
                  {t('appointments.leave.withdraw')}
                </Button>
              )}
            </Flex>
          </Card>
        ))
      )}
    </Flex>
  );
}
