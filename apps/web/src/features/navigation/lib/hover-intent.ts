/** Spec S0.1.5, S0.9.5: a product's menu shows after the pointer has rested on it for 80 ms. */
export const MENU_HOVER_DELAY_MS = 80;

export interface HoverIntent<K> {
  /** The pointer entered `key`: it is shown once the pointer has stayed `delayMs`. */
  enter(key: K): void;
  /** The pointer left `key`: a pending show of it is dropped (a shown one stays). */
  leave(key: K): void;
  /** Keyboard focus: shown at once, without the delay (a keyboard user has no pointer to rest). */
  focus(key: K): void;
  /** Drops any pending show (dialog closed, component unmounted). */
  cancel(): void;
}

interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: never) => void;
}

/**
 * Hover intent with a delay: only a pointer that rests on an item shows it, so sweeping across the list
 * on the way to the menu does not flip the menu under the pointer.
 */
export function createHoverIntent<K>(
  show: (key: K) => void,
  delayMs: number = MENU_HOVER_DELAY_MS,
  timers: Timers = globalThis,
): HoverIntent<K> {
  let pending: { key: K; handle: unknown } | null = null;
  const cancel = () => {
    if (pending) timers.clearTimeout(pending.handle as never);
    pending = null;
  };
  return {
    enter(key) {
      cancel();
      const handle = timers.setTimeout(() => {
        pending = null;
        show(key);
      }, delayMs);
      pending = { key, handle };
    },
    leave(key) {
      if (pending && Object.is(pending.key, key)) cancel();
    },
    focus(key) {
      cancel();
      show(key);
    },
    cancel,
  };
}
