import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@psy/contracts';
import { App, Button, Card, Empty, Flex, Input, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import {
  useDeleteDict,
  useDeleteDictItem,
  useDictItems,
  useDictPage,
  useSaveDictItem,
  type DictAdminItem,
  type DictType,
} from '../api/dicts';
import { DictFormDialog, DictItemFormDialog } from './dict-dialogs';
import styles from './dicts.module.css';

/**
 * `/admin/dict/index`: the school's dictionaries (the form fields' option lists), searched by name; the
 * items of the chosen one with their Chinese and English labels, order and switch. An item's value is
 * fixed once added (stored answers name it); removing an item hides it and keeps its value taken.
 */
export function DictsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [current, setCurrent] = useState(1);
  const [name, setName] = useState('');
  const page = useDictPage({ current, size: DEFAULT_PAGE_SIZE, name: name || undefined });
  const removeDict = useDeleteDict();
  const [selected, setSelected] = useState<DictType | null>(null);
  const [dictDialog, setDictDialog] = useState<{ dict: DictType | null } | null>(null);

  const confirmDelete = (dict: DictType) =>
    modal.confirm({
      title: t('systemSettings.dict.confirmDelete', { name: dict.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await removeDict.mutateAsync(dict.id);
          if (selected?.id === dict.id) setSelected(null);
          showToast('success', t('systemSettings.deleted'));
        } catch {
          // The request layer showed why.
        }
      },
    });

  const columns: TableColumnsType<DictType> = [
    {
      title: t('systemSettings.dict.name'),
      dataIndex: 'name',
      render: (value: string, d) => (
        <Flex gap={4} wrap align="center">
          <Button type="link" className={styles.linkCell} onClick={() => setSelected(d)}>
            {value}
          </Button>
          {d.system && <Tag color="blue">{t('systemSettings.dict.system')}</Tag>}
        </Flex>
      ),
    },
    { title: t('systemSettings.dict.description'), dataIndex: 'description', ellipsis: true },
    { title: t('systemSettings.dict.itemCount'), dataIndex: 'itemCount', width: 80, align: 'right' },
    {
      title: t('systemSettings.actions'),
      key: 'actions',
      width: 110,
      render: (_, d) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('systemSettings.editNamed', { name: d.name })}
            onClick={() => setDictDialog({ dict: d })}
          />
          {!d.system && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('systemSettings.deleteNamed', { name: d.name })}
              onClick={() => confirmDelete(d)}
            />
          )}
        </Flex>
      ),
    },
  ];

  return (
    <div className={styles.layout}>
      <Card
        variant="borderless"
        className={styles.dicts}
        title={<h1 className={styles.title}>{t('systemSettings.dict.title')}</h1>}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDictDialog({ dict: null })}>
            {t('systemSettings.dict.add')}
          </Button>
        }
      >
        <Input.Search
          className={styles.search}
          allowClear
          placeholder={t('systemSettings.dict.searchPlaceholder')}
          aria-label={t('systemSettings.dict.searchPlaceholder')}
          onSearch={(value) => {
            setName(value.trim());
            setCurrent(1);
          }}
        />
        <Table<DictType>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={page.data?.records ?? []}
          loading={page.isFetching}
          scroll={{ x: 480 }}
          rowClassName={(d) => (d.id === selected?.id ? styles.selectedRow! : '')}
          onRow={(d) => ({ onClick: () => setSelected(d) })}
          pagination={{
            current,
            pageSize: DEFAULT_PAGE_SIZE,
            total: page.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setCurrent,
          }}
        />
      </Card>
      <DictItemsCard dict={selected} />
      {dictDialog && <DictFormDialog dict={dictDialog.dict} onClose={() => setDictDialog(null)} />}
    </div>
  );
}

function DictItemsCard({ dict }: { dict: DictType | null }) {
  const { t } = useTranslation();
  const cardRef = useRef<HTMLDivElement>(null);
  // On a narrow screen the items are below the list: bring them into view when a dictionary is chosen.
  useEffect(() => {
    if (dict && window.matchMedia('(max-width: 991px)').matches)
      cardRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [dict]);
  const { modal } = App.useApp();
  const items = useDictItems(dict?.id ?? null);
  const save = useSaveDictItem();
  const remove = useDeleteDictItem();
  const [dialog, setDialog] = useState<{ item: DictAdminItem | null } | null>(null);

  if (!dict)
    return (
      <Card variant="borderless" className={styles.items}>
        <Empty description={t('systemSettings.dict.pickOne')} />
      </Card>
    );

  const toggle = async (item: DictAdminItem, enabled: boolean) => {
    try {
      await save.mutateAsync({ ...item, enabled });
    } catch {
      // The request layer showed why.
    }
  };

  const confirmDelete = (item: DictAdminItem) =>
    modal.confirm({
      title: t('systemSettings.dict.confirmDeleteItem', { label: item.label }),
      content: t('systemSettings.dict.deleteItemHint'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(item.id);
          showToast('success', t('systemSettings.deleted'));
        } catch {
          // The request layer showed why.
        }
      },
    });

  const columns: TableColumnsType<DictAdminItem> = [
    { title: t('systemSettings.dict.value'), dataIndex: 'value', width: 90 },
    { title: t('systemSettings.dict.label'), dataIndex: 'label' },
    { title: t('systemSettings.dict.labelEn'), dataIndex: 'labelEn' },
    { title: t('systemSettings.dict.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('systemSettings.dict.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, item) => (
        <Switch
          size="small"
          checked={enabled}
          aria-label={t('systemSettings.dict.enabledNamed', { label: item.label })}
          onChange={(checked) => void toggle(item, checked)}
        />
      ),
    },
    {
      title: t('systemSettings.actions'),
      key: 'actions',
      width: 100,
      render: (_, item) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('systemSettings.editNamed', { name: item.label })}
            onClick={() => setDialog({ item })}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('systemSettings.deleteNamed', { name: item.label })}
            onClick={() => confirmDelete(item)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <Card
      ref={cardRef}
      variant="borderless"
      className={styles.items}
      title={<h2 className={styles.title}>{t('systemSettings.dict.itemsOf', { name: dict.name })}</h2>}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setDialog({ item: null })}>
          {t('systemSettings.dict.addItem')}
        </Button>
      }
    >
      <Table<DictAdminItem>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items.data ?? []}
        loading={items.isFetching}
        scroll={{ x: 560 }}
        pagination={false}
      />
      {dialog && (
        <DictItemFormDialog
          dictId={dict.id}
          item={dialog.item}
          items={items.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
