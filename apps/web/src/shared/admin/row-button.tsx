import { Button } from 'antd';
import type { ReactNode } from 'react';

/**
 * A row's action in an administration list (edit, delete, details): a small link button whose accessible
 * name says which row it acts on ('Edit Student'), since every row has one.
 */
export function RowButton({
  icon,
  label,
  ariaLabel,
  isDanger = false,
  disabled,
  testId,
  onClick,
}: {
  icon?: ReactNode;
  label: string;
  ariaLabel?: string;
  isDanger?: boolean;
  disabled?: boolean;
  testId?: string;
  onClick: () => void;
}) {
  return (
    <Button
      size="small"
      type="link"
      danger={isDanger}
      icon={icon}
      disabled={disabled}
      aria-label={ariaLabel}
      data-testid={testId}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
