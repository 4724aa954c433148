import { useSyncExternalStore } from 'react';

/**
 * Whether the import records dialog is shown, minimised to the floating badge, or neither (spec S0.2.22,
 * S0.4.12). Kept outside React so the badge stays in the layout when the user leaves the users page.
 * Tiny on purpose: the layout imports it (through `records-slot`).
 */
export type RecordsView = 'closed' | 'dialog' | 'badge';

let view: RecordsView = 'closed';
const listeners = new Set<() => void>();

export function setRecordsView(next: RecordsView): void {
  if (next === view) return;
  view = next;
  listeners.forEach((listener) => listener());
}

export function readRecordsView(): RecordsView {
  return view;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRecordsView(): RecordsView {
  return useSyncExternalStore(subscribe, readRecordsView, () => 'closed');
}
