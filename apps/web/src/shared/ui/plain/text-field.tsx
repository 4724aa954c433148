import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { classNames } from './class-names';
import { Icon, type IconName } from './icons';
import styles from './plain.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size'> {
  id: string;
  /** The field's name for assistive technology; the placeholder shows it on screen, as antd forms here do. */
  label: string;
  icon?: IconName;
  /** The message of a broken rule, shown under the field and linked to it. */
  error?: string | null;
  /** Something inside the box after the input (a reveal button). */
  suffix?: ReactNode;
  /** Class of the whole field (label, box and message). */
  fieldClassName?: string;
}

/** A labelled text input with an inline error (`aria-invalid`, `aria-describedby`, announced as an alert). */
export function TextField({
  id,
  label,
  icon,
  error,
  suffix,
  fieldClassName,
  className,
  ...input
}: TextFieldProps) {
  const errorId = `${id}_error`;
  return (
    <div className={classNames(styles.field, error && styles.fieldWithError, fieldClassName)}>
      <label htmlFor={id} className={styles.srOnly}>
        {label}
      </label>
      <div className={classNames(styles.control, error && styles.invalid, className)}>
        {icon && <Icon name={icon} className={styles.prefix} />}
        <input
          {...input}
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {suffix}
      </div>
      {error && (
        <div id={errorId} className={styles.error} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'suffix'> {
  /** Name of the reveal button ('Show password'); its pressed state says whether the password shows. */
  revealLabel: string;
}

/** A password input with a show/hide toggle button. */
export function PasswordField({ revealLabel, ...field }: PasswordFieldProps) {
  const [isShown, setShown] = useState(false);
  return (
    <TextField
      {...field}
      type={isShown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className={styles.suffixButton}
          aria-label={revealLabel}
          aria-pressed={isShown}
          aria-controls={field.id}
          title={revealLabel}
          onClick={() => setShown((shown) => !shown)}
        >
          <Icon name={isShown ? 'eye' : 'eyeInvisible'} />
        </button>
      }
    />
  );
}
