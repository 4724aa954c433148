import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { Icon } from './icons';
import styles from './plain.module.css';

export interface ResultProps {
  status: 'error' | 'warning';
  title: ReactNode;
  description?: ReactNode;
  /** Actions under the text. */
  extra?: ReactNode;
  /** The title's heading level; 2 when the page has its own h1. */
  headingLevel?: 1 | 2;
  className?: string;
}

/** A centred outcome: a status icon, a heading, an explanation and what to do next (antd's Result look). */
export function Result({ status, title, description, extra, headingLevel = 1, className }: ResultProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={classNames(styles.result, className)}>
      <span
        className={classNames(
          styles.resultIcon,
          status === 'error' ? styles.resultError : styles.resultWarning,
        )}
      >
        <Icon name={status === 'error' ? 'error' : 'warning'} />
      </span>
      <Heading className={styles.resultTitle}>{title}</Heading>
      {description && <p className={styles.resultDescription}>{description}</p>}
      {extra && <div className={styles.resultExtra}>{extra}</div>}
    </div>
  );
}
