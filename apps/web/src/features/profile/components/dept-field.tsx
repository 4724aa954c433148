import { TreeSelect } from 'antd';
import { deptOptions, useDeptTree } from '../api/basic-info';

/** Spec S0.9.7: the department dropdown is at least 500 px wide and at most 300 px high. */
const DEPT_POPUP = { minWidth: 'min(500px, 90vw)' } as const;
const DEPT_LIST_HEIGHT = 300;

export interface DeptFieldProps {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
}

/**
 * The organisation tree picker of the profile dialog, in a chunk of its own: most users who must complete
 * their profile already have a department, and the tree picker is the heaviest control of the dialog.
 */
export function DeptField(props: DeptFieldProps) {
  const depts = useDeptTree(true);
  return (
    <TreeSelect
      {...props}
      treeData={deptOptions(depts.data ?? [])}
      loading={depts.isLoading}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      listHeight={DEPT_LIST_HEIGHT}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: DEPT_POPUP } }}
    />
  );
}
