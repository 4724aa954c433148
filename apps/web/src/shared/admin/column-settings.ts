import { readStored, writeStored } from '../storage/storage';

/**
 * Column settings of an administration list: the user hides and shows columns, and the choice is kept in
 * local storage per user and list (spec S0.9.11: lasting values in local storage). A column that is always
 * shown (the actions, the row's name) cannot be hidden, nor the last one that can. Pure but for storage.
 */
export interface ColumnChoice {
  key: string;
  title: string;
  /** Always shown: not offered in the settings. */
  alwaysShown?: boolean;
}

const LASTING = { lasting: true } as const;

export const columnSettingsKey = (userId: number, listId: string) => `columns.${userId}.${listId}`;

/** The stored hidden columns of a list, limited to columns it has that may be hidden. */
export function hiddenColumnsOf(stored: unknown, columns: readonly ColumnChoice[]): string[] {
  if (!Array.isArray(stored)) return [];
  const hideable = new Set(columns.filter((c) => !c.alwaysShown).map((c) => c.key));
  const hidden = [...new Set(stored.filter((key): key is string => typeof key === 'string'))].filter((key) =>
    hideable.has(key),
  );
  // A stored choice that hides every hideable column (columns were renamed since) shows them all.
  return hidden.length >= hideable.size ? [] : hidden;
}

/** Hides a shown column or shows a hidden one; the last shown column that may be hidden stays. */
export function toggleColumn(
  hidden: readonly string[],
  key: string,
  columns: readonly ColumnChoice[],
): string[] {
  const column = columns.find((c) => c.key === key);
  if (!column || column.alwaysShown) return [...hidden];
  if (hidden.includes(key)) return hidden.filter((k) => k !== key);
  const shownHideable = columns.filter((c) => !c.alwaysShown && !hidden.includes(c.key));
  return shownHideable.length <= 1 ? [...hidden] : [...hidden, key];
}

/** The columns to render, in their order. */
export function visibleColumns<C extends { key?: unknown }>(
  columns: readonly C[],
  hidden: readonly string[],
): C[] {
  return columns.filter((c) => typeof c.key !== 'string' || !hidden.includes(c.key));
}

export function readHiddenColumns(
  userId: number,
  listId: string,
  columns: readonly ColumnChoice[],
): string[] {
  return hiddenColumnsOf(readStored<unknown>(columnSettingsKey(userId, listId), LASTING), columns);
}

export function writeHiddenColumns(userId: number, listId: string, hidden: readonly string[]): void {
  writeStored(columnSettingsKey(userId, listId), hidden, LASTING);
}
