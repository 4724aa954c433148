import { useSyncExternalStore } from 'react';
import { HOME_PATH } from '../../../shared/lib/app-paths';
import { parseStored, readStoredRaw, removeStored, writeStored } from '../../../shared/storage/storage';
import { createListeners } from '../../../shared/lib/listeners';

/** An open page in the tab bar (spec S0.3 Tab: label, value (path), query). */
export interface Tab {
  /** Text shown: a menu label, or a catalogue key (`labelKey`) for the shell's own pages. */
  label: string;
  labelKey?: string;
  value: string;
  /** Search string of the page, without `?`. */
  query: string;
  menuId?: number | null;
}

/** Spec S0.2.17, S0.9.4: at most 10 tabs, the oldest dropped, the home tab kept. */
export const TAB_CAP = 10;
export const HOME_TAB: Tab = { label: '', labelKey: 'layout.home', value: HOME_PATH, query: '' };

export const isHomeTab = (tab: Pick<Tab, 'value'>) => tab.value === HOME_PATH;

/** The list with the home tab first, whatever was stored. */
export function normaliseTabs(tabs: readonly Tab[] | null | undefined): Tab[] {
  const rest = (tabs ?? []).filter((t) => t && typeof t.value === 'string' && !isHomeTab(t));
  return [HOME_TAB, ...rest.slice(-(TAB_CAP - 1))];
}

/** Opens a tab (or refreshes the query of an open one); past the cap the oldest non-home tab goes. */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const current = normaliseTabs(tabs);
  const index = current.findIndex((t) => t.value === tab.value);
  if (index >= 0) {
    const next = [...current];
    next[index] = isHomeTab(tab) ? { ...HOME_TAB, query: tab.query } : { ...current[index]!, ...tab };
    return next;
  }
  const next = [...current, tab];
  while (next.length > TAB_CAP) {
    const oldest = next.findIndex((t) => !isHomeTab(t));
    next.splice(oldest, 1);
  }
  return next;
}

/** A tab may be closed unless it is the home tab or the only one (spec S0.2.17). */
export function canCloseTab(tabs: readonly Tab[], value: string): boolean {
  return tabs.length > 1 && value !== HOME_TAB.value && tabs.some((t) => t.value === value);
}

/**
 * Closes one tab; when it was the active one, the previous tab opens (spec S0.2.17).
 * Returns the new list and the tab to show (the active one if it stays).
 */
export function closeTab(
  tabs: readonly Tab[],
  value: string,
  activeValue: string,
): { tabs: Tab[]; active: Tab | null } {
  const current = normaliseTabs(tabs);
  if (!canCloseTab(current, value)) {
    return { tabs: current, active: current.find((t) => t.value === activeValue) ?? null };
  }
  const index = current.findIndex((t) => t.value === value);
  const next = current.filter((t) => t.value !== value);
  const active =
    value === activeValue
      ? (next[Math.max(0, index - 1)] ?? HOME_TAB)
      : (next.find((t) => t.value === activeValue) ?? null);
  return { tabs: next, active };
}

export function closeOtherTabs(tabs: readonly Tab[], value: string): Tab[] {
  return normaliseTabs(tabs.filter((t) => t.value === value));
}

export function closeAllTabs(): Tab[] {
  return [HOME_TAB];
}

const TABS_KEY = 'tags';
const changes = createListeners();
let cached: { raw: string | null; tabs: Tab[] } = { raw: null, tabs: [HOME_TAB] };

/** The open tabs, kept in session storage for the browser tab (spec S0.2.17 "stored on the client"). */
export function readTabs(): Tab[] {
  const raw = readStoredRaw(TABS_KEY);
  if (raw !== cached.raw) cached = { raw, tabs: normaliseTabs(parseStored<Tab[]>(raw)) };
  return cached.tabs;
}

export function writeTabs(tabs: Tab[]): void {
  writeStored(TABS_KEY, normaliseTabs(tabs));
  changes.emit();
}

export function clearTabs(): void {
  removeStored(TABS_KEY);
  changes.emit();
}

export function subscribeTabs(listener: () => void): () => void {
  return changes.subscribe(listener);
}

export function useTabs(): Tab[] {
  return useSyncExternalStore(subscribeTabs, readTabs, () => [HOME_TAB]);
}
