import type { FieldOption } from '@psy/forms';
import { Cascader } from 'antd';
import { optionTree, type FormLang } from '../../lib/form-text';

export interface NestedFieldProps {
  id: string;
  value: unknown;
  options: readonly FieldOption[] | undefined;
  multiple: boolean;
  disabled: boolean;
  lang: FormLang;
  placeholder: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (value: unknown) => void;
}

/** A cascader: the answer is the path of chosen values (S0.3.35). Loaded only by forms that have one. */
export function CascaderField(props: NestedFieldProps) {
  const { id, value, options, disabled, lang, placeholder, invalid, describedBy, onChange } = props;
  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      value={(Array.isArray(value) ? value : undefined) as never}
      options={optionTree(options, lang)}
      disabled={disabled}
      placeholder={placeholder}
      status={invalid ? 'error' : undefined}
      aria-describedby={describedBy}
      onChange={(v: unknown) => onChange(Array.isArray(v) && v.length > 0 ? v : undefined)}
    />
  );
}
