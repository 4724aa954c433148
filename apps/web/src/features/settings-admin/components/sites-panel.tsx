import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@psy/contracts';
import { App, Button, Flex, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useDeleteSite, useSites, type Site } from '../api/settings';
import { SiteDialog } from './site-dialog';
import styles from './settings.module.css';

/** The sites (places of counselling) and their rooms: list, add, change, remove. */
export function SitesPanel() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [name, setName] = useState('');
  const sites = useSites({ current, size: DEFAULT_PAGE_SIZE, name: name || undefined });
  const remove = useDeleteSite();
  const [dialog, setDialog] = useState<{ site: Site | null } | null>(null);

  const confirmDelete = (site: Site) =>
    modal.confirm({
      title: t('systemSettings.sites.confirmDelete', { name: site.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(site.id);
          showToast('success', t('systemSettings.deleted'));
        } catch {
          // The request layer showed why.
        }
      },
    });

  const columns: TableColumnsType<Site> = [
    {
      title: t('systemSettings.sites.name'),
      dataIndex: 'name',
      width: 180,
      render: (value: string, s) => (
        <Flex gap={4} wrap>
          {value}
          {!s.enabled && <Tag>{t('systemSettings.disabled')}</Tag>}
        </Flex>
      ),
    },
    { title: t('systemSettings.sites.address'), dataIndex: 'address', ellipsis: true },
    { title: t('systemSettings.sites.phone'), dataIndex: 'phone', width: 150 },
    {
      title: t('systemSettings.sites.rooms'),
      dataIndex: 'rooms',
      render: (rooms: Site['rooms']) => (
        <Flex gap={4} wrap>
          {rooms.map((r) => (
            <Tag key={r.id} color={r.enabled ? 'blue' : undefined}>
              {r.capacity ? `${r.name} (${r.capacity})` : r.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('systemSettings.actions'),
      key: 'actions',
      width: 100,
      render: (_, s) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('systemSettings.editNamed', { name: s.name })}
            onClick={() => setDialog({ site: s })}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('systemSettings.deleteNamed', { name: s.name })}
            onClick={() => confirmDelete(s)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Flex gap={12} wrap justify="space-between" className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          allowClear
          placeholder={t('systemSettings.sites.searchPlaceholder')}
          aria-label={t('systemSettings.sites.searchPlaceholder')}
          onSearch={(value) => {
            setName(value.trim());
            setCurrent(1);
          }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ site: null })}>
          {t('systemSettings.sites.add')}
        </Button>
      </Flex>
      <Table<Site>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sites.data?.records ?? []}
        loading={sites.isFetching}
        scroll={{ x: 720 }}
        pagination={{
          current,
          pageSize: DEFAULT_PAGE_SIZE,
          total: sites.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setCurrent,
        }}
      />
      {dialog && <SiteDialog site={dialog.site} onClose={() => setDialog(null)} />}
    </>
  );
}
