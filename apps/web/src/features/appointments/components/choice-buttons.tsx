import { Button } from 'antd';
import styles from './appointments.module.css';

export interface Choice<V> {
  value: V;
  label: string;
}

/**
 * A row of toggle buttons choosing one value (type, counsellor, site, tab). Buttons rather than antd's
 * Radio or Segmented: those bring the form library along, too heavy for the student's phone page.
 */
export function ChoiceButtons<V extends string | number>({
  label,
  choices,
  value,
  onChange,
  size,
  isBlock = false,
  testId,
}: {
  label: string;
  choices: readonly Choice<V>[];
  value: V | undefined;
  onChange: (value: V) => void;
  size?: 'small' | 'middle';
  isBlock?: boolean;
  testId?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={isBlock ? styles.choiceBlock : styles.choiceGroup}
      data-testid={testId}
    >
      {choices.map((choice) => (
        <Button
          key={String(choice.value)}
          size={size}
          type={choice.value === value ? 'primary' : 'default'}
          aria-pressed={choice.value === value}
          onClick={() => onChange(choice.value)}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}
