import { Card, Typography } from 'antd';
import type { ReactNode, Ref } from 'react';
import styles from './admin.module.css';

export interface AdminPageProps {
  title: ReactNode;
  /** The page's heading level: 1 for the page, 2 for a card within it. */
  level?: 1 | 2;
  /** Buttons at the card's top right (add, refresh). */
  extra?: ReactNode;
  /** A line under the title saying what the page is for. */
  intro?: ReactNode;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** The frame of an administration page: a borderless card titled with the page's heading. */
export function AdminPage({ title, level = 1, extra, intro, className, ref, children }: AdminPageProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Card
      ref={ref}
      variant="borderless"
      className={className}
      title={<Heading className={styles.title}>{title}</Heading>}
      extra={extra}
    >
      {intro && (
        <Typography.Paragraph type="secondary" className={styles.intro}>
          {intro}
        </Typography.Paragraph>
      )}
      {children}
    </Card>
  );
}
