import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Switch, Tag, Card } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { dictionaryDescription, dictionaryTitle } from '@psy/forms';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { isApiError } from '../../../shared/api/request';
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
import { itemLabel } from '../lib/dict-items';
import { DictFormDialog, DictItemFormDialog } from './dict-dialogs';
import styles from './dicts.module.css';

/**
 * `/admin/dict/index`: the school's dictionaries (the form fields' option lists), searched by name; the
 * items of the chosen one with their Chinese and English labels, order and switch. An item's value is
 * fixed once added (stored answers name it); removing an item hides it and keeps its value taken.
 */
export function DictsPage() {
  const { t } = useTranslation();
  const list = useAdminList<{ name?: string }>({});
  const page = useDictPage(list.query);
  const removeDict = useDeleteDict();
  const confirm = useConfirmAction();
  const [selected, setSelected] = useState<DictType | null>(null);
  const [dictDialog, setDictDialog] = useState<{ dict: DictType | null } | null>(null);

  const confirmDelete = (dict: DictType) =>
    confirm({
      title: t('systemSettings.dict.confirmDelete', { name: dictionaryTitle(dict, currentLanguage()) }),
      isDanger: true,
      action: () => removeDict.mutateAsync(dict.id),
      successText: t('systemSettings.deleted'),
      onDone: () => {
        if (selected?.id === dict.id) setSelected(null);
        list.deleted(page.data?.total ?? 0, 1);
      },
    });

  const columns: AdminColumn<DictType>[] = [
    {
      key: 'name',
      title: t('systemSettings.dict.name'),
      dataIndex: 'name',
      alwaysShown: true,
      // People read the dictionary's name in their language; its key, which forms refer to, stays beside it.
      render: (value: string, d) => (
        <Flex gap={4} wrap align="center">
          <Button type="link" className={styles.linkCell} onClick={() => setSelected(d)}>
            {dictionaryTitle(d, currentLanguage())}
          </Button>
          <code className={styles.key}>{value}</code>
          {d.system && <Tag color="blue">{t('systemSettings.dict.system')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'description',
      title: t('systemSettings.dict.description'),
      dataIndex: 'description',
      ellipsis: true,
      render: (_: string, d) => dictionaryDescription(d, currentLanguage()),
    },
    {
      key: 'itemCount',
      title: t('systemSettings.dict.itemCount'),
      dataIndex: 'itemCount',
      width: 80,
      align: 'right',
    },
    {
      key: 'actions',
      title: t('systemSettings.actions'),
      alwaysShown: true,
      width: 110,
      render: (_, d) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('systemSettings.editNamed', { name: dictionaryTitle(d, currentLanguage()) })}
            onClick={() => setDictDialog({ dict: d })}
          />
          {!d.system && (
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('systemSettings.deleteNamed', { name: dictionaryTitle(d, currentLanguage()) })}
              onClick={() => confirmDelete(d)}
            />
          )}
        </Flex>
      ),
    },
  ];

  return (
    <div className={styles.layout}>
      <AdminPage
        className={styles.dicts}
        title={t('systemSettings.dict.title')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDictDialog({ dict: null })}>
            {t('systemSettings.dict.add')}
          </Button>
        }
      >
        <AdminTable<DictType>
          rowKey="id"
          size="small"
          columns={columns}
          query={page}
          list={list}
          scrollX={480}
          rowClassName={(d) => (d.id === selected?.id ? styles.selectedRow! : '')}
          onRow={(d) => ({ onClick: () => setSelected(d) })}
          toolbar={
            <SearchBox
              className={styles.search}
              placeholder={t('systemSettings.dict.searchPlaceholder')}
              onSearch={(name) => list.search({ name })}
            />
          }
        />
      </AdminPage>
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
  const items = useDictItems(dict?.id ?? null);
  const save = useSaveDictItem();
  const remove = useDeleteDictItem();
  const confirm = useConfirmAction();
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
    } catch (error) {
      showToast('error', isApiError(error) ? error.message : t('adminKit.saveFailed'));
    }
  };

  const confirmDelete = (item: DictAdminItem) =>
    confirm({
      title: t('systemSettings.dict.confirmDeleteItem', { label: itemLabel(item, currentLanguage()) }),
      content: t('systemSettings.dict.deleteItemHint'),
      isDanger: true,
      action: () => remove.mutateAsync(item.id),
      successText: t('systemSettings.deleted'),
    });

  const columns: AdminColumn<DictAdminItem>[] = [
    { key: 'value', title: t('systemSettings.dict.value'), dataIndex: 'value', width: 90, alwaysShown: true },
    { key: 'label', title: t('systemSettings.dict.label'), dataIndex: 'label' },
    { key: 'labelEn', title: t('systemSettings.dict.labelEn'), dataIndex: 'labelEn' },
    { key: 'sort', title: t('systemSettings.dict.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      key: 'enabled',
      title: t('systemSettings.dict.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, item) => (
        <Switch
          size="small"
          checked={enabled}
          aria-label={t('systemSettings.dict.enabledNamed', { label: itemLabel(item, currentLanguage()) })}
          onChange={(checked) => void toggle(item, checked)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('systemSettings.actions'),
      alwaysShown: true,
      width: 100,
      render: (_, item) => (
        <Flex gap={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('systemSettings.editNamed', { name: itemLabel(item, currentLanguage()) })}
            onClick={() => setDialog({ item })}
          />
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('systemSettings.deleteNamed', { name: itemLabel(item, currentLanguage()) })}
            onClick={() => confirmDelete(item)}
          />
        </Flex>
      ),
    },
  ];

  return (
    <AdminPage
      ref={cardRef}
      level={2}
      className={styles.items}
      title={t('systemSettings.dict.itemsOf', { name: dictionaryTitle(dict, currentLanguage()) })}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setDialog({ item: null })}>
          {t('systemSettings.dict.addItem')}
        </Button>
      }
    >
      <AdminTable<DictAdminItem> rowKey="id" size="small" columns={columns} query={items} scrollX={560} />
      {dialog && (
        <DictItemFormDialog
          dictId={dict.id}
          item={dialog.item}
          items={items.data ?? []}
          onClose={() => setDialog(null)}
        />
      )}
    </AdminPage>
  );
}
