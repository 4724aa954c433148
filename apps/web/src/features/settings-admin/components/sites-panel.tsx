import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { shownName } from '../../../shared/lib/seeded-names';
import { useDeleteSite, useSites, type Site } from '../api/settings';
import { SiteDialog } from './site-dialog';
import styles from './settings.module.css';

/** The sites (places of counselling) and their rooms: list, add, change, remove. */
export function SitesPanel() {
  const { t } = useTranslation();
  const list = useAdminList<{ name?: string }>({});
  const sites = useSites(list.query);
  const remove = useDeleteSite();
  const confirm = useConfirmAction();
  const [dialog, setDialog] = useState<{ site: Site | null } | null>(null);

  const confirmDelete = (site: Site) =>
    confirm({
      title: t('systemSettings.sites.confirmDelete', { name: shownName(site.name) }),
      isDanger: true,
      action: () => remove.mutateAsync(site.id),
      successText: t('systemSettings.deleted'),
      onDone: () => list.deleted(sites.data?.total ?? 0, 1),
    });

  const columns: AdminColumn<Site>[] = [
    {
      key: 'name',
      title: t('systemSettings.sites.name'),
      dataIndex: 'name',
      alwaysShown: true,
      width: 180,
      render: (value: string, s) => (
        <Flex gap={4} wrap>
          {shownName(value)}
          {!s.enabled && <Tag>{t('systemSettings.disabled')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'address',
      title: t('systemSettings.sites.address'),
      dataIndex: 'address',
      ellipsis: true,
      render: shownName,
    },
    { key: 'phone', title: t('systemSettings.sites.phone'), dataIndex: 'phone', width: 150 },
    {
      key: 'rooms',
      title: t('systemSettings.sites.rooms'),
      dataIndex: 'rooms',
      render: (rooms: Site['rooms']) => (
        <Flex gap={4} wrap>
          {rooms.map((r) => (
            <Tag key={r.id} color={r.enabled ? 'blue' : undefined}>
              {r.capacity ? `${shownName(r.name)} (${r.capacity})` : shownName(r.name)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('systemSettings.actions'),
      alwaysShown: true,
      width: 100,
      render: (_, s) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('systemSettings.editNamed', { name: shownName(s.name) })}
            onClick={() => setDialog({ site: s })}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('systemSettings.deleteNamed', { name: shownName(s.name) })}
            onClick={() => confirmDelete(s)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <AdminTable<Site>
        rowKey="id"
        size="small"
        columns={columns}
        query={sites}
        list={list}
        scrollX={720}
        toolbar={
          <>
            <SearchBox
              className={styles.search}
              placeholder={t('systemSettings.sites.searchPlaceholder')}
              onSearch={(name) => list.search({ name })}
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ site: null })}>
              {t('systemSettings.sites.add')}
            </Button>
          </>
        }
      />
      {dialog && <SiteDialog site={dialog.site} onClose={() => setDialog(null)} />}
    </>
  );
}
