import { sameOption } from '@psy/forms';
import styles from './form-renderer.module.css';

export interface ChoiceOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface ChoiceGroupProps {
  id?: string;
  /** Radio buttons (one value) or check boxes (a list). */
  kind: 'radio' | 'checkbox';
  name: string;
  options: readonly ChoiceOption[];
  value: unknown;
  disabled?: boolean;
  labelledBy?: string;
  describedBy?: string;
  invalid?: boolean;
  /** Buttons side by side (grade levels, weekdays) rather than one per line. */
  inline?: boolean;
  onChange: (value: unknown) => void;
}

const chosen = (value: unknown): (string | number)[] =>
  Array.isArray(value)
    ? value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    : typeof value === 'string' || typeof value === 'number'
      ? [value]
      : [];

/**
 * Native radio buttons or check boxes in Ant Design's look: the fill route stays within its size budget
 * without antd's Radio and Checkbox (which bring the form library along), and the browser's own controls
 * work with every screen reader and on phones.
 */
export function ChoiceGroup(props: ChoiceGroupProps) {
  const { id, kind, name, options, value, disabled, labelledBy, describedBy, invalid, inline, onChange } =
    props;
  const values = chosen(value);
  const isOn = (v: string | number) => values.some((x) => sameOption(x, v));
  const toggle = (v: string | number) => {
    if (kind === 'radio') return onChange(v);
    const next = isOn(v) ? values.filter((x) => !sameOption(x, v)) : [...values, v];
    onChange(next.length > 0 ? next : undefined);
  };
  return (
    <div
      id={id}
      role={kind === 'radio' ? 'radiogroup' : 'group'}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-invalid={kind === 'radio' && invalid ? true : undefined}
      className={inline ? styles.choicesInline : styles.choices}
    >
      {options.map((o) => (
        <label
          key={String(o.value)}
          className={`${styles.choice} ${disabled || o.disabled ? styles.choiceDisabled : ''}`}
        >
          <input
            type={kind}
            name={name}
            value={String(o.value)}
            checked={isOn(o.value)}
            disabled={disabled || (o.disabled === true && !isOn(o.value))}
            onChange={() => toggle(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
