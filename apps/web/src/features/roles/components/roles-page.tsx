import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, ROLE_USER_COUNT_CAP, type RoleRecord } from '@psy/contracts';
import { App, Button, Card, Flex, Grid, Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../shared/ui/feedback';
import { useUserInfo } from '../../auth';
import { useDeleteRole, useRolePage } from '../api/roles';
import { allowedRoleButtons, roleDetailsHref } from '../lib/role-buttons';
import { cappedCountLabel } from '../../../shared/lib/capped-count';
import { RoleFormDialog } from './role-form-dialog';
import styles from './roles.module.css';

/**
 * `/admin/role/index` (spec S0.2.14, S0.6): the school's roles, paged, searched by name or code; add,
 * edit and delete each only with its permission key (admin_role_add/_edit/_del); the permissions link
 * opens the role details page with the menu and button grants.
 */
export function RolesPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  // At phone width a fixed actions column would cover the row: it scrolls with the rest there.
  const isWide = Grid.useBreakpoint().md ?? true;
  const buttons = allowedRoleButtons(useUserInfo().data?.permissions ?? []);
  const [current, setCurrent] = useState(1);
  const [roleName, setRoleName] = useState('');
  const page = useRolePage({ current, size: DEFAULT_PAGE_SIZE, roleName: roleName || undefined });
  const remove = useDeleteRole();
  const [dialog, setDialog] = useState<{ role: RoleRecord | null } | null>(null);

  const confirmDelete = (role: RoleRecord) => {
    modal.confirm({
      title: t('roleAdmin.confirmDelete', { name: role.roleName }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync(role.id);
          showToast('success', t('roleAdmin.deleted'));
        } catch {
          // The request layer showed why (users still hold it).
        }
      },
    });
  };

  const columns: TableColumnsType<RoleRecord> = [
    {
      title: t('roleAdmin.columns.roleName'),
      dataIndex: 'roleName',
      width: 160,
      render: (name: string, role) => (
        <Flex gap={4} wrap align="center">
          {name}
          {role.builtIn && <Tag color="blue">{t('roleAdmin.builtIn')}</Tag>}
        </Flex>
      ),
    },
    { title: t('roleAdmin.columns.roleCode'), dataIndex: 'roleCode', width: 200 },
    {
      title: t('roleAdmin.columns.portPermission'),
      dataIndex: 'portPermission',
      width: 200,
      render: (ports: string[]) => (
        <Flex gap={4} wrap>
          {ports.map((port) => (
            <Tag key={port}>{t(`roleAdmin.ports.${port as 'pc'}`, { defaultValue: port })}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('roleAdmin.columns.dataScope'),
      dataIndex: 'dataScope',
      width: 150,
      render: (scope: RoleRecord['dataScope']) => t(`roleAdmin.dataScopes.${scope}`),
    },
    {
      title: t('roleAdmin.columns.userCount'),
      dataIndex: 'userCount',
      width: 80,
      align: 'right',
      render: (count: number) => cappedCountLabel(count, ROLE_USER_COUNT_CAP, i18n.language),
    },
    { title: t('roleAdmin.columns.roleDesc'), dataIndex: 'roleDesc', ellipsis: true },
    {
      title: t('roleAdmin.columns.actions'),
      key: 'actions',
      width: 250,
      fixed: isWide ? 'right' : undefined,
      render: (_: unknown, role) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            type="link"
            icon={<SafetyOutlined />}
            onClick={() => void navigate(roleDetailsHref(role.id))}
          >
            {t('roleAdmin.details')}
          </Button>
          {buttons.edit && (
            <Button
              size="small"
              type="link"
              icon={<EditOutlined />}
              aria-label={`${t('roleAdmin.edit')} ${role.roleName}`}
              onClick={() => setDialog({ role })}
            >
              {t('roleAdmin.edit')}
            </Button>
          )}
          {buttons.del && !role.builtIn && (
            <Button
              size="small"
              type="link"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('roleAdmin.delete')} ${role.roleName}`}
              onClick={() => confirmDelete(role)}
            >
              {t('roleAdmin.delete')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={<h1 className={styles.title}>{t('roleAdmin.title')}</h1>}>
      <Flex gap={8} wrap justify="space-between" className={styles.toolbar}>
        <Input.Search
          allowClear
          className={styles.search}
          placeholder={t('roleAdmin.searchPlaceholder')}
          aria-label={t('roleAdmin.searchPlaceholder')}
          enterButton={t('roleAdmin.search')}
          onSearch={(value) => {
            setRoleName(value.trim());
            setCurrent(1);
          }}
        />
        {buttons.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ role: null })}>
            {t('roleAdmin.add')}
          </Button>
        )}
      </Flex>
      <Table<RoleRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        scroll={{ x: 1100 }}
        pagination={{
          current,
          pageSize: DEFAULT_PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => setCurrent(next),
        }}
      />
      {dialog && <RoleFormDialog role={dialog.role} onClose={() => setDialog(null)} />}
    </Card>
  );
}
