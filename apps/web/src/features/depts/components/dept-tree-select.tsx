import { TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useDeptRoots, useDeptSearch, useLoadDeptLevel } from '../api/depts';
import {
  DEPT_LIST_HEIGHT,
  DEPT_POPUP_MIN_WIDTH,
  DEPT_SEARCH_DEBOUNCE_MS,
  deptSearchTerm,
  findTreeItem,
  loadedKeys,
  searchOptions,
  toTreeItems,
  withChildren,
  type DeptTreeItem,
} from '../lib/dept-tree';

/** Spec S0.9.7: at least 500 px wide (never wider than the screen of a phone). */
const POPUP_STYLE = { minWidth: `min(${DEPT_POPUP_MIN_WIDTH}px, 92vw)` } as const;

export interface DeptTreeSelectProps {
  id?: string;
  value?: number | null;
  /** `label`: the chosen department's name as shown in the tree (for callers that list their choices). */
  onChange?: (value: number | null, label?: string) => void;
  /** How to show the value before its node is loaded (the department's name or path). */
  valueLabel?: string | null;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /** Departments that cannot be chosen (a department cannot move under itself). */
  disabledIds?: readonly number[];
  'aria-label'?: string;
}

/**
 * The organisation picker (spec S0.3.3 deptId, S0.9.5, S0.9.7): the tree within the viewer's data scope,
 * loaded when the dropdown first opens and one level at a time as nodes are opened; typing searches the
 * server by name 500 ms after the last key and lists the matches with their whole path.
 */
export function DeptTreeSelect({
  id,
  value,
  onChange,
  valueLabel,
  placeholder,
  allowClear = true,
  disabled,
  disabledIds,
  'aria-label': ariaLabel,
}: DeptTreeSelectProps) {
  const { t } = useTranslation();
  const [hasOpened, setHasOpened] = useState(false);
  const [searchValue, setSearchValue] = useState('');
  // Children loaded per node, applied in load order over the top level (a parent before its children).
  const [levels, setLevels] = useState<ReadonlyMap<number, DeptTreeItem[]>>(new Map());
  const roots = useDeptRoots(hasOpened);
  const loadLevel = useLoadDeptLevel();
  const term = useDebouncedValue(deptSearchTerm(searchValue), DEPT_SEARCH_DEBOUNCE_MS);
  const search = useDeptSearch(term);
  const rootTitle = t('deptAdmin.root');

  const tree = useMemo(() => {
    let items = toTreeItems(roots.data ?? [], rootTitle);
    for (const [parentId, children] of levels) items = withChildren(items, parentId, children);
    return items;
  }, [roots.data, levels, rootTitle]);

  const isSearching = term !== null && deptSearchTerm(searchValue) !== null;
  const shown = isSearching ? searchOptions(search.data ?? [], term) : tree;
  const disabledSet = new Set(disabledIds ?? []);
  const markDisabled = (items: DeptTreeItem[]): (DeptTreeItem & { disabled?: boolean })[] =>
    disabledSet.size === 0
      ? items
      : items.map((item) => ({
          ...item,
          disabled: disabledSet.has(item.key),
          ...(item.children ? { children: markDisabled(item.children) } : {}),
        }));

  const label = value == null ? undefined : (findTreeItem(tree, value)?.title ?? valueLabel ?? String(value));

  return (
    <TreeSelect<{ value: number; label: string } | undefined>
      id={id}
      aria-label={ariaLabel}
      labelInValue
      value={value == null ? undefined : { value, label: label ?? '' }}
      onChange={(next) =>
        onChange?.(next?.value ?? null, typeof next?.label === 'string' ? next.label : undefined)
      }
      treeData={markDisabled(shown)}
      loadData={async (node) => {
        const key = Number(node.key);
        if (isSearching || findTreeItem(tree, key)?.children) return;
        const children = await loadLevel(key);
        setLevels((prev) => new Map(prev).set(key, toTreeItems(children, rootTitle)));
      }}
      treeLoadedKeys={isSearching ? shown.map((item) => item.key) : loadedKeys(tree)}
      showSearch={{
        searchValue,
        onSearch: setSearchValue,
        filterTreeNode: false,
        autoClearSearchValue: true,
      }}
      onOpenChange={(open) => {
        if (open) setHasOpened(true);
        else setSearchValue('');
      }}
      loading={roots.isFetching || search.isFetching}
      notFoundContent={
        roots.isLoading || search.isFetching ? t('app.loading') : t('deptAdmin.picker.noResults')
      }
      placeholder={placeholder ?? t('deptAdmin.picker.placeholder')}
      allowClear={allowClear}
      disabled={disabled}
      listHeight={DEPT_LIST_HEIGHT}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: POPUP_STYLE } }}
      style={{ width: '100%' }}
    />
  );
}
