import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../../i18n/i18n';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { allowedButtons, ROLE_USER_COUNT_CAP, type RoleMenus } from '@psy/contracts';
import { Alert, Button, Collapse, Descriptions, Empty, Flex, Spin, Tabs, Tag, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { cappedCountLabel } from '../../../shared/lib/capped-count';
import { showToast } from '../../../shared/ui/feedback';
import { useUserInfo } from '../../auth';
import { useRole, useRoleMenus, useSaveRoleMenus } from '../api/roles';
import {
  indexGrantTree,
  isPartlyGranted,
  sameIds,
  toggleGrant,
  toGrantTreeItems,
  type GrantIndex,
  type GrantTreeItem,
} from '../lib/grant-tree';
import { ROLE_BUTTONS } from '../lib/role-buttons';
import { RoleFormPermissions } from './role-form-permissions';
import styles from './roles.module.css';

export interface RoleDetailsPageProps {
  roleId: number | null;
}

/**
 * `/roleDetails/index?roleId=` (spec S0.2.14): the role, and its menus and buttons per product as a tree
 * of checkboxes (checking an entry takes its subtree and parents along; unchecking a page's buttons keeps
 * the page), saved at once for all products; the form permissions per form in a second tab.
 */
export function RoleDetailsPage({ roleId }: RoleDetailsPageProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const role = useRole(roleId);
  const menus = useRoleMenus(roleId);

  if (roleId === null) return <Empty description={t('roleAdmin.noRole')} />;
  if (role.isError || menus.isError) return <Empty description={t('roleAdmin.noRole')} />;
  if (!role.data || !menus.data) return <Spin />;
  const r = role.data;
  return (
    <AdminPage
      title={t('roleAdmin.detailsTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/admin/role/index')}>
          {t('roleAdmin.back')}
        </Button>
      }
    >
      <Descriptions
        size="small"
        className={styles.readable}
        column={{ xs: 1, sm: 1, md: 2, lg: 3, xl: 3, xxl: 3 }}
        items={[
          {
            key: 'name',
            label: t('roleAdmin.columns.roleName'),
            children: seededName(r.roleName, currentLanguage()),
          },
          { key: 'code', label: t('roleAdmin.columns.roleCode'), children: r.roleCode },
          {
            key: 'ports',
            label: t('roleAdmin.columns.portPermission'),
            children: r.portPermission
              .map((p) => t(`roleAdmin.ports.${p as 'pc'}`, { defaultValue: p }))
              .join(', '),
          },
          {
            key: 'scope',
            label: t('roleAdmin.columns.dataScope'),
            children: t(`roleAdmin.dataScopes.${r.dataScope}`),
          },
          {
            key: 'users',
            label: t('roleAdmin.columns.userCount'),
            children: cappedCountLabel(r.userCount, ROLE_USER_COUNT_CAP, i18n.language),
          },
          { key: 'desc', label: t('roleAdmin.columns.roleDesc'), children: r.roleDesc ?? '' },
        ]}
      />
      <Tabs
        items={[
          {
            key: 'menus',
            label: t('roleAdmin.menusTab'),
            children: <RoleGrantEditor key={menus.dataUpdatedAt} data={menus.data} />,
          },
          {
            key: 'forms',
            label: t('roleAdmin.formsTab'),
            children: <RoleFormPermissions roleId={r.id} />,
          },
        ]}
      />
    </AdminPage>
  );
}

function RoleGrantEditor({ data }: { data: RoleMenus }) {
  const { t } = useTranslation();
  const canEdit = allowedButtons(ROLE_BUTTONS, useUserInfo().data?.permissions ?? []).edit && data.editable;
  const save = useSaveRoleMenus();
  const saved = useMemo(() => new Set(data.menuIds), [data.menuIds]);
  const [granted, setGranted] = useState<ReadonlySet<number>>(saved);
  const products = useMemo(
    () =>
      data.products.map((p) => ({
        ...p,
        index: indexGrantTree(p.menus),
        items: toGrantTreeItems(p.menus),
      })),
    [data.products],
  );
  const isDirty = !sameIds(granted, saved);

  const submit = async () => {
    try {
      await save.mutateAsync({ roleId: data.roleId, menuIds: [...granted].sort((a, b) => a - b) });
      showToast('success', t('roleAdmin.grantsSaved'));
    } catch {
      // The request layer showed why; the ticks stay for another try.
    }
  };

  return (
    <Flex vertical gap={12}>
      {!data.editable && <Alert type="info" showIcon title={t('roleAdmin.fixedGrants')} />}
      {/* One panel per product: no tab overflow menu on narrow screens, each header a plain button. */}
      <Collapse
        size="small"
        defaultActiveKey={products[0] ? [String(products[0].productId)] : []}
        items={products.map((p) => ({
          key: String(p.productId),
          label: p.productName,
          children: (
            <GrantTree
              label={t('roleAdmin.grantTreeLabel', { product: p.productName })}
              items={p.items}
              index={p.index}
              granted={granted}
              disabled={!canEdit}
              onToggle={(id, checked) => setGranted((prev) => toggleGrant(p.index, prev, id, checked))}
            />
          ),
        }))}
      />
      {canEdit && (
        <Flex gap={12} align="center" justify="end" wrap>
          {isDirty && <Typography.Text type="warning">{t('roleAdmin.unsaved')}</Typography.Text>}
          <Button type="primary" onClick={() => void submit()} loading={save.isPending} disabled={!isDirty}>
            {t('roleAdmin.saveGrants')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

function GrantTree({
  label,
  items,
  index,
  granted,
  disabled,
  onToggle,
}: {
  label: string;
  items: GrantTreeItem[];
  index: GrantIndex;
  granted: ReadonlySet<number>;
  disabled: boolean;
  onToggle: (id: number, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const ids = [...index.parentOf.keys()];
  const checked = ids.filter((id) => granted.has(id));
  const halfChecked = checked.filter((id) => isPartlyGranted(index, granted, id));
  return (
    <div className={styles.tree} role="group" aria-label={label}>
      <Tree<GrantTreeItem>
        checkable
        checkStrictly
        selectable={false}
        disabled={disabled}
        defaultExpandAll
        treeData={items}
        checkedKeys={{ checked: checked.filter((id) => !halfChecked.includes(id)), halfChecked }}
        // A half-checked entry is not in `checked`: a click grants its whole subtree.
        onCheck={(_, info) => onToggle(Number(info.node.key), info.checked)}
        titleRender={(item) => (
          <span className={styles.treeTitle}>
            {item.title}
            {item.isButton && <Tag color="geekblue">{t('roleAdmin.buttonTag')}</Tag>}
            {item.isHidden && <Tag>{t('roleAdmin.hiddenTag')}</Tag>}
          </span>
        )}
      />
    </div>
  );
}
