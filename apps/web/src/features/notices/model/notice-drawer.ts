import { useSyncExternalStore } from 'react';
import { createListeners } from '../../../shared/lib/listeners';

/**
 * Whether the notices drawer is open. A store of its own, so the top-bar button and, on phones, the user
 * menu (where the button moves) open the same drawer.
 */
let isOpen = false;
const changes = createListeners();

export function openNoticeDrawer(): void {
  isOpen = true;
  changes.emit();
}

export function closeNoticeDrawer(): void {
  isOpen = false;
  changes.emit();
}

export function isNoticeDrawerOpen(): boolean {
  return isOpen;
}

export function useNoticeDrawerOpen(): boolean {
  return useSyncExternalStore(changes.subscribe, isNoticeDrawerOpen, () => false);
}
