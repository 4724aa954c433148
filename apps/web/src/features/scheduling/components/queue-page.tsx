import { hasPermission, seededPlace, type Appointment } from '@psy/contracts';
import { Button, Flex, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import {
  dayLabel,
  interviewLabel,
  schoolToday,
  sessionTime,
  shiftDay,
  statusColor,
  statusLabel,
  typeLabel,
  useAppointmentAction,
  useSchoolZone,
} from '../../appointments';
import { useUserInfo } from '../../auth';
import { schedulingKeys, useDayList, useTodayStats } from '../api/scheduling';
import { deskActionsFor } from '../lib/desk-actions';
import styles from './scheduling.module.css';

/**
 * `/appointment/queue/index`: the front desk's day (S1.2 "appointment queue", "appointment progress"):
 * the day's appointments by start with their status, arrival and either side's no-show for the desk,
 * start and end for the session's counsellor, and today's figures.
 */
export function QueuePage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const info = useUserInfo().data;
  const permissions = info?.permissions;
  const [date, setDate] = useState(() => schoolToday(zone));
  const day = useDayList(date);
  const stats = useTodayStats();
  const act = useAppointmentAction([schedulingKeys.all]);
  const confirm = useConfirmAction();
  const isDesk = hasPermission(permissions, 'consult_appointment_desk');
  const isManager = hasPermission(permissions, 'consult_appointment_manage');

  const columns: AdminColumn<Appointment>[] = [
    {
      key: 'time',
      title: t('scheduling.queue.time'),
      alwaysShown: true,
      render: (_: unknown, a) => sessionTime(a.startTime, a.endTime, zone, lang).split(' ').slice(-1)[0],
    },
    {
      key: 'visitor',
      title: t('scheduling.queue.visitor'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Flex vertical>
          <Typography.Text strong>{a.visitorName}</Typography.Text>
          <Typography.Text type="secondary">
            {[a.visitorNumber, a.visitorPhone].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'type', title: t('scheduling.queue.type'), render: (_: unknown, a) => typeLabel(a.type, lang) },
    { key: 'counsellor', title: t('scheduling.queue.counsellor'), dataIndex: 'counsellorName' },
    {
      key: 'room',
      title: t('scheduling.queue.room'),
      render: (_: unknown, a) => seededPlace([a.siteName, a.roomName], lang),
    },
    {
      key: 'status',
      title: t('scheduling.queue.status'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Flex vertical gap={2} align="start">
          <Tag color={statusColor(a.status)}>{statusLabel(a.status, lang)}</Tag>
          <Typography.Text type="secondary">{interviewLabel(a.interviewStatus, lang)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('scheduling.queue.actions'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Flex gap={4} wrap>
          {deskActionsFor(a.actions, {
            isDesk,
            isManager,
            isOwnSession: a.counsellorId === info?.sysUser.id,
          }).map((action) => (
            <Button
              key={action}
              size="small"
              danger={action.endsWith('NoShow')}
              aria-label={`${t(`appointments.desk.actions.${action}`)} ${a.visitorName}`}
              onClick={() =>
                confirm({
                  title: t('scheduling.queue.confirm', {
                    action: t(`appointments.desk.actions.${action}`),
                    name: a.visitorName,
                  }),
                  isDanger: action.endsWith('NoShow'),
                  action: () => act.mutateAsync({ id: a.id, action }),
                  successText: t('appointments.desk.done'),
                })
              }
            >
              {t(`appointments.desk.actions.${action}`)}
            </Button>
          ))}
        </Flex>
      ),
    },
  ];

  const s = stats.data;
  return (
    <AdminPage title={t('scheduling.queue.title')} intro={t('scheduling.queue.intro')}>
      {s && (
        <Flex gap={24} wrap className={styles.stats} data-testid="today-stats">
          <Statistic title={t('scheduling.queue.stats.total')} value={s.total} />
          <Statistic title={t('scheduling.queue.stats.waiting')} value={s.waiting} />
          <Statistic title={t('scheduling.queue.stats.arrived')} value={s.arrived} />
          <Statistic title={t('scheduling.queue.stats.running')} value={s.running} />
          <Statistic title={t('scheduling.queue.stats.finished')} value={s.finished} />
          <Statistic title={t('scheduling.queue.stats.noShow')} value={s.noShow} />
          <Statistic title={t('scheduling.queue.stats.freeSlots')} value={s.freeSlots} />
          <Statistic title={t('scheduling.queue.stats.waitingList')} value={s.waitingList} />
        </Flex>
      )}
      <AdminTable<Appointment>
        rowKey="id"
        testId="day-list"
        columns={columns}
        query={{
          data: day.data?.records,
          isFetching: day.isFetching,
          isError: day.isError,
          refetch: day.refetch,
        }}
        emptyText={t('scheduling.queue.empty')}
        scrollX={860}
        toolbar={
          <Flex gap={8} align="center" wrap>
            <Button onClick={() => setDate(shiftDay(date, -1))}>{t('scheduling.queue.previous')}</Button>
            <Button onClick={() => setDate(schoolToday(zone))}>{t('scheduling.queue.today')}</Button>
            <Button onClick={() => setDate(shiftDay(date, 1))}>{t('scheduling.queue.next')}</Button>
            <Typography.Text strong data-testid="day-shown">
              {dayLabel(date, lang)}
            </Typography.Text>
          </Flex>
        }
      />
    </AdminPage>
  );
}
