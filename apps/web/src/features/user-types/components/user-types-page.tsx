import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  USER_TYPE_CODE_MAX,
  USER_TYPE_NAME_MAX,
  USER_TYPE_USER_COUNT_CAP,
  type UserType,
  type UserTypeBody,
} from '@psy/contracts';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cappedCountLabel } from '../../../shared/lib/capped-count';
import { showToast } from '../../../shared/ui/feedback';
import { useCreateUserType, useDeleteUserType, useUpdateUserType, useUserTypes } from '../api/user-types';
import { isValidUserTypeCode, userTypeFormValues } from '../lib/user-type-form';
import styles from './user-types.module.css';

/**
 * `/admin/uType/index` (spec S0.7.12): the school's user types, whether each is offered for
 * self-registration, their order and how many users have them; add, edit, and delete one no user has.
 */
export function UserTypesPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const types = useUserTypes();
  const remove = useDeleteUserType();
  const [dialog, setDialog] = useState<{ type: UserType | null } | null>(null);

  const confirmDelete = (type: UserType) => {
    modal.confirm({
      title: t('userTypeAdmin.confirmDelete', { name: type.name }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(type.id);
          showToast('success', t('userTypeAdmin.deleted'));
        } catch {
          // The request layer showed why (users still have it).
        }
      },
    });
  };

  const columns: TableColumnsType<UserType> = [
    { title: t('userTypeAdmin.columns.name'), dataIndex: 'name' },
    { title: t('userTypeAdmin.columns.code'), dataIndex: 'code' },
    {
      title: t('userTypeAdmin.columns.allowRegister'),
      dataIndex: 'allowRegister',
      render: (allowed: boolean) =>
        allowed ? <Tag color="blue">{t('userTypeAdmin.yes')}</Tag> : <Tag>{t('userTypeAdmin.no')}</Tag>,
    },
    { title: t('userTypeAdmin.columns.sort'), dataIndex: 'sort', align: 'right', width: 80 },
    {
      title: t('userTypeAdmin.columns.userCount'),
      dataIndex: 'userCount',
      align: 'right',
      width: 90,
      render: (count: number) => cappedCountLabel(count, USER_TYPE_USER_COUNT_CAP, i18n.language),
    },
    {
      title: t('userTypeAdmin.columns.actions'),
      key: 'actions',
      width: 170,
      render: (_: unknown, type) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            type="link"
            icon={<EditOutlined />}
            aria-label={`${t('userTypeAdmin.edit')} ${type.name}`}
            onClick={() => setDialog({ type })}
          >
            {t('userTypeAdmin.edit')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            icon={<DeleteOutlined />}
            disabled={type.userCount > 0}
            aria-label={`${t('userTypeAdmin.delete')} ${type.name}`}
            onClick={() => confirmDelete(type)}
          >
            {t('userTypeAdmin.delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      variant="borderless"
      title={<h1 className={styles.title}>{t('userTypeAdmin.title')}</h1>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ type: null })}>
          {t('userTypeAdmin.add')}
        </Button>
      }
    >
      <Table<UserType>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={types.data ?? []}
        loading={types.isFetching}
        pagination={false}
        scroll={{ x: 760 }}
      />
      {dialog && <UserTypeDialog type={dialog.type} all={types.data ?? []} onClose={() => setDialog(null)} />}
    </Card>
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

  const submit = async (values: UserTypeBody) => {
    try {
      if (type) {
        await update.mutateAsync({ ...values, id: type.id });
        showToast('success', t('userTypeAdmin.saved'));
      } else {
        await create.mutateAsync(values);
        showToast('success', t('userTypeAdmin.created'));
      }
      onClose();
    } catch {
      // Shown by the request layer (a code already used).
    }
  };

  return (
    <Modal
      open
      title={type ? t('userTypeAdmin.dialogEditTitle') : t('userTypeAdmin.dialogAddTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<UserTypeBody>
        name="user-type-form"
        layout="vertical"
        autoComplete="off"
        initialValues={userTypeFormValues(type, all)}
        onFinish={(values) => void submit(values)}
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
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {t('common.confirm')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
