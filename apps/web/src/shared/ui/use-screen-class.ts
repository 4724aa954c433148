import { useSyncExternalStore } from 'react';

/** Spec S0.9.8: screen classes by width: >= 1200 is 3, >= 992 is 2, >= 768 is 1, otherwise 0. */
export type ScreenClass = 0 | 1 | 2 | 3;

export function screenClassOf(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

/** The current screen class; re-renders when the window crosses a boundary. */
export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(
    subscribe,
    () => screenClassOf(window.innerWidth),
    () => 3,
  );
}
