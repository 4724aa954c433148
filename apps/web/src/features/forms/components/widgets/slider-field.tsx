import styles from './slider-field.module.css';

export interface SliderFieldProps {
  id: string;
  label: string;
  value: unknown;
  min: number;
  max: number;
  step: number;
  disabled: boolean;
  onChange: (value: number) => void;
}

/**
 * A slider (S0.3.23: 1-10 by default). Loaded only by forms that have one. A native range input (arrow
 * keys, Page Up/Down, Home/End and touch come with it) with its bounds and the chosen value beside it;
 * antd's Slider added 9 kB to the route (docs/forms.md "Route size"). Until answered, the thumb is drawn
 * faintly and no value is shown.
 */
export function SliderField({ id, label, value, min, max, step, disabled, onChange }: SliderFieldProps) {
  const answered = typeof value === 'number';
  return (
    <div className={styles.slider}>
      <span className={styles.bound} aria-hidden>
        {min}
      </span>
      <input
        id={id}
        type="range"
        className={[styles.range, answered ? '' : styles.unanswered].join(' ')}
        aria-label={label}
        min={min}
        max={max}
        step={step}
        value={answered ? value : min}
        disabled={disabled}
        // A click on the thumb of an unanswered slider answers its lowest value, as a change would.
        onPointerUp={() => (answered || disabled ? undefined : onChange(min))}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <span className={styles.bound} aria-hidden>
        {max}
      </span>
      <output className={styles.value} htmlFor={id}>
        {answered ? value : ''}
      </output>
    </div>
  );
}
