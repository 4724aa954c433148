import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useRegistrationQueue, type QueuedRegistration } from '../api/scheduling';
import { transferSourceText } from '../lib/transfer-source';

/**
 * The registrations waiting for their first interview (`GET /consult/inner/register/forAssessment`):
 * those a student made and those an assessment interview's transfer opened (source 1, its note and
 * urgency), newest first, so the clerk sees who was sent and books them from here.
 */
export function RegistrationQueue({ onBook }: { onBook: (visitor: { id: number; name: string }) => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = useAdminList<{ keyword?: string }>({});
  const rows = useRegistrationQueue(list.query);
  const columns: AdminColumn<QueuedRegistration>[] = [
    { key: 'visitor', title: t('scheduling.book.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    {
      key: 'source',
      title: t('scheduling.registrations.source'),
      render: (_, r) => (
        <Tag color={r.source === 1 ? 'purple' : undefined}>{transferSourceText(r.source, lang)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('scheduling.registrations.status'),
      render: (_, r) =>
        t(`scheduling.registrations.statuses.${r.status}`) +
        (r.isRepeat ? ` · ${t('scheduling.registrations.repeat')}` : ''),
    },
    { key: 'note', title: t('scheduling.registrations.note'), render: (_, r) => r.note ?? '-' },
    {
      key: 'time',
      title: t('scheduling.registrations.time'),
      render: (_, r) => formatDateTime(r.createTime, lang),
    },
    {
      key: 'actions',
      title: t('scheduling.registrations.actions'),
      alwaysShown: true,
      render: (_, r) => (
        <RowButton
          label={t('scheduling.registrations.book')}
          ariaLabel={`${t('scheduling.registrations.book')} ${r.visitorName}`}
          onClick={() => onBook({ id: r.visitorId, name: r.visitorName })}
        />
      ),
    },
  ];
  return (
    <AdminPage
      level={2}
      title={t('scheduling.registrations.title')}
      intro={t('scheduling.registrations.intro')}
    >
      <AdminTable<QueuedRegistration>
        rowKey="id"
        columns={columns}
        query={rows}
        list={list}
        scrollX={900}
        testId="registration-queue"
        emptyText={t('scheduling.registrations.empty')}
        toolbar={
          <SearchBox
            placeholder={t('scheduling.book.visitorPlaceholder')}
            onSearch={(keyword) => list.search({ keyword })}
          />
        }
      />
    </AdminPage>
  );
}
