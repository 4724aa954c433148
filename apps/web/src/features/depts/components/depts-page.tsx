import { allowedButtons } from '@psy/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Descriptions, Empty, Flex, Input, Row, Spin, Tree, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { shownPath } from '../../../shared/lib/seeded-names';
import { useUserInfo } from '../../auth';
import { useDeleteDept, useDeptRoots, useDeptSearch, useLoadDeptLevel } from '../api/depts';
import { DEPT_BUTTONS } from '../lib/dept-buttons';
import {
  ancestorKeys,
  DEPT_SEARCH_DEBOUNCE_MS,
  deptSearchTerm,
  findTreeItem,
  loadedKeys,
  toTreeItems,
  withChildren,
  type DeptTreeItem,
} from '../lib/dept-tree';
import type { DeptFormTarget } from './dept-form-dialog';
import styles from './depts-page.module.css';

const DeptFormDialog = lazy(async () => ({ default: (await import('./dept-form-dialog')).DeptFormDialog }));

function allKeys(items: readonly DeptTreeItem[]): number[] {
  return items.flatMap((item) => [item.key, ...(item.children ? allKeys(item.children) : [])]);
}

/**
 * `/admin/dept/index` (spec S0.3.11, S0.9.5): the organisation tree within the viewer's data scope, one
 * level loaded at a time; a name search 500 ms after the last key shows the matches with their
 * ancestors. The chosen department can get a sub-department, be renamed or moved, or be deleted, each
 * button only with its permission key (admin_dept_add/_edit/_del).
 */
export function DeptsPage() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const buttons = allowedButtons(DEPT_BUTTONS, useUserInfo().data?.permissions ?? []);
  const roots = useDeptRoots();
  const loadLevel = useLoadDeptLevel();
  const remove = useDeleteDept();
  const [levels, setLevels] = useState<ReadonlyMap<number, DeptTreeItem[]>>(new Map());
  const [expanded, setExpanded] = useState<number[]>([]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [searchValue, setSearchValue] = useState('');
  const [dialog, setDialog] = useState<DeptFormTarget | null>(null);
  const term = useDebouncedValue(deptSearchTerm(searchValue), DEPT_SEARCH_DEBOUNCE_MS);
  const search = useDeptSearch(term);
  const rootTitle = t('deptAdmin.root');

  const tree = useMemo(() => {
    let items = toTreeItems(roots.data ?? [], rootTitle);
    for (const [parentId, children] of levels) items = withChildren(items, parentId, children);
    return items;
  }, [roots.data, levels, rootTitle]);
  const isSearching = term !== null && deptSearchTerm(searchValue) !== null;
  const results = useMemo(
    () => (isSearching ? toTreeItems(search.data ?? [], rootTitle) : []),
    [isSearching, search.data, rootTitle],
  );
  const shown = isSearching ? results : tree;
  const selected = selectedId === null ? null : findTreeItem(shown, selectedId);

  /**
   * Loads a node's children again (after a change) and shows it open in the tree: the search ends (its
   * matches may not include what changed) and the node's ancestors open.
   */
  const reload = async (parentId: number | null) => {
    setSearchValue('');
    if (parentId === null) {
      await roots.refetch();
      return;
    }
    // The parent was on screen (in the tree or among the matches) when it was chosen.
    const opened = [...ancestorKeys(shown, parentId), parentId];
    const children = await loadLevel(parentId);
    setLevels((prev) => new Map(prev).set(parentId, toTreeItems(children, rootTitle)));
    setExpanded((prev) => [...new Set([...prev, ...opened])]);
  };

  const confirmDelete = (item: DeptTreeItem) =>
    confirm({
      title: t('deptAdmin.confirmDelete', { name: item.title }),
      isDanger: true,
      // Refused while children or users are left; the request layer says so and nothing changes.
      action: () => remove.mutateAsync(item.key),
      successText: t('deptAdmin.deleted'),
      onDone: () => {
        setSelectedId(null);
        void reload(item.parentId);
      },
    });

  return (
    <AdminPage
      title={t('deptAdmin.title')}
      extra={
        buttons.add && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!selected}
            onClick={() =>
              selected &&
              setDialog({ mode: 'add', parentId: selected.key, parentPath: shownPath(selected.path) })
            }
          >
            {t('deptAdmin.addChild')}
          </Button>
        )
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={12}>
          <Input.Search
            allowClear
            value={searchValue}
            onChange={(event) => setSearchValue(event.target.value)}
            placeholder={t('deptAdmin.searchPlaceholder')}
            aria-label={t('deptAdmin.searchPlaceholder')}
            loading={search.isFetching}
            className={styles.search}
          />
          <div className={styles.tree}>
            {roots.isLoading ? (
              <Spin />
            ) : shown.length === 0 ? (
              <Empty description={isSearching ? t('deptAdmin.picker.noResults') : t('deptAdmin.empty')} />
            ) : (
              <Tree<DeptTreeItem>
                blockNode
                treeData={shown}
                selectedKeys={selectedId === null ? [] : [selectedId]}
                onSelect={(keys) => setSelectedId(keys.length > 0 ? Number(keys[0]) : null)}
                expandedKeys={isSearching ? allKeys(results) : expanded}
                onExpand={(keys) => !isSearching && setExpanded(keys.map(Number))}
                loadedKeys={isSearching ? allKeys(results) : loadedKeys(tree)}
                loadData={async (node) => {
                  if (isSearching || findTreeItem(tree, node.key)?.children) return;
                  const children = await loadLevel(node.key);
                  setLevels((prev) => new Map(prev).set(node.key, toTreeItems(children, rootTitle)));
                }}
              />
            )}
          </div>
        </Col>
        <Col xs={24} lg={12}>
          <section aria-label={t('deptAdmin.details.title')} className={styles.details}>
            <Typography.Title level={2} className={styles.detailsTitle}>
              {t('deptAdmin.details.title')}
            </Typography.Title>
            {selected ? (
              <>
                <Descriptions
                  column={1}
                  items={[
                    { key: 'name', label: t('deptAdmin.form.name'), children: selected.title },
                    { key: 'path', label: t('deptAdmin.details.path'), children: shownPath(selected.path) },
                  ]}
                />
                <Flex wrap gap={8}>
                  {buttons.add && (
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() =>
                        setDialog({
                          mode: 'add',
                          parentId: selected.key,
                          parentPath: shownPath(selected.path),
                        })
                      }
                    >
                      {t('deptAdmin.addChild')}
                    </Button>
                  )}
                  {buttons.edit && (
                    <Button
                      icon={<EditOutlined />}
                      onClick={() => {
                        const parent =
                          selected.parentId === null ? null : findTreeItem(shown, selected.parentId);
                        setDialog({
                          mode: 'edit',
                          id: selected.key,
                          name: selected.name,
                          parentId: selected.parentId,
                          parentPath: parent ? shownPath(parent.path) : null,
                        });
                      }}
                    >
                      {t('deptAdmin.edit')}
                    </Button>
                  )}
                  {buttons.del && selected.parentId !== null && (
                    <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
                      {t('deptAdmin.delete')}
                    </Button>
                  )}
                </Flex>
              </>
            ) : (
              <Typography.Paragraph type="secondary">
                {t('deptAdmin.details.noSelection')}
              </Typography.Paragraph>
            )}
          </section>
        </Col>
      </Row>
      {dialog && (
        <Suspense fallback={null}>
          <DeptFormDialog
            target={dialog}
            onClose={() => setDialog(null)}
            onSaved={(parents, savedId) => {
              setSelectedId(savedId);
              for (const parentId of new Set(parents)) void reload(parentId);
            }}
          />
        </Suspense>
      )}
    </AdminPage>
  );
}
