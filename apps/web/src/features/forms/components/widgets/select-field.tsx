import { NestedPicker, type NestedFieldProps } from './nested-picker';

export type SelectFieldProps = Omit<NestedFieldProps, 'loadChildren'>;

/**
 * A select (one or several options, with search); loaded only by forms that have one. The light picker of
 * nested-picker.tsx as a list of one level, not antd's Select (route budget, docs/forms.md "Route size").
 */
export function SelectField(props: SelectFieldProps) {
  return <NestedPicker {...props} mode="select" />;
}
