import {
  CheckCircleOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  StopOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  DEFAULT_PAGE_SIZE,
  USER_IMPORT_PERMISSION,
  USER_STATUSES,
  type UserRow,
  type UserStatus,
  hasPermission,
} from '@psy/contracts';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import { SelectAllTitle } from '../../../shared/ui/select-all-title';
import { useScreenClass } from '../../../shared/ui/use-screen-class';
import { DeptPicker } from '../../depts';
import {
  useAuditUsers,
  useBatchDeleteUsers,
  useDeleteUser,
  useExportUsers,
  usePermissions,
  useUserPage,
} from '../api/users';
import { useRoleOptions, useUserTypeOptions } from '../api/options';
import { allowedUserButtons, batchDeleteIssue } from '../lib/user-actions';
import {
  pageAfterDelete,
  userListQuery,
  userSearchFilter,
  type UserSearchFilter,
  type UserSearchValues,
} from '../lib/user-search';
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

/** A filter kept in the form (its value stays) while the phone layout folds it away. */
const HIDDEN = { display: 'none' } as const;

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
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<UserSearchValues>();
  const [filter, setFilter] = useState<UserSearchFilter>({});
  const [current, setCurrent] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const permissions = usePermissions();
  const buttons = allowedUserButtons(permissions);
  const canImport = hasPermission(permissions, USER_IMPORT_PERMISSION);
  const query = userListQuery(filter, current, DEFAULT_PAGE_SIZE);
  const page = useUserPage(query);
  const roles = useRoleOptions();
  const types = useUserTypeOptions();
  const remove = useDeleteUser();
  const batchRemove = useBatchDeleteUsers();
  const audit = useAuditUsers();
  const exportUsers = useExportUsers();
  const total = page.data?.total ?? 0;
  // Phones (screen class 0, spec S0.9.8): two filters until more are asked for; actions scroll with the row.
  const isPhone = useScreenClass() === 0;
  const [hasAllFilters, setHasAllFilters] = useState(false);
  const isFilterShown = (index: number) => !isPhone || hasAllFilters || index < 2;

  const runSearch = (values: UserSearchValues) => {
    setFilter(userSearchFilter(values));
    setCurrent(1);
    setSelected([]);
  };

  const afterDelete = (deleted: number) => {
    setSelected([]);
    setCurrent(pageAfterDelete(current, total, deleted, DEFAULT_PAGE_SIZE));
    showToast('success', t('userAdmin.messages.deleted'));
  };

  const confirmDelete = (user: UserRow) =>
    modal.confirm({
      title: t('userAdmin.messages.confirmDelete', { name: user.realName || user.username }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(user.id);
        } catch {
          return;
        }
        afterDelete(1);
      },
    });

  const confirmBatchDelete = () => {
    if (batchDeleteIssue(selected)) {
      showToast('warning', t('userAdmin.messages.noneTicked'));
      return;
    }
    modal.confirm({
      title: t('userAdmin.messages.confirmBatchDelete', { count: selected.length }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const { deleted } = await batchRemove.mutateAsync(selected);
          afterDelete(deleted);
        } catch {
          // Nothing was deleted (all or nothing); the request layer said why.
        }
      },
    });
  };

  const confirmAudit = (status: 'active' | 'locked') => {
    if (selected.length === 0) {
      showToast('warning', t('userAdmin.messages.noneTickedAudit'));
      return;
    }
    modal.confirm({
      title: t(
        status === 'active' ? 'userAdmin.messages.confirmApprove' : 'userAdmin.messages.confirmDisable',
        {
          count: selected.length,
        },
      ),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const { updated } = await audit.mutateAsync({ ids: selected, status });
          showToast('success', t('userAdmin.messages.audited', { count: updated }));
          setSelected([]);
        } catch {
          // The request layer showed why.
        }
      },
    });
  };

  const startExport = async () => {
    try {
      await exportUsers.mutateAsync(filter);
    } catch {
      return;
    }
    showToast('success', t('userAdmin.messages.exportStarted'));
  };

  const hasRowActions = buttons.edit || buttons.resetPwd || buttons.del;
  const columns: ColumnsType<UserRow> = [
    { key: 'username', dataIndex: 'username', title: t('userAdmin.fields.username'), width: 130 },
    { key: 'realName', dataIndex: 'realName', title: t('userAdmin.fields.realName'), width: 110 },
    { key: 'numberName', dataIndex: 'numberName', title: t('userAdmin.fields.numberName'), width: 110 },
    { key: 'phone', dataIndex: 'phone', title: t('userAdmin.fields.phone'), width: 130 },
    { key: 'dept', dataIndex: 'deptName', title: t('userAdmin.fields.deptId'), width: 150 },
    { key: 'userType', dataIndex: 'userTypeName', title: t('userAdmin.fields.userTypeId'), width: 110 },
    {
      key: 'roles',
      title: t('userAdmin.fields.roleIds'),
      width: 160,
      render: (_, user) => (
        <Flex wrap gap={4}>
          {user.roleList.map((role) => (
            <Tag key={role.roleId}>{role.roleName}</Tag>
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

  const canTick = buttons.del || buttons.audit;
  const third = { xs: 24, sm: 12, lg: 8, xl: 6 } as const;
  return (
    <Card variant="borderless" title={<h1 className={styles.title}>{t('userAdmin.title')}</h1>}>
      <Form<UserSearchValues>
        form={form}
        name="user-search"
        layout="vertical"
        onFinish={runSearch}
        className={styles.search}
        aria-label={t('userAdmin.search.label')}
      >
        <Row gutter={16}>
          <Col {...third} style={isFilterShown(0) ? undefined : HIDDEN}>
            <Form.Item name="realName" label={t('userAdmin.fields.realName')}>
              <Input allowClear maxLength={50} />
            </Form.Item>
          </Col>
          <Col {...third} style={isFilterShown(1) ? undefined : HIDDEN}>
            <Form.Item name="username" label={t('userAdmin.fields.username')}>
              <Input allowClear maxLength={20} />
            </Form.Item>
          </Col>
          <Col {...third} style={isFilterShown(2) ? undefined : HIDDEN}>
            <Form.Item name="numberName" label={t('userAdmin.fields.numberName')}>
              <Input allowClear maxLength={30} />
            </Form.Item>
          </Col>
          <Col {...third} style={isFilterShown(3) ? undefined : HIDDEN}>
            <Form.Item name="phone" label={t('userAdmin.fields.phone')}>
              <Input allowClear maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col {...third} style={isFilterShown(4) ? undefined : HIDDEN}>
            <Form.Item name="deptId" label={t('userAdmin.fields.deptId')}>
              <DeptPicker />
            </Form.Item>
          </Col>
          <Col {...third} style={isFilterShown(5) ? undefined : HIDDEN}>
            <Form.Item name="userTypeId" label={t('userAdmin.fields.userTypeId')}>
              <Select
                allowClear
                placeholder={t('userAdmin.search.all')}
                loading={types.isLoading}
                options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
              />
            </Form.Item>
          </Col>
          <Col {...third} style={isFilterShown(6) ? undefined : HIDDEN}>
            <Form.Item name="roleId" label={t('userAdmin.fields.roleIds')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('userAdmin.search.all')}
                loading={roles.isLoading}
                options={(roles.data ?? []).map((role) => ({ value: role.roleId, label: role.roleName }))}
              />
            </Form.Item>
          </Col>
          <Col {...third} style={isFilterShown(7) ? undefined : HIDDEN}>
            <Form.Item name="status" label={t('userAdmin.fields.status')}>
              <Select
                allowClear
                placeholder={t('userAdmin.search.all')}
                options={USER_STATUSES.map((status) => ({
                  value: status,
                  label: t(`userAdmin.status.${status}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('userAdmin.search.submit')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              runSearch({});
            }}
          >
            {t('userAdmin.search.reset')}
          </Button>
          {isPhone && (
            <Button
              type="link"
              aria-expanded={hasAllFilters}
              onClick={() => setHasAllFilters((shown) => !shown)}
            >
              {hasAllFilters ? t('userAdmin.search.fewerFilters') : t('userAdmin.search.moreFilters')}
            </Button>
          )}
        </Flex>
      </Form>

      <Flex gap={8} wrap className={styles.toolbar}>
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
            {t('userAdmin.actions.batchDelete')}
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
        {buttons.export && (
          <Button
            icon={<DownloadOutlined />}
            loading={exportUsers.isPending}
            onClick={() => void startExport()}
          >
            {t('userAdmin.actions.export')}
          </Button>
        )}
      </Flex>

      <Table<UserRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        scroll={{ x: 1300 }}
        rowSelection={
          canTick
            ? {
                selectedRowKeys: selected,
                columnTitle: (checkbox) => <SelectAllTitle>{checkbox}</SelectAllTitle>,
                onChange: (keys) => setSelected(keys.map(Number)),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        pagination={{
          current,
          pageSize: DEFAULT_PAGE_SIZE,
          total,
          showSizeChanger: false,
          // Beyond 10,000 matches the server estimates the total (docs/users-and-departments.md).
          showTotal: (count) =>
            t(page.data?.estimated ? 'userAdmin.totalEstimated' : 'userAdmin.total', { count }),
          onChange: (next) => setCurrent(next),
        }}
      />
      {selected.length > 0 && (
        <Typography.Text type="secondary">
          {t('userAdmin.ticked', { count: selected.length })}
        </Typography.Text>
      )}

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
    </Card>
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
