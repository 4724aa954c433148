import { ArrowDownOutlined, ArrowUpOutlined, EditOutlined, MenuOutlined } from '@ant-design/icons';
import { MENU_NAME_MAX, type AdminMenuNode, type TenantProductStatus } from '@psy/contracts';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Spin,
  Switch,
  Tag,
  Tree,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { showToast } from '../../../shared/ui/feedback';
import {
  useAdminMenuTree,
  useSetProductStatus,
  useSortMenus,
  useTenantProductStatuses,
  useUpdateMenu,
} from '../api/product-admin';
import { moveSibling, siblingsOf, toMenuTreeItems, type MenuTreeItem } from '../lib/menu-order';
import styles from './product-admin.module.css';

/**
 * `/admin/product/index` (spec S0.1.1, S0.7.7): the school's products with an enable switch (system
 * administration always on), and the menu tree of a chosen product with the safe edits: names in both
 * languages, hidden, keep-alive and order. Paths and permission keys are the platform's.
 */
export function ProductAdminPage() {
  const { t } = useTranslation();
  const products = useTenantProductStatuses();
  const setStatus = useSetProductStatus();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen = products.data?.find((p) => p.id === chosenId) ?? null;

  const toggle = async (product: TenantProductStatus, isOn: boolean) => {
    try {
      await setStatus.mutateAsync({ productId: product.id, status: isOn ? 1 : 0 });
      showToast('success', t('productAdmin.statusSaved'));
    } catch {
      // The request layer showed why.
    }
  };

  return (
    <AdminPage title={t('productAdmin.title')}>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={10}>
          <h2 className={styles.subtitle}>{t('productAdmin.products')}</h2>
          <AdminTable<TenantProductStatus>
            rowKey="id"
            size="small"
            query={products}
            rowClassName={(p) => (p.id === chosenId ? styles.chosenRow! : '')}
            columns={[
              { key: 'productName', title: t('productAdmin.products'), dataIndex: 'productName' },
              {
                key: 'status',
                title: t('productAdmin.enabled'),
                dataIndex: 'status',
                width: 110,
                render: (status: 0 | 1, p) => (
                  <Flex gap={4} align="center" wrap>
                    <Switch
                      size="small"
                      checked={status === 1}
                      disabled={p.locked}
                      loading={setStatus.isPending && setStatus.variables?.productId === p.id}
                      aria-label={t('productAdmin.toggleLabel', { name: p.productName })}
                      onChange={(isOn) => void toggle(p, isOn)}
                    />
                    {p.locked && <Tag>{t('productAdmin.locked')}</Tag>}
                  </Flex>
                ),
              },
              {
                key: 'menus',
                title: t('productAdmin.editMenus'),
                width: 90,
                render: (_: unknown, p) => (
                  <Button
                    size="small"
                    type={p.id === chosenId ? 'primary' : 'default'}
                    icon={<MenuOutlined />}
                    aria-label={t('productAdmin.menuTitle', { name: p.productName })}
                    aria-pressed={p.id === chosenId}
                    onClick={() => setChosenId(p.id)}
                  />
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={14}>
          {chosen ? <MenuEditor product={chosen} /> : <Empty description={t('productAdmin.chooseProduct')} />}
        </Col>
      </Row>
    </AdminPage>
  );
}

function MenuEditor({ product }: { product: TenantProductStatus }) {
  const { t } = useTranslation();
  const tree = useAdminMenuTree(product.id);
  const sort = useSortMenus();
  const [editing, setEditing] = useState<AdminMenuNode | null>(null);

  const move = async (node: AdminMenuNode, delta: -1 | 1) => {
    const siblings = siblingsOf(tree.data ?? [], node.id);
    if (!siblings) return;
    const ids = moveSibling(siblings.ids, node.id, delta);
    if (ids.every((id, i) => id === siblings.ids[i])) return;
    try {
      await sort.mutateAsync({ productId: product.id, parentId: siblings.parentId, ids });
      showToast('success', t('productAdmin.orderSaved'));
    } catch {
      // Shown by the request layer.
    }
  };

  const title = t('productAdmin.menuTitle', { name: product.productName });
  return (
    <section aria-label={title}>
      <h2 className={styles.subtitle}>{title}</h2>
      <Alert type="info" showIcon title={t('productAdmin.readOnlyHint')} className={styles.hint} />
      {!tree.data ? (
        <Spin />
      ) : (
        <div className={styles.tree}>
          <Tree<MenuTreeItem<AdminMenuNode>>
            blockNode
            selectable={false}
            defaultExpandAll
            treeData={toMenuTreeItems(tree.data)}
            titleRender={({ node }) => {
              const siblings = siblingsOf(tree.data ?? [], node.id)?.ids ?? [];
              const position = siblings.indexOf(node.id);
              return (
                <span className={styles.node}>
                  <span className={styles.nodeLabel}>
                    {node.label}
                    {node.type === 1 && <Tag color="geekblue">{t('productAdmin.buttonTag')}</Tag>}
                    {node.isHidden && <Tag>{t('productAdmin.hiddenTag')}</Tag>}
                  </span>
                  <span className={styles.nodeActions}>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      disabled={position <= 0 || sort.isPending}
                      aria-label={t('productAdmin.moveUp', { name: node.label })}
                      onClick={() => void move(node, -1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      disabled={position === siblings.length - 1 || sort.isPending}
                      aria-label={t('productAdmin.moveDown', { name: node.label })}
                      onClick={() => void move(node, 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={t('productAdmin.editLabel', { name: node.label })}
                      onClick={() => setEditing(node)}
                    />
                  </span>
                </span>
              );
            }}
          />
        </div>
      )}
      {editing && <MenuEntryDialog node={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

interface MenuEntryValues {
  name: string;
  nameEn: string;
  isHidden: boolean;
  keepAlive: boolean;
}

function MenuEntryDialog({ node, onClose }: { node: AdminMenuNode; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateMenu();
  const isButton = node.type === 1;

  const nameRules = [
    { required: true, whitespace: true, message: t('productAdmin.nameRequired') },
    { max: MENU_NAME_MAX },
  ];
  return (
    <FormDialog<MenuEntryValues>
      title={t('productAdmin.editTitle')}
      name="menu-entry"
      initialValues={{
        name: node.name,
        nameEn: node.nameEn ?? '',
        isHidden: node.isHidden,
        keepAlive: node.keepAlive,
      }}
      serverFields={['name', 'nameEn', 'isHidden', 'keepAlive']}
      successText={t('productAdmin.menuSaved')}
      onSubmit={(values) =>
        update.mutateAsync({
          id: node.id,
          name: values.name,
          ...(values.nameEn.trim() ? { nameEn: values.nameEn } : {}),
          ...(isButton ? {} : { keepAlive: values.keepAlive }),
          ...(isButton || !node.hideable ? {} : { isHidden: values.isHidden }),
        })
      }
      onClose={onClose}
      before={
        <Descriptions
          size="small"
          column={1}
          className={styles.hint}
          items={[
            { key: 'path', label: t('productAdmin.path'), children: node.path ?? '-' },
            { key: 'permission', label: t('productAdmin.permission'), children: node.permission ?? '-' },
          ]}
        />
      }
    >
      <Form.Item name="name" label={t('productAdmin.nameZh')} rules={nameRules}>
        <Input maxLength={MENU_NAME_MAX} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('productAdmin.nameEn')} rules={[{ max: MENU_NAME_MAX }]}>
        <Input maxLength={MENU_NAME_MAX} />
      </Form.Item>
      {!isButton && (
        <>
          <Form.Item
            name="isHidden"
            label={t('productAdmin.isHidden')}
            valuePropName="checked"
            extra={node.hideable ? undefined : t('productAdmin.unhideable')}
          >
            <Switch disabled={!node.hideable} />
          </Form.Item>
          <Form.Item name="keepAlive" label={t('productAdmin.keepAlive')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
