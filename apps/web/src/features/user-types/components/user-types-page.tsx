import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  USER_TYPE_CODE_MAX,
  USER_TYPE_NAME_MAX,
  USER_TYPE_USER_COUNT_CAP,
  type UserType,
  type UserTypeBody,
} from '@psy/contracts';
import { Button, Flex, Form, Input, InputNumber, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowButton } from '../../../shared/admin/row-button';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { cappedCountLabel } from '../../../shared/lib/capped-count';
import { useCreateUserType, useDeleteUserType, useUpdateUserType, useUserTypes } from '../api/user-types';
import { isValidUserTypeCode, USER_TYPE_FORM_FIELDS, userTypeFormValues } from '../lib/user-type-form';

/**
 * `/admin/uType/index` (spec S0.7.12): the school's user types, whether each is offered for
 * self-registration, their order and how many users have them; add, edit, and delete one no user has.
 */
export function UserTypesPage() {
  const { t, i18n } = useTranslation();
  const types = useUserTypes();
  const remove = useDeleteUserType();
  const confirm = useConfirmAction();
  const [dialog, setDialog] = useState<{ type: UserType | null } | null>(null);

  const confirmDelete = (type: UserType) =>
    confirm({
      title: t('userTypeAdmin.confirmDelete', { name: type.name }),
      isDanger: true,
      // Refused while users have it; the request layer says so.
      action: () => remove.mutateAsync(type.id),
      successText: t('userTypeAdmin.deleted'),
    });

  const columns: AdminColumn<UserType>[] = [
    {
      key: 'name',
      title: t('userTypeAdmin.columns.name'),
      dataIndex: 'name',
      alwaysShown: true,
      render: (name: string) => seededName(name, currentLanguage()),
    },
    { key: 'code', title: t('userTypeAdmin.columns.code'), dataIndex: 'code' },
    {
      key: 'allowRegister',
      title: t('userTypeAdmin.columns.allowRegister'),
      dataIndex: 'allowRegister',
      render: (allowed: boolean) =>
        allowed ? <Tag color="blue">{t('userTypeAdmin.yes')}</Tag> : <Tag>{t('userTypeAdmin.no')}</Tag>,
    },
    { key: 'sort', title: t('userTypeAdmin.columns.sort'), dataIndex: 'sort', align: 'right', width: 80 },
    {
      key: 'userCount',
      title: t('userTypeAdmin.columns.userCount'),
      dataIndex: 'userCount',
      align: 'right',
      width: 90,
      render: (count: number) => cappedCountLabel(count, USER_TYPE_USER_COUNT_CAP, i18n.language),
    },
    {
      key: 'actions',
      title: t('userTypeAdmin.columns.actions'),
      alwaysShown: true,
      width: 170,
      render: (_: unknown, type) => (
        <Flex gap={4} wrap>
          <RowButton
            icon={<EditOutlined />}
            ariaLabel={`${t('userTypeAdmin.edit')} ${seededName(type.name, currentLanguage())}`}
            onClick={() => setDialog({ type })}
            label={t('userTypeAdmin.edit')}
          />
          <RowButton
            isDanger
            icon={<DeleteOutlined />}
            disabled={type.userCount > 0}
            ariaLabel={`${t('userTypeAdmin.delete')} ${seededName(type.name, currentLanguage())}`}
            onClick={() => confirmDelete(type)}
            label={t('userTypeAdmin.delete')}
          />
        </Flex>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('userTypeAdmin.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ type: null })}>
          {t('userTypeAdmin.add')}
        </Button>
      }
    >
      <AdminTable<UserType>
        rowKey="id"
        columns={columns}
        query={types}
        columnSettingsId="user-types"
        scrollX={760}
      />
      {dialog && <UserTypeDialog type={dialog.type} all={types.data ?? []} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}

function UserTypeDialog({
  type,
  all,
  onClose,
}: {
  type: UserType | null;
  all: readonly UserType[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateUserType();
  const update = useUpdateUserType();

  return (
    <FormDialog<UserTypeBody>
      title={type ? t('userTypeAdmin.dialogEditTitle') : t('userTypeAdmin.dialogAddTitle')}
      name="user-type-form"
      initialValues={userTypeFormValues(type, all)}
      serverFields={USER_TYPE_FORM_FIELDS}
      successText={type ? t('userTypeAdmin.saved') : t('userTypeAdmin.created')}
      // A code already used is refused on its field.
      onSubmit={(values) =>
        type ? update.mutateAsync({ ...values, id: type.id }) : create.mutateAsync(values)
      }
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('userTypeAdmin.columns.name')}
        rules={[{ required: true, whitespace: true, message: t('userTypeAdmin.nameRequired') }]}
      >
        <Input maxLength={USER_TYPE_NAME_MAX} />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('userTypeAdmin.columns.code')}
        rules={[
          { required: true, whitespace: true, message: t('userTypeAdmin.codeRequired') },
          {
            validator: async (_: unknown, value: string | undefined) => {
              if (value && !isValidUserTypeCode(value)) throw new Error(t('userTypeAdmin.codePattern'));
            },
          },
        ]}
      >
        <Input maxLength={USER_TYPE_CODE_MAX} />
      </Form.Item>
      <Form.Item
        name="allowRegister"
        label={t('userTypeAdmin.columns.allowRegister')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name="sort" label={t('userTypeAdmin.columns.sort')}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </FormDialog>
  );
}
