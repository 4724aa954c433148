import { useState } from 'react';
import { useSession } from '../session/session-store';
import { readHiddenColumns, toggleColumn, writeHiddenColumns, type ColumnChoice } from './column-settings';

export interface ColumnSettings {
  listId: string | null;
  choices: readonly (ColumnChoice & { shown: boolean })[];
  hidden: readonly string[];
  toggle(key: string): void;
  /** Shows every column again. */
  reset(): void;
}

/**
 * The user's shown and hidden columns of a list, kept in local storage (column-settings.ts); a list
 * without an id (no settings offered) shows every column.
 */
export function useColumnSettings(listId: string | null, columns: readonly ColumnChoice[]): ColumnSettings {
  const userId = useSession()?.user.id ?? 0;
  const [hidden, setHidden] = useState(() =>
    listId === null ? [] : readHiddenColumns(userId, listId, columns),
  );
  const save = (next: string[]) => {
    setHidden(next);
    if (listId !== null) writeHiddenColumns(userId, listId, next);
  };
  return {
    listId,
    hidden,
    choices: columns.filter((c) => !c.alwaysShown).map((c) => ({ ...c, shown: !hidden.includes(c.key) })),
    toggle: (key) => save(toggleColumn(hidden, key, columns)),
    reset: () => save([]),
  };
}
