import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { Icon } from './icons';
import styles from './plain.module.css';

/** A message in the page that is announced when it appears (`role="alert"`): why a login failed, for one. */
export function InlineAlert({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'warning';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={classNames(styles.alert, tone === 'warning' && styles.alertWarning, className)}
      role="alert"
    >
      <Icon name={tone === 'warning' ? 'warning' : 'error'} />
      <span>{children}</span>
    </div>
  );
}
