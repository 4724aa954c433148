import { NestedPicker, type NestedFieldProps } from './nested-picker';

export type { NestedFieldProps } from './nested-picker';

/**
 * A cascader: the answer is the path of chosen values (S0.3.35). Loaded only by forms that have one; the
 * light picker of nested-picker.tsx, not antd's Cascader (route budget, docs/forms.md "Route size").
 */
export function CascaderField(props: NestedFieldProps) {
  return <NestedPicker {...props} mode="cascader" />;
}
