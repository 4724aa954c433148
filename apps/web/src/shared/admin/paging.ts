import { DEFAULT_PAGE_SIZE } from '@psy/contracts';

/**
 * Paging of the administration lists (docs/api.md: lists take `current` and `size` and answer `records`
 * and `total`; spec S0.9.1: 10 rows a page). Pure.
 */
export interface Paging {
  /** 1-based page number. */
  current: number;
  size: number;
}

/** What a list call answers. */
export interface PageOf<T> {
  records: T[];
  total: number;
}

export const FIRST_PAGE: Paging = { current: 1, size: DEFAULT_PAGE_SIZE };

/** A filter value that says nothing: left out of queries and keys, so `{name: ''}` asks what `{}` asks. */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

type Compact<F> = { [K in keyof F]?: Exclude<F[K], null | undefined> };

/** The filter without empty values; texts trimmed. */
export function compactFilter<F extends object>(filter: F): Compact<F> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (isEmptyValue(value)) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as Compact<F>;
}

/** The query of a list call: the filter's non-empty values and the page (a whole number, at least 1). */
export function listQuery<F extends object>(filter: F, paging: Paging): Compact<F> & Paging {
  return {
    ...compactFilter(filter),
    current: Math.max(1, Math.trunc(paging.current) || 1),
    size: paging.size,
  };
}

/**
 * The paging after the pager moved: a new page size starts again at page 1 (the old page number means
 * other rows at another size).
 */
export function pagingAfterChange(paging: Paging, current: number, size: number): Paging {
  return size === paging.size ? { current, size } : { current: 1, size };
}

/** The page to show after rows were deleted: the last page may have emptied (then the one before it). */
export function pageAfterDelete(current: number, total: number, deleted: number, size: number): number {
  const remaining = Math.max(0, total - deleted);
  const lastPage = Math.max(1, Math.ceil(remaining / size));
  return Math.max(1, Math.min(current, lastPage));
}

/** The rows and total of an answer that is a page or a whole list (a list without paging). */
export function rowsOf<T>(data: PageOf<T> | readonly T[] | undefined): { rows: readonly T[]; total: number } {
  if (data === undefined) return { rows: [], total: 0 };
  if (Array.isArray(data)) return { rows: data as readonly T[], total: data.length };
  const page = data as PageOf<T>;
  return { rows: page.records, total: page.total };
}
