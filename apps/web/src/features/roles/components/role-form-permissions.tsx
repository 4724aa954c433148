import { allowedButtons } from '@psy/contracts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useUserInfo } from '../../auth';
import { useRoleFormPermissions, useSaveRoleFormPermissions } from '../api/roles';
import { ROLE_BUTTONS } from '../lib/role-buttons';
import styles from './roles.module.css';

interface FormRow {
  formId: number;
  view: boolean;
  edit: boolean;
}

/**
 * Form permissions of a role (`/admin/role/form/permissions`): per form id, view and edit; edit includes
 * view. The form engine will name the forms; until then they are listed by id.
 */
export function RoleFormPermissions({ roleId }: { roleId: number }) {
  const stored = useRoleFormPermissions(roleId);
  if (!stored.data) return null;
  return <FormPermissionEditor key={stored.dataUpdatedAt} roleId={roleId} initial={stored.data} />;
}

function FormPermissionEditor({ roleId, initial }: { roleId: number; initial: FormRow[] }) {
  const { t } = useTranslation();
  const canEdit = allowedButtons(ROLE_BUTTONS, useUserInfo().data?.permissions ?? []).edit;
  const save = useSaveRoleFormPermissions();
  const [rows, setRows] = useState<FormRow[]>(initial);
  const [newId, setNewId] = useState<number | null>(null);
  const canAdd = newId !== null && newId > 0 && !rows.some((r) => r.formId === newId);

  const patch = (formId: number, change: Partial<FormRow>) =>
    setRows((prev) =>
      prev.map((r) => {
        if (r.formId !== formId) return r;
        const next = { ...r, ...change };
        // Edit includes view; taking view away takes edit away.
        if (change.edit === true) next.view = true;
        if (change.view === false) next.edit = false;
        return next;
      }),
    );

  const submit = async () => {
    try {
      await save.mutateAsync({ roleId, items: rows });
      showToast('success', t('roleAdmin.formsSaved'));
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">{t('roleAdmin.formsHint')}</Typography.Text>
      {canEdit && (
        <Flex gap={8} wrap className={styles.formRow}>
          <InputNumber<number>
            min={1}
            precision={0}
            value={newId}
            onChange={(value) => setNewId(value)}
            placeholder={t('roleAdmin.formId')}
            aria-label={t('roleAdmin.formId')}
          />
          <Button
            icon={<PlusOutlined />}
            disabled={!canAdd}
            onClick={() => {
              if (!canAdd) return;
              setRows((prev) => [...prev, { formId: newId, view: true, edit: false }]);
              setNewId(null);
            }}
          >
            {t('roleAdmin.addForm')}
          </Button>
        </Flex>
      )}
      <Table<FormRow>
        rowKey="formId"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('roleAdmin.formId'), dataIndex: 'formId' },
          {
            title: t('roleAdmin.view'),
            dataIndex: 'view',
            render: (value: boolean, row) => (
              <Checkbox
                checked={value}
                disabled={!canEdit}
                aria-label={`${t('roleAdmin.view')} ${row.formId}`}
                onChange={(e) => patch(row.formId, { view: e.target.checked })}
              />
            ),
          },
          {
            title: t('roleAdmin.editForm'),
            dataIndex: 'edit',
            render: (value: boolean, row) => (
              <Checkbox
                checked={value}
                disabled={!canEdit}
                aria-label={`${t('roleAdmin.editForm')} ${row.formId}`}
                onChange={(e) => patch(row.formId, { edit: e.target.checked })}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  title: t('roleAdmin.columns.actions'),
                  key: 'actions',
                  render: (_: unknown, row: FormRow) => (
                    <Button
                      size="small"
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => setRows((prev) => prev.filter((r) => r.formId !== row.formId))}
                    >
                      {t('roleAdmin.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canEdit && (
        <Flex justify="end">
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {t('roleAdmin.saveForms')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
