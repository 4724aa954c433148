import type { FieldOption } from '@psy/forms';
import { Select } from 'antd';
import { choiceOptions, type FormLang } from '../../lib/form-text';

export interface SelectFieldProps {
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

/** A select (one or several options); loaded only by forms that have one. */
export function SelectField(props: SelectFieldProps) {
  const { id, value, options, multiple, disabled, lang, placeholder, invalid, describedBy, onChange } = props;
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      value={(value ?? undefined) as never}
      options={choiceOptions(options, lang)}
      disabled={disabled}
      placeholder={placeholder}
      status={invalid ? 'error' : undefined}
      aria-describedby={describedBy}
      allowClear
      optionFilterProp="label"
      showSearch={{ optionFilterProp: 'label' }}
      onChange={(v: unknown) => onChange(v ?? undefined)}
    />
  );
}
