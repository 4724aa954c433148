/**
 * Client storage (spec S0.9): every key is prefixed; session storage by default, local storage for
 * values that must outlive the browser session ("lasting").
 */
export const STORAGE_PREFIX = 'psy-';

export interface StoreOptions {
  lasting?: boolean;
}

function area(options: StoreOptions | undefined): Storage | undefined {
  try {
    return options?.lasting ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    // Access to storage throws when the browser blocks it; callers then behave as if nothing is stored.
    return undefined;
  }
}

/** The stored text as it is, e.g. to notice whether a value changed without parsing it. */
export function readStoredRaw(name: string, options?: StoreOptions): string | null {
  return area(options)?.getItem(STORAGE_PREFIX + name) ?? null;
}

export function parseStored<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function readStored<T>(name: string, options?: StoreOptions): T | null {
  return parseStored<T>(readStoredRaw(name, options));
}

export function writeStored(name: string, value: unknown, options?: StoreOptions): void {
  try {
    area(options)?.setItem(STORAGE_PREFIX + name, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the value lives only in memory for this page.
  }
}

export function removeStored(name: string, options?: StoreOptions): void {
  try {
    area(options)?.removeItem(STORAGE_PREFIX + name);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
