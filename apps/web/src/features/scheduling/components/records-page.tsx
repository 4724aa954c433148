import { hasPermission, monthExportEndpoint, type Appointment, type AppointmentStatus } from '@psy/contracts';
import { Button, Flex, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useBatchAction } from '../../../shared/admin/confirm-action';
import { ExportButton } from '../../../shared/admin/export-button';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { request } from '../../../shared/api/request';
import {
  RescheduleDialog,
  instantLabel,
  schoolToday,
  sessionTime,
  statusColor,
  statusLabel,
  typeLabel,
  useSchoolZone,
} from '../../appointments';
import { useUserInfo } from '../../auth';
import {
  useAppointmentPage,
  useDeleteAppointments,
  useDeletedAppointments,
  useRestoreAppointment,
  type DeletedAppointment,
} from '../api/scheduling';
import { RowButton } from '../../../shared/admin/row-button';
import { VideoRecords } from './video-records';
import { useConfirmAction } from '../../../shared/admin/confirm-action';

type View = 'progress' | 'all' | 'cancelled' | 'noShows' | 'video' | 'deleted';
const VIEW_STATUSES: Record<View, AppointmentStatus[] | undefined> = {
  progress: ['appointment', 'running', 'success'],
  all: undefined,
  cancelled: ['cancel', 'userTakeLeave', 'hostTakeLeave'],
  noShows: undefined,
  video: undefined,
  deleted: undefined,
};
const NO_SHOW_REASON_KEYS = ['late_leave', 'late_cancel', 'leave_limit'] as const;

/**
 * `/appointment/records/index` (S1.2 "cancel and no-show records", "appointment progress"): the
 * appointments of the caller's data scope by view, with search, the month's XLSX export, and deletion
 * for `consult_appointment_manage`, who also sees the deleted ones and restores them.
 */
export function RecordsPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const permissions = useUserInfo().data?.permissions;
  const canManage = hasPermission(permissions, 'consult_appointment_manage');
  const canBook = hasPermission(permissions, 'consult_appointment_book');
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [view, setView] = useState<View>('progress');
  const list = useAdminList<{ keyword?: string }>({});
  const statuses = VIEW_STATUSES[view];
  const page = useAppointmentPage({
    ...list.query,
    all: true,
    noShowsOnly: view === 'noShows',
    ...(statuses ? { statuses } : {}),
  });
  const remove = useDeleteAppointments();
  const batch = useBatchAction(list.selected);

  const columns: AdminColumn<Appointment>[] = [
    {
      key: 'time',
      title: t('scheduling.records.time'),
      alwaysShown: true,
      render: (_: unknown, a) => sessionTime(a.startTime, a.endTime, zone, lang),
    },
    { key: 'visitor', title: t('scheduling.records.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    { key: 'type', title: t('scheduling.records.type'), render: (_: unknown, a) => typeLabel(a.type, lang) },
    { key: 'counsellor', title: t('scheduling.records.counsellor'), dataIndex: 'counsellorName' },
    {
      key: 'status',
      title: t('scheduling.records.status'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Flex vertical gap={2} align="start">
          <Tag color={statusColor(a.status)}>{statusLabel(a.status, lang)}</Tag>
          {a.countsAsNoShow && (
            <Tag color="red">
              {t('scheduling.records.countedNoShow')}
              {a.noShowReason && NO_SHOW_REASON_KEYS.includes(a.noShowReason)
                ? ` · ${t(`scheduling.records.noShowReasons.${a.noShowReason}`)}`
                : ''}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'reason',
      title: t('scheduling.records.reason'),
      render: (_: unknown, a) => <Typography.Text>{a.cancelReason ?? a.note ?? ''}</Typography.Text>,
    },
    ...(canBook
      ? [
          {
            key: 'actions',
            title: t('scheduling.records.actions'),
            alwaysShown: true,
            render: (_: unknown, a: Appointment) =>
              a.status === 'appointment' &&
              a.interviewStatus === 1 &&
              a.slotId !== null && (
                <RowButton
                  label={t('scheduling.records.reschedule')}
                  ariaLabel={`${t('scheduling.records.reschedule')} ${a.visitorName}`}
                  onClick={() => setMoving(a)}
                />
              ),
          },
        ]
      : []),
  ];
  const month = schoolToday(zone).slice(0, 7);
  return (
    <AdminPage title={t('scheduling.records.title')} intro={t('scheduling.records.intro')}>
      <Segmented<View>
        value={view}
        onChange={(v) => {
          setView(v);
          list.search(list.filter);
        }}
        options={(['progress', 'all', 'cancelled', 'noShows', 'video', 'deleted'] as const)
          .filter((value) => value !== 'deleted' || canManage)
          .map((value) => ({
            value,
            label: t(`scheduling.records.views.${value}`),
          }))}
      />
      {view === 'video' ? (
        <VideoRecords canManage={canManage} />
      ) : view === 'deleted' ? (
        <DeletedList />
      ) : (
        <AdminTable<Appointment>
          rowKey="id"
          testId="records-table"
          columns={columns}
          query={page}
          list={list}
          selectable={canManage}
          columnSettingsId="appointment-records"
          scrollX={900}
          toolbar={
            <Flex gap={8} wrap>
              <SearchBox
                placeholder={t('scheduling.records.search')}
                onSearch={(keyword) => list.search({ keyword: keyword || undefined })}
              />
              <ExportButton
                label={t('scheduling.records.exportMonth', { month })}
                fileName={`appointments-${month}.xlsx`}
                call={() => request(monthExportEndpoint, { body: { month } })}
              />
              {canManage && (
                <Button
                  danger
                  onClick={() =>
                    batch({
                      title: (n) => t('scheduling.records.deleteTitle', { n }),
                      isDanger: true,
                      action: (ids) => remove.mutateAsync(ids.map(Number)),
                      successText: t('scheduling.records.deleted'),
                      onDone: () => list.deleted(page.data?.total ?? 0, list.selected.length),
                    })
                  }
                >
                  {t('scheduling.records.delete')}
                </Button>
              )}
            </Flex>
          }
        />
      )}
      {moving && (
        <RescheduleDialog
          appointment={moving}
          isStaff
          onClose={() => setMoving(null)}
          onMoved={() => void page.refetch()}
        />
      )}
    </AdminPage>
  );
}

/** Deleted appointments, newest deletion first, each restorable while its time is still free. */
function DeletedList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const list = useAdminList<{ keyword?: string }>({});
  const page = useDeletedAppointments(list.query);
  const restore = useRestoreAppointment();
  const confirm = useConfirmAction();
  const columns: AdminColumn<DeletedAppointment>[] = [
    {
      key: 'time',
      title: t('scheduling.records.time'),
      alwaysShown: true,
      render: (_: unknown, a) => sessionTime(a.startTime, a.endTime, zone, lang),
    },
    { key: 'visitor', title: t('scheduling.records.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    { key: 'type', title: t('scheduling.records.type'), render: (_: unknown, a) => typeLabel(a.type, lang) },
    { key: 'counsellor', title: t('scheduling.records.counsellor'), dataIndex: 'counsellorName' },
    {
      key: 'status',
      title: t('scheduling.records.status'),
      render: (_: unknown, a) => <Tag color={statusColor(a.status)}>{statusLabel(a.status, lang)}</Tag>,
    },
    {
      key: 'deletedAt',
      title: t('scheduling.records.deletedAt'),
      render: (_: unknown, a) => instantLabel(a.deletedAt, zone),
    },
    {
      key: 'actions',
      title: t('scheduling.records.actions'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <RowButton
          label={t('scheduling.records.restore')}
          ariaLabel={`${t('scheduling.records.restore')} ${a.visitorName}`}
          onClick={() =>
            confirm({
              title: t('scheduling.records.restoreTitle', { name: a.visitorName }),
              action: () => restore.mutateAsync(a.id),
              successText: t('scheduling.records.restored'),
            })
          }
        />
      ),
    },
  ];
  return (
    <AdminTable<DeletedAppointment>
      rowKey="id"
      testId="deleted-table"
      columns={columns}
      query={page}
      list={list}
      columnSettingsId="appointment-deleted"
      emptyText={t('scheduling.records.noDeleted')}
      scrollX={900}
      toolbar={
        <SearchBox
          placeholder={t('scheduling.records.search')}
          onSearch={(keyword) => list.search({ keyword: keyword || undefined })}
        />
      }
    />
  );
}
