import { seededName, seededPath } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import {
  CheckCircleOutlined,
  DeleteOutlined,
  PlusOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  USER_IMPORT_PERMISSION,
  USER_STATUSES,
  allowedButtons,
  hasPermission,
  type UserRow,
  type UserStatus,
} from '@psy/contracts';
import { Button, Flex, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useBatchAction, useConfirmAction } from '../../../shared/admin/confirm-action';
import { ExportButton } from '../../../shared/admin/export-button';
import { FilterForm } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { useScreenClass } from '../../../shared/ui/use-screen-class';
import { DeptPicker } from '../../depts';
import {
  exportUsers,
  useAuditUsers,
  useBatchDeleteUsers,
  useDeleteUser,
  usePermissions,
  useUserPage,
} from '../api/users';
import { useRoleOptions, useUserTypeOptions } from '../api/options';
import { USER_BUTTONS } from '../lib/user-actions';
import { userSearchFilter, type UserSearchFilter, type UserSearchValues } from '../lib/user-search';
import styles from './users-page.module.css';

const UserFormDialog = lazy(async () => ({
  default: (await import('./user-form-dialog')).UserFormDialog,
}));
// Bulk import (features/user-import, spec S0.2.21): its own chunk, loaded when the button is pressed.
const ImportUsersDialog = lazy(async () => ({
  default: (await import('../../user-import')).ImportUsersDialog,
}));
const ResetPasswordDialog = lazy(async () => ({
  default: (await import('./reset-password-dialog')).ResetPasswordDialog,
}));

/** The details page of one user (spec S0.2.14). */
export const USER_DETAIL_PATH = '/user_manage/userinfo';

const STATUS_COLORS: Record<UserStatus, string> = { active: 'green', locked: 'red', pending: 'gold' };

type Dialog =
  | { kind: 'form'; userId: number | null }
  | { kind: 'resetPwd'; user: UserRow }
  | { kind: 'import' }
  | { kind: 'initialPassword'; username: string; password: string };

/**
 * `/info/index`, the administration centre's user list (spec S0.2.14): search by name, account, number,
 * phone, organisation, user type, role and status; 10 rows a page (S0.9.1); the buttons a role has
 * (admin_userInfo_add/_edit/_del/_export/_audit/_resetPwd); a batch delete needs ticked rows (S0.5.17).
 * A sub-administrator sees only users of their department subtree (the server's data scope).
 */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useAdminList<UserSearchFilter>({});
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const permissions = usePermissions();
  const buttons = allowedButtons(USER_BUTTONS, permissions);
  const canImport = hasPermission(permissions, USER_IMPORT_PERMISSION);
  const page = useUserPage(list.query);
  const roles = useRoleOptions();
  const types = useUserTypeOptions();
  const remove = useDeleteUser();
  const batchRemove = useBatchDeleteUsers();
  const audit = useAuditUsers();
  const confirm = useConfirmAction();
  const batch = useBatchAction(list.selected);
  const total = page.data?.total ?? 0;
  // Phones (screen class 0, spec S0.9.8): actions scroll with the row.
  const isPhone = useScreenClass() === 0;

  const confirmDelete = (user: UserRow) =>
    confirm({
      title: t('userAdmin.messages.confirmDelete', { name: user.realName || user.username }),
      isDanger: true,
      action: () => remove.mutateAsync(user.id),
      successText: t('adminKit.deleted'),
      onDone: () => list.deleted(total, 1),
    });

  const confirmBatchDelete = () =>
    batch({
      title: (count) => t('userAdmin.messages.confirmBatchDelete', { count }),
      isDanger: true,
      // All or nothing: a refusal deletes none.
      action: (ids) => batchRemove.mutateAsync(ids.map(Number)),
      successText: t('adminKit.deleted'),
      onDone: ({ deleted }) => list.deleted(total, deleted),
    });

  const confirmAudit = (status: 'active' | 'locked') =>
    batch({
      title: (count) =>
        t(status === 'active' ? 'userAdmin.messages.confirmApprove' : 'userAdmin.messages.confirmDisable', {
          count,
        }),
      noneTickedText: t('userAdmin.messages.noneTickedAudit'),
      action: (ids) => audit.mutateAsync({ ids: ids.map(Number), status }),
      successText: ({ updated }) => t('userAdmin.messages.audited', { count: updated }),
      onDone: () => list.select([]),
    });

  const hasRowActions = buttons.edit || buttons.resetPwd || buttons.del;
  const columns: AdminColumn<UserRow>[] = [
    {
      key: 'username',
      dataIndex: 'username',
      title: t('userAdmin.fields.username'),
      width: 130,
      alwaysShown: true,
    },
    { key: 'realName', dataIndex: 'realName', title: t('userAdmin.fields.realName'), width: 110 },
    { key: 'numberName', dataIndex: 'numberName', title: t('userAdmin.fields.numberName'), width: 110 },
    { key: 'phone', dataIndex: 'phone', title: t('userAdmin.fields.phone'), width: 130 },
    {
      key: 'dept',
      dataIndex: 'deptName',
      title: t('userAdmin.fields.deptId'),
      width: 150,
      render: (name: string | null) => seededPath(name, currentLanguage()),
    },
    {
      key: 'userType',
      dataIndex: 'userTypeName',
      title: t('userAdmin.fields.userTypeId'),
      width: 110,
      render: (name: string | null) => (name ? seededName(name, currentLanguage()) : name),
    },
    {
      key: 'roles',
      title: t('userAdmin.fields.roleIds'),
      width: 160,
      render: (_, user) => (
        <Flex wrap gap={4}>
          {user.roleList.map((role) => (
            <Tag key={role.roleId}>{seededName(role.roleName, currentLanguage())}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('userAdmin.fields.status'),
      width: 110,
      render: (_, user) => (
        <Tag color={STATUS_COLORS[user.status]}>{t(`userAdmin.status.${user.status}`)}</Tag>
      ),
    },
    {
      key: 'createTime',
      title: t('userAdmin.fields.createTime'),
      width: 170,
      render: (_, user) => formatDateTime(user.createTime, i18n.language),
    },
    {
      key: 'actions',
      title: t('userAdmin.columns.actions'),
      alwaysShown: true,
      fixed: isPhone ? undefined : 'right',
      width: hasRowActions ? 250 : 90,
      render: (_, user) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() =>
              void navigate(`${USER_DETAIL_PATH}?${new URLSearchParams({ userId: String(user.id) })}`)
            }
          >
            {t('userAdmin.actions.view')}
          </Button>
          {buttons.edit && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'form', userId: user.id })}>
              {t('userAdmin.actions.edit')}
            </Button>
          )}
          {buttons.resetPwd && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'resetPwd', user })}>
              {t('userAdmin.actions.resetPwd')}
            </Button>
          )}
          {buttons.del && (
            <Button type="link" size="small" danger onClick={() => confirmDelete(user)}>
              {t('userAdmin.actions.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const all = t('userAdmin.search.all');
  return (
    <AdminPage title={t('userAdmin.title')}>
      <FilterForm<UserSearchValues>
        name="user-search"
        label={t('userAdmin.search.label')}
        onSearch={(values) => list.search(userSearchFilter(values))}
        fields={[
          <Form.Item key="realName" name="realName" label={t('userAdmin.fields.realName')}>
            <Input allowClear maxLength={50} />
          </Form.Item>,
          <Form.Item key="username" name="username" label={t('userAdmin.fields.username')}>
            <Input allowClear maxLength={20} />
          </Form.Item>,
          <Form.Item key="numberName" name="numberName" label={t('userAdmin.fields.numberName')}>
            <Input allowClear maxLength={30} />
          </Form.Item>,
          <Form.Item key="phone" name="phone" label={t('userAdmin.fields.phone')}>
            <Input allowClear maxLength={11} inputMode="numeric" />
          </Form.Item>,
          <Form.Item key="deptId" name="deptId" label={t('userAdmin.fields.deptId')}>
            <DeptPicker />
          </Form.Item>,
          <Form.Item key="userTypeId" name="userTypeId" label={t('userAdmin.fields.userTypeId')}>
            <Select
              allowClear
              placeholder={all}
              loading={types.isLoading}
              options={(types.data ?? []).map((type) => ({
                value: type.id,
                label: seededName(type.name, currentLanguage()),
              }))}
            />
          </Form.Item>,
          <Form.Item key="roleId" name="roleId" label={t('userAdmin.fields.roleIds')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={all}
              loading={roles.isLoading}
              options={(roles.data ?? []).map((role) => ({
                value: role.roleId,
                label: seededName(role.roleName, currentLanguage()),
              }))}
            />
          </Form.Item>,
          <Form.Item key="status" name="status" label={t('userAdmin.fields.status')}>
            <Select
              allowClear
              placeholder={all}
              options={USER_STATUSES.map((status) => ({
                value: status,
                label: t(`userAdmin.status.${status}`),
              }))}
            />
          </Form.Item>,
        ]}
      />

      <AdminTable<UserRow>
        rowKey="id"
        columns={columns}
        query={page}
        list={list}
        // Ticks serve the batch delete and the audit.
        selectable={buttons.del || buttons.audit}
        // Beyond 10,000 matches the server estimates the total (docs/users-and-departments.md).
        pager={{
          showTotal: (count, estimated) =>
            t(estimated ? 'userAdmin.totalEstimated' : 'userAdmin.total', { count }),
        }}
        columnSettingsId="users"
        scrollX={1300}
        toolbar={
          <>
            {buttons.add && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'form', userId: null })}
              >
                {t('userAdmin.actions.add')}
              </Button>
            )}
            {buttons.del && (
              <Button danger icon={<DeleteOutlined />} onClick={confirmBatchDelete}>
                {t('adminKit.batchDelete')}
              </Button>
            )}
            {buttons.audit && (
              <>
                <Button icon={<CheckCircleOutlined />} onClick={() => confirmAudit('active')}>
                  {t('userAdmin.actions.approve')}
                </Button>
                <Button icon={<StopOutlined />} onClick={() => confirmAudit('locked')}>
                  {t('userAdmin.actions.disable')}
                </Button>
              </>
            )}
            {canImport && (
              <Button icon={<UploadOutlined />} onClick={() => setDialog({ kind: 'import' })}>
                {t('userImport.openButton')}
              </Button>
            )}
            {buttons.export && <ExportButton call={() => exportUsers(list.filter)} fileName="users.xlsx" />}
          </>
        }
      />

      <Suspense fallback={null}>
        {dialog?.kind === 'form' && (
          <UserFormDialog
            userId={dialog.userId}
            onClose={() => setDialog(null)}
            onSaved={(user, initialPassword) =>
              setDialog(
                initialPassword
                  ? { kind: 'initialPassword', username: user.username, password: initialPassword }
                  : null,
              )
            }
          />
        )}
        {dialog?.kind === 'import' && (
          <ImportUsersDialog userTypes={types.data ?? []} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'resetPwd' && (
          <ResetPasswordDialog user={dialog.user} onClose={() => setDialog(null)} />
        )}
      </Suspense>
      {dialog?.kind === 'initialPassword' && (
        <InitialPasswordNote
          username={dialog.username}
          password={dialog.password}
          onClose={() => setDialog(null)}
        />
      )}
    </AdminPage>
  );
}

/** The generated password of a new user, shown once (the server keeps only its hash). */
function InitialPasswordNote({
  username,
  password,
  onClose,
}: {
  username: string;
  password: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('userAdmin.initialPassword.title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.confirm')}
      cancelButtonProps={{ hidden: true }}
      mask={{ closable: false }}
    >
      <Typography.Paragraph>{t('userAdmin.initialPassword.text', { username })}</Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: password }} code className={styles.password}>
        {password}
      </Typography.Paragraph>
    </Modal>
  );
}
