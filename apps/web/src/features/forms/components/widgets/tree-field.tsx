import { TreeSelect } from 'antd';
import { optionTree } from '../../lib/form-text';
import type { NestedFieldProps } from './cascader-field';

/** A tree choice (one node, or several when `multiple`). Loaded only by forms that have one. */
export function TreeField(props: NestedFieldProps) {
  const { id, value, options, multiple, disabled, lang, placeholder, invalid, describedBy, onChange } = props;
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      value={(value ?? undefined) as never}
      treeData={optionTree(options, lang)}
      multiple={multiple}
      treeDefaultExpandAll
      disabled={disabled}
      placeholder={placeholder}
      status={invalid ? 'error' : undefined}
      aria-describedby={describedBy}
      allowClear
      onChange={(v: unknown) => onChange(v ?? undefined)}
    />
  );
}
