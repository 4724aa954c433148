import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { classNames } from './class-names';
import styles from './plain.module.css';
import { Spinner } from './spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default';
  size?: 'middle' | 'large';
  /** Full width. */
  block?: boolean;
  /** Work in progress: a spinner, `aria-busy`, and clicks (also form submits) are ignored until it ends. */
  busy?: boolean;
}

/** A button in antd's look, without antd. It stays focusable while busy, so focus is not lost. */
export function Button({
  variant = 'default',
  size = 'middle',
  block = false,
  busy = false,
  type = 'button',
  className,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={classNames(
        styles.button,
        variant === 'primary' && styles.primary,
        size === 'large' && styles.large,
        block && styles.block,
        busy && styles.busy,
        className,
      )}
      aria-busy={busy || undefined}
      onClick={click}
    >
      {busy && <Spinner />}
      <span>{children}</span>
    </button>
  );
}
