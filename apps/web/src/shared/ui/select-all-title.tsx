import type { ReactNode } from 'react';

/**
 * The select-all box of a table with row selection (`rowSelection.columnTitle`). antd renders column
 * titles a second time in a hidden row that measures column widths (`aria-hidden`); there the box must
 * not take focus (axe: aria-hidden-focus), so that copy is made inert.
 */
export function SelectAllTitle({ children }: { children: ReactNode }) {
  return (
    <span
      ref={(element) => {
        if (element?.closest('tr[aria-hidden="true"]')) element.setAttribute('inert', '');
      }}
    >
      {children}
    </span>
  );
}
