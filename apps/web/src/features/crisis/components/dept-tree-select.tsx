import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeptTree, type DeptNode } from '../api/crisis';

interface TreeItem {
  value: number;
  title: string;
  children: TreeItem[];
}

const toItems = (nodes: readonly DeptNode[]): TreeItem[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: toItems(n.children) }));

/**
 * Departments of the school, several at once (a person's coverage), from the whole tree every signed-in
 * person may read; searched by name.
 */
export function DeptMultiSelect({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
}) {
  const { t } = useTranslation();
  const tree = useDeptTree();
  const items = useMemo(() => toItems(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number[]>
      id={id}
      value={value}
      onChange={onChange}
      treeData={items}
      multiple
      treeCheckable={false}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={tree.isPending}
      placeholder={t('crisis.network.coveragePlaceholder')}
      style={{ width: '100%' }}
    />
  );
}
