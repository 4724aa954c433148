import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { allowedButtons, ROLE_USER_COUNT_CAP, type RoleRecord } from '@psy/contracts';
import { Button, Flex, Grid, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RowButton } from '../../../shared/admin/row-button';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { cappedCountLabel } from '../../../shared/lib/capped-count';
import { useUserInfo } from '../../auth';
import { useDeleteRole, useRolePage } from '../api/roles';
import { ROLE_BUTTONS, roleDetailsHref } from '../lib/role-buttons';
import { RoleFormDialog } from './role-form-dialog';
import styles from './roles.module.css';

/**
 * `/admin/role/index` (spec S0.2.14, S0.6): the school's roles, paged, searched by name or code; add,
 * edit and delete each only with its permission key (admin_role_add/_edit/_del); the permissions link
 * opens the role details page with the menu and button grants.
 */
export function RolesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // At phone width a fixed actions column would cover the row: it scrolls with the rest there.
  const isWide = Grid.useBreakpoint().md ?? true;
  const buttons = allowedButtons(ROLE_BUTTONS, useUserInfo().data?.permissions ?? []);
  const list = useAdminList<{ roleName?: string }>({});
  const page = useRolePage(list.query);
  const remove = useDeleteRole();
  const confirm = useConfirmAction();
  const [dialog, setDialog] = useState<{ role: RoleRecord | null } | null>(null);

  const confirmDelete = (role: RoleRecord) =>
    confirm({
      title: t('roleAdmin.confirmDelete', { name: seededName(role.roleName, currentLanguage()) }),
      isDanger: true,
      // Refused while users hold it; the request layer says so.
      action: () => remove.mutateAsync(role.id),
      successText: t('roleAdmin.deleted'),
      onDone: () => list.deleted(page.data?.total ?? 0, 1),
    });

  const columns: AdminColumn<RoleRecord>[] = [
    {
      key: 'roleName',
      title: t('roleAdmin.columns.roleName'),
      dataIndex: 'roleName',
      alwaysShown: true,
      width: 160,
      render: (name: string, role) => (
        <Flex gap={4} wrap align="center">
          {seededName(name, currentLanguage())}
          {role.builtIn && <Tag color="blue">{t('roleAdmin.builtIn')}</Tag>}
        </Flex>
      ),
    },
    { key: 'roleCode', title: t('roleAdmin.columns.roleCode'), dataIndex: 'roleCode', width: 200 },
    {
      key: 'portPermission',
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
      key: 'dataScope',
      title: t('roleAdmin.columns.dataScope'),
      dataIndex: 'dataScope',
      width: 150,
      render: (scope: RoleRecord['dataScope']) => t(`roleAdmin.dataScopes.${scope}`),
    },
    {
      key: 'userCount',
      title: t('roleAdmin.columns.userCount'),
      dataIndex: 'userCount',
      width: 80,
      align: 'right',
      render: (count: number) => cappedCountLabel(count, ROLE_USER_COUNT_CAP, i18n.language),
    },
    { key: 'roleDesc', title: t('roleAdmin.columns.roleDesc'), dataIndex: 'roleDesc', ellipsis: true },
    {
      key: 'actions',
      title: t('roleAdmin.columns.actions'),
      alwaysShown: true,
      width: 250,
      fixed: isWide ? 'right' : undefined,
      render: (_: unknown, role) => (
        <Flex gap={4} wrap>
          <RowButton
            icon={<SafetyOutlined />}
            onClick={() => void navigate(roleDetailsHref(role.id))}
            label={t('roleAdmin.details')}
          />
          {buttons.edit && (
            <RowButton
              icon={<EditOutlined />}
              ariaLabel={`${t('roleAdmin.edit')} ${seededName(role.roleName, currentLanguage())}`}
              onClick={() => setDialog({ role })}
              label={t('roleAdmin.edit')}
            />
          )}
          {buttons.del && !role.builtIn && (
            <RowButton
              isDanger
              icon={<DeleteOutlined />}
              ariaLabel={`${t('roleAdmin.delete')} ${seededName(role.roleName, currentLanguage())}`}
              onClick={() => confirmDelete(role)}
              label={t('roleAdmin.delete')}
            />
          )}
        </Flex>
      ),
    },
  ];

  return (
    <AdminPage title={t('roleAdmin.title')}>
      <AdminTable<RoleRecord>
        rowKey="id"
        columns={columns}
        query={page}
        list={list}
        columnSettingsId="roles"
        scrollX={1100}
        toolbar={
          <>
            <SearchBox
              hasButton
              className={styles.search}
              placeholder={t('roleAdmin.searchPlaceholder')}
              onSearch={(roleName) => list.search({ roleName })}
            />
            {buttons.add && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ role: null })}>
                {t('roleAdmin.add')}
              </Button>
            )}
          </>
        }
      />
      {dialog && <RoleFormDialog role={dialog.role} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}
