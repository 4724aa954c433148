import { Slider } from 'antd';

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

/** A slider (S0.3.23: 1-10 by default). Loaded only by forms that have one. */
export function SliderField({ id, label, value, min, max, step, disabled, onChange }: SliderFieldProps) {
  return (
    <Slider
      id={id}
      aria-label={label}
      min={min}
      max={max}
      step={step}
      marks={{ [min]: String(min), [max]: String(max) }}
      value={typeof value === 'number' ? value : undefined}
      disabled={disabled}
      onChange={(v: number) => onChange(v)}
    />
  );
}
