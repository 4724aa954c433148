import { useSyncExternalStore } from 'react';

/**
 * Whether the notices drawer is open. A store of its own, so the top-bar button and, on phones, the user
 * menu (where the button moves) open the same drawer.
 */
let isOpen = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openNoticeDrawer(): void {
  isOpen = true;
  emit();
}

export function closeNoticeDrawer(): void {
  isOpen = false;
  emit();
}

export function isNoticeDrawerOpen(): boolean {
  return isOpen;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNoticeDrawerOpen(): boolean {
  return useSyncExternalStore(subscribe, isNoticeDrawerOpen, () => false);
}
