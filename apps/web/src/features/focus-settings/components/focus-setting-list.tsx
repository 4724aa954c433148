import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, FOCUS_SETTING_TYPE_KEYS, type FocusSettingType } from '@psy/contracts';
import {
  Alert,
  App,
  Button,
  Flex,
  Input,
  Select,
  Switch,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { isApiError } from '../../../shared/api/request';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import {
  useDeleteFocusSetting,
  useEditFocusSetting,
  useFocusSettingPage,
  type FocusSetting,
  type FocusSettingFilter,
} from '../api/focus-settings';
import { entryLabel, pageAfterDelete } from '../lib/focus-setting-form';
import { FocusSettingDialog } from './focus-setting-dialog';
import styles from './focus-settings.module.css';

type StatusChoice = 'all' | '1' | '0';

/** One type's list: search by name, filter by status, the switch per entry, add, edit and delete. */
export function FocusSettingList({ type, canEdit }: { type: FocusSettingType; canEdit: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const lang = currentLanguage();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [filter, setFilter] = useState<FocusSettingFilter>({});
  const [dialog, setDialog] = useState<{ entry: FocusSetting | null } | null>(null);
  const list = useFocusSettingPage(type, current, size, filter);
  const edit = useEditFocusSetting();
  const remove = useDeleteFocusSetting();
  const records = list.data?.records ?? [];
  const typeName = t(`focusSettings.types.${FOCUS_SETTING_TYPE_KEYS[type]}`);

  const switchEntry = async (entry: FocusSetting, on: boolean) => {
    try {
      await edit.mutateAsync({ id: entry.id, status: on ? 1 : 0 });
      showToast('success', on ? t('focusSettings.switchedOn') : t('focusSettings.switchedOff'));
    } catch (error) {
      showToast('error', isApiError(error) ? error.message : t('focusSettings.saveFailed'));
    }
  };

  const confirmDelete = (entry: FocusSetting) => {
    modal.confirm({
      title: t('focusSettings.confirmDelete', { name: entryLabel(entry, lang) }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(entry.id);
          showToast('success', t('focusSettings.deleted'));
          setCurrent((page) => pageAfterDelete(page, records.length));
        } catch {
          // The request layer showed why.
        }
      },
    });
  };

  const columns: TableColumnsType<FocusSetting> = [
    {
      title: t('focusSettings.columns.name'),
      key: 'name',
      render: (_: unknown, entry) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{entryLabel(entry, lang)}</Typography.Text>
          <Typography.Text type="secondary" className={styles.secondary}>
            {lang === 'en-US' ? entry.name : entry.nameEn}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('focusSettings.columns.status'),
      dataIndex: 'status',
      width: 80,
      render: (status: number, entry) => (
        <Switch
          checked={status === 1}
          disabled={!canEdit}
          loading={edit.isPending && edit.variables?.id === entry.id && edit.variables.status !== undefined}
          aria-label={t('focusSettings.switchLabel', { name: entryLabel(entry, lang) })}
          data-testid={`focus-setting-switch-${entry.id}`}
          onChange={(on) => void switchEntry(entry, on)}
        />
      ),
    },
    { title: t('focusSettings.columns.sort'), dataIndex: 'sort', align: 'right', width: 80 },
    {
      title: t('focusSettings.columns.remark'),
      dataIndex: 'remark',
      responsive: ['md'],
      render: (remark: string | null) => (
        <Typography.Paragraph className={styles.remark} ellipsis={{ rows: 2, tooltip: remark }}>
          {remark ?? ''}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('focusSettings.columns.updateTime'),
      dataIndex: 'updateTime',
      responsive: ['lg'],
      width: 170,
      render: (time: string) => formatDateTime(time, lang),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('focusSettings.columns.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, entry) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            aria-label={t('focusSettings.editLabel', { name: entryLabel(entry, lang) })}
            data-testid={`focus-setting-edit-${entry.id}`}
            onClick={() => setDialog({ entry })}
          >
            {t('focusSettings.edit')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('focusSettings.deleteLabel', { name: entryLabel(entry, lang) })}
            data-testid={`focus-setting-delete-${entry.id}`}
            onClick={() => confirmDelete(entry)}
          >
            {t('focusSettings.delete')}
          </Button>
        </Flex>
      ),
    });
  }

  const statusChoice: StatusChoice = filter.status === undefined ? 'all' : filter.status === 1 ? '1' : '0';

  return (
    <>
      {!canEdit && (
        <Alert type="info" showIcon className={styles.toolbar} title={t('focusSettings.readOnly')} />
      )}
      <Flex justify="space-between" align="center" gap={12} wrap className={styles.toolbar}>
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            className={styles.search}
            maxLength={50}
            placeholder={t('focusSettings.searchPlaceholder')}
            aria-label={t('focusSettings.searchPlaceholder')}
            onSearch={(value) => {
              setFilter((f) => ({ ...f, name: value.trim() || undefined }));
              setCurrent(1);
            }}
          />
          <Select<StatusChoice>
            className={styles.status}
            value={statusChoice}
            aria-label={t('focusSettings.statusFilter')}
            options={[
              { value: 'all', label: t('focusSettings.statusAll') },
              { value: '1', label: t('focusSettings.statusOn') },
              { value: '0', label: t('focusSettings.statusOff') },
            ]}
            onChange={(value) => {
              setFilter((f) => ({ ...f, status: value === 'all' ? undefined : value === '1' ? 1 : 0 }));
              setCurrent(1);
            }}
          />
        </Flex>
        {canEdit && (
          <Button
            type="primary"
            className={styles.add}
            icon={<PlusOutlined />}
            data-testid="focus-setting-add"
            onClick={() => setDialog({ entry: null })}
          >
            {t('focusSettings.add')}
          </Button>
        )}
      </Flex>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('focusSettings.loadFailed')}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('focusSettings.retry')}
            </Button>
          }
        />
      ) : (
        <Table<FocusSetting>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={records}
          loading={list.isFetching}
          locale={{ emptyText: t('focusSettings.empty') }}
          scroll={{ x: 520 }}
          pagination={{
            current,
            pageSize: size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (page, pageSize) => {
              setCurrent(pageSize === size ? page : 1);
              setSize(pageSize);
            },
          }}
        />
      )}
      {dialog && (
        <FocusSettingDialog
          type={type}
          typeName={typeName}
          entry={dialog.entry}
          shown={records}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
