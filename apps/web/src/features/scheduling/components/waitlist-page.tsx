import { hasPermission } from '@psy/contracts';
import { Flex, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { instantLabel, sessionTime, useSchoolZone } from '../../appointments';
import { useUserInfo } from '../../auth';
import { useRemoveFromWaitlist, useWaitlistPage, type WaitlistEntry } from '../api/scheduling';
import styles from './scheduling.module.css';

type Status = WaitlistEntry['status'];
const STATUSES: Status[] = ['waiting', 'offered', 'booked', 'left', 'removed'];

/**
 * `/appointment/waitlist/index` (docs/appointments.md section 7): the waiting list in its fair order,
 * each entry with every offer made to it (slot, when offered, until when, what happened): the audit
 * trail; staff with `consult_waitlist_manage` take an entry off.
 */
export function WaitlistPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const canManage = hasPermission(useUserInfo().data?.permissions, 'consult_waitlist_manage');
  const list = useAdminList<{ status?: Status }>({ status: 'waiting' });
  const page = useWaitlistPage(list.query);
  const remove = useRemoveFromWaitlist();
  const confirm = useConfirmAction();
  const columns: AdminColumn<WaitlistEntry>[] = [
    { key: 'position', title: t('scheduling.waitlist.position'), dataIndex: 'position', width: 70 },
    { key: 'visitor', title: t('scheduling.waitlist.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    {
      key: 'wants',
      title: t('scheduling.waitlist.wants'),
      render: (_: unknown, e) =>
        [t('scheduling.waitlist.category', { category: e.category }), e.counsellorName]
          .filter(Boolean)
          .join(' · '),
    },
    {
      key: 'joined',
      title: t('scheduling.waitlist.joined'),
      render: (_: unknown, e) => instantLabel(e.joinedAt, zone),
    },
    {
      key: 'status',
      title: t('scheduling.waitlist.status'),
      alwaysShown: true,
      render: (_: unknown, e) => <Tag>{t(`scheduling.waitlist.statuses.${e.status}`)}</Tag>,
    },
    {
      key: 'offers',
      title: t('scheduling.waitlist.offers'),
      render: (_: unknown, e) => (
        <Flex vertical gap={2}>
          {e.offers.map((o) => (
            <Typography.Text key={o.id}>
              {sessionTime(o.startTime, o.endTime, zone, lang)} · {o.counsellorName} —{' '}
              {t(`scheduling.waitlist.offerStatus.${o.status}`)} (
              {t('scheduling.waitlist.until', {
                time: instantLabel(o.expiresAt, zone),
              })}
              )
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
  ];
  if (canManage) {
    columns.push({
      key: 'actions',
      title: t('scheduling.waitlist.actions'),
      alwaysShown: true,
      render: (_: unknown, e) =>
        e.status === 'waiting' || e.status === 'offered' ? (
          <RowButton
            isDanger
            label={t('scheduling.waitlist.remove')}
            ariaLabel={`${t('scheduling.waitlist.remove')} ${e.visitorName}`}
            onClick={() =>
              confirm({
                title: t('scheduling.waitlist.removeTitle', { name: e.visitorName }),
                isDanger: true,
                action: () => remove.mutateAsync(e.id),
                successText: t('scheduling.waitlist.removed'),
              })
            }
          />
        ) : null,
    });
  }
  return (
    <AdminPage title={t('scheduling.waitlist.title')} intro={t('scheduling.waitlist.intro')}>
      <AdminTable<WaitlistEntry>
        rowKey="id"
        testId="waitlist-table"
        columns={columns}
        query={page}
        list={list}
        columnSettingsId="waitlist"
        emptyText={t('scheduling.waitlist.empty')}
        scrollX={900}
        toolbar={
          <Select<Status | 'all'>
            className={styles.toolbarSelect}
            aria-label={t('scheduling.waitlist.status')}
            value={list.filter.status ?? 'all'}
            onChange={(v) => list.refine({ status: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('scheduling.waitlist.all') },
              ...STATUSES.map((s) => ({ value: s, label: t(`scheduling.waitlist.statuses.${s}`) })),
            ]}
          />
        }
      />
    </AdminPage>
  );
}
