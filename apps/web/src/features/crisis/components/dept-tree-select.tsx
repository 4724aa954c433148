import { seededName, type Lang } from '@psy/contracts';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useDeptTree, type DeptNode } from '../api/crisis';

interface TreeItem {
  value: number;
  title: string;
  children: TreeItem[];
}

const toItems = (nodes: readonly DeptNode[], lang: Lang): TreeItem[] =>
  nodes.map((n) => ({ value: n.id, title: seededName(n.name, lang), children: toItems(n.children, lang) }));

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
  const lang = currentLanguage();
  const tree = useDeptTree();
  const items = useMemo(() => toItems(tree.data ?? [], lang), [tree.data, lang]);
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
