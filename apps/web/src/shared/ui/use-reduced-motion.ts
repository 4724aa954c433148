import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia?.(QUERY);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/**
 * Whether the person asked their system for less motion (WCAG 2.3.3): the components then open and close
 * without animating. Follows a change of the setting while the page is open.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(QUERY).matches ?? false,
    () => false,
  );
}
