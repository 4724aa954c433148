import { Descriptions, Drawer, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import {
  instantLabel,
  sessionTime,
  statusColor,
  statusLabel,
  typeLabel,
  useSchoolZone,
  videoMinutes,
} from '../../appointments';
import { useDeleteVideoRecord, useVideoRecords, type VideoRecord } from '../api/scheduling';

/**
 * Video consultation records (S1.7.24): one per online session started, those the caller may see (the
 * server decides: the data scope, or their own sessions); each opened for its session's details, and
 * removed by its counsellor or `consult_appointment_manage`.
 */
export function VideoRecords({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const list = useAdminList<object>({});
  const page = useVideoRecords(list.query);
  const remove = useDeleteVideoRecord();
  const confirm = useConfirmAction();
  const [open, setOpen] = useState<VideoRecord | null>(null);
  const columns: AdminColumn<VideoRecord>[] = [
    {
      key: 'session',
      title: t('scheduling.records.time'),
      alwaysShown: true,
      render: (_: unknown, v) => sessionTime(v.appointment.startTime, v.appointment.endTime, zone, lang),
    },
    {
      key: 'visitor',
      title: t('scheduling.records.visitor'),
      alwaysShown: true,
      render: (_: unknown, v) => v.appointment.visitorName,
    },
    {
      key: 'counsellor',
      title: t('scheduling.records.counsellor'),
      render: (_: unknown, v) => v.appointment.counsellorName,
    },
    {
      key: 'video',
      title: t('scheduling.video.call'),
      render: (_: unknown, v) => {
        const minutes = videoMinutes(v);
        return (
          <Flex vertical gap={2}>
            <span>{instantLabel(v.startedAt, zone)}</span>
            {minutes === null ? (
              <Tag color="blue">{t('scheduling.video.running')}</Tag>
            ) : (
              <span>{t('scheduling.video.minutes', { n: minutes })}</span>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'actions',
      title: t('scheduling.records.actions'),
      alwaysShown: true,
      render: (_: unknown, v) => (
        <Flex gap={4}>
          <RowButton
            label={t('scheduling.video.view')}
            ariaLabel={`${t('scheduling.video.view')} ${v.appointment.visitorName}`}
            onClick={() => setOpen(v)}
          />
          {canManage && (
            <RowButton
              isDanger
              label={t('scheduling.schedule.delete')}
              ariaLabel={`${t('scheduling.schedule.delete')} ${v.appointment.visitorName}`}
              onClick={() =>
                confirm({
                  title: t('scheduling.video.deleteTitle'),
                  isDanger: true,
                  action: () => remove.mutateAsync(v.id),
                  successText: t('scheduling.schedule.deleted'),
                })
              }
            />
          )}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <AdminTable<VideoRecord>
        rowKey="id"
        testId="video-table"
        columns={columns}
        query={page}
        list={list}
        columnSettingsId="appointment-video"
        emptyText={t('scheduling.video.empty')}
        scrollX={820}
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={t('scheduling.video.title')}
        size="large"
        destroyOnHidden
      >
        {open && (
          <Descriptions column={1} size="small" bordered data-testid="video-detail">
            <Descriptions.Item label={t('scheduling.records.visitor')}>
              {open.appointment.visitorName}
              {open.appointment.visitorNumber ? ` (${open.appointment.visitorNumber})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('scheduling.records.counsellor')}>
              {open.appointment.counsellorName}
            </Descriptions.Item>
            <Descriptions.Item label={t('scheduling.records.type')}>
              {typeLabel(open.appointment.type, lang)}
            </Descriptions.Item>
            <Descriptions.Item label={t('scheduling.records.time')}>
              {sessionTime(open.appointment.startTime, open.appointment.endTime, zone, lang)}
            </Descriptions.Item>
            <Descriptions.Item label={t('scheduling.records.status')}>
              <Tag color={statusColor(open.appointment.status)}>
                {statusLabel(open.appointment.status, lang)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('scheduling.video.started')}>
              {instantLabel(open.startedAt, zone)}
            </Descriptions.Item>
            <Descriptions.Item label={t('scheduling.video.ended')}>
              {open.endedAt ? instantLabel(open.endedAt, zone) : t('scheduling.video.running')}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </>
  );
}
