import { NestedPicker, type NestedFieldProps } from './nested-picker';

/**
 * A tree choice (one node, or several when `multiple`). Loaded only by forms that have one; the light
 * picker of nested-picker.tsx, not antd's TreeSelect (route budget, docs/forms.md "Route size").
 */
export function TreeField(props: NestedFieldProps) {
  return <NestedPicker {...props} mode="tree" />;
}
