import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { FOCUS_SETTING_TYPE_KEYS, type FocusSettingType } from '@psy/contracts';
import { Alert, Button, Flex, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { RowButton } from '../../../shared/admin/row-button';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
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
import { entryLabel } from '../lib/focus-setting-form';
import { FocusSettingDialog } from './focus-setting-dialog';
import styles from './focus-settings.module.css';

type StatusChoice = 'all' | '1' | '0';

/** One type's list: search by name, filter by status, the switch per entry, add, edit and delete. */
export function FocusSettingList({ type, canEdit }: { type: FocusSettingType; canEdit: boolean }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = useAdminList<FocusSettingFilter>({});
  const [dialog, setDialog] = useState<{ entry: FocusSetting | null } | null>(null);
  const page = useFocusSettingPage(type, list.query);
  const edit = useEditFocusSetting();
  const remove = useDeleteFocusSetting();
  const confirm = useConfirmAction();
  const records = page.data?.records ?? [];
  const typeName = t(`focusSettings.types.${FOCUS_SETTING_TYPE_KEYS[type]}`);

  const switchEntry = async (entry: FocusSetting, on: boolean) => {
    try {
      await edit.mutateAsync({ id: entry.id, status: on ? 1 : 0 });
      showToast('success', on ? t('focusSettings.switchedOn') : t('focusSettings.switchedOff'));
    } catch (error) {
      showToast('error', isApiError(error) ? error.message : t('adminKit.saveFailed'));
    }
  };

  const confirmDelete = (entry: FocusSetting) =>
    confirm({
      title: t('focusSettings.confirmDelete', { name: entryLabel(entry, lang) }),
      isDanger: true,
      action: () => remove.mutateAsync(entry.id),
      successText: t('focusSettings.deleted'),
      onDone: () => list.deleted(page.data?.total ?? 0, 1),
    });

  const columns: AdminColumn<FocusSetting>[] = [
    {
      key: 'name',
      title: t('focusSettings.columns.name'),
      alwaysShown: true,
      render: (_: unknown, entry) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{entryLabel(entry, lang)}</Typography.Text>
          {/* The other language's name, marked as such (read in its language, and known to be on purpose). */}
          <Typography.Text
            type="secondary"
            className={styles.secondary}
            lang={lang === 'en-US' ? 'zh-CN' : 'en-US'}
          >
            {lang === 'en-US' ? entry.name : entry.nameEn}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
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
    { key: 'sort', title: t('focusSettings.columns.sort'), dataIndex: 'sort', align: 'right', width: 80 },
    {
      key: 'remark',
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
      key: 'updateTime',
      title: t('focusSettings.columns.updateTime'),
      dataIndex: 'updateTime',
      responsive: ['lg'],
      width: 170,
      render: (time: string) => formatDateTime(time, lang),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      title: t('focusSettings.columns.actions'),
      alwaysShown: true,
      width: 150,
      render: (_: unknown, entry) => (
        <Flex gap={4} wrap>
          <RowButton
            icon={<EditOutlined />}
            ariaLabel={t('focusSettings.editLabel', { name: entryLabel(entry, lang) })}
            testId={`focus-setting-edit-${entry.id}`}
            onClick={() => setDialog({ entry })}
            label={t('focusSettings.edit')}
          />
          <RowButton
            isDanger
            icon={<DeleteOutlined />}
            ariaLabel={t('focusSettings.deleteLabel', { name: entryLabel(entry, lang) })}
            testId={`focus-setting-delete-${entry.id}`}
            onClick={() => confirmDelete(entry)}
            label={t('focusSettings.delete')}
          />
        </Flex>
      ),
    });
  }

  const { status } = list.filter;
  const statusChoice: StatusChoice = status === undefined ? 'all' : status === 1 ? '1' : '0';

  return (
    <>
      {!canEdit && (
        <Alert type="info" showIcon className={styles.toolbar} title={t('focusSettings.readOnly')} />
      )}
      <AdminTable<FocusSetting>
        rowKey="id"
        columns={columns}
        query={page}
        list={list}
        pager={{ sizeChanger: true, hideOnSinglePage: true }}
        emptyText={t('focusSettings.empty')}
        scrollX={520}
        toolbar={
          <>
            <SearchBox
              className={styles.search}
              placeholder={t('focusSettings.searchPlaceholder')}
              onSearch={(name) => list.refine({ name: name || undefined })}
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
              onChange={(value) =>
                list.refine({ status: value === 'all' ? undefined : value === '1' ? 1 : 0 })
              }
            />
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
          </>
        }
      />
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
