/**
 * The change signal of a small client store read with `useSyncExternalStore`: `subscribe` is its subscribe
 * argument, `emit` tells every subscriber that the snapshot may have changed.
 */
export interface Listeners {
  subscribe(listener: () => void): () => void;
  emit(): void;
}

export function createListeners(): Listeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}
