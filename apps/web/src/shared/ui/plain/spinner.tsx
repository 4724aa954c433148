import { classNames } from './class-names';
import styles from './plain.module.css';

/** A spinning ring in the current text colour; `large` for page-level loading. Decorative. */
export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={classNames(styles.spinner, large && styles.spinnerLarge)} aria-hidden="true" />;
}

/** A page or panel still loading: spinner and its text, announced politely. */
export function LoadingState({ text, className }: { text: string; className?: string }) {
  return (
    <div className={classNames(styles.loading, className)} role="status" aria-live="polite">
      <Spinner large />
      <span>{text}</span>
    </div>
  );
}
