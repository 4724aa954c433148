import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { shownName } from '../../../shared/lib/seeded-names';
import { useDeptTree, type DeptNode } from '../api/crisis';

interface TreeItem {
  value: number;
  title: string;
  children: TreeItem[];
}

const toItems = (nodes: readonly DeptNode[]): TreeItem[] =>
  nodes.map((n) => ({ value: n.id, title: shownName(n.name), children: toItems(n.children) }));

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
  const { t, i18n } = useTranslation();
  const tree = useDeptTree();
  // Seeded names are shown in the reader's language: the items are made again when it changes.
  const items = useMemo(() => toItems(tree.data ?? []), [tree.data, i18n.language]);
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
