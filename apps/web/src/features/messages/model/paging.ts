import { DEFAULT_PAGE_SIZE } from '@psy/contracts';
/**
 * The message drawer's infinite list (spec S0.2.20): pages of 10 (S0.9.1), the next one asked for when the
 * reader scrolls within 50 px of the end (S0.9.7), until `total` is reached. A failed page stops loading
 * (S0.8.12: failures of list calls just stop loading).
 */

/** Spec S0.9.1: page size 10. */
export const MESSAGE_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Spec S0.9.7: infinite-scroll distance 50 px. */
export const INFINITE_SCROLL_DISTANCE = 50;

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/** The page to ask for after `pages`, or undefined when all `total` rows are there (or a page came back empty). */
export function nextPageParam<T>(
  lastPage: Page<T> | undefined,
  pages: readonly Page<T>[],
): number | undefined {
  if (!lastPage || lastPage.records.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.records.length, 0);
  if (loaded >= lastPage.total) return undefined;
  return lastPage.current + 1;
}

/**
 * Rows of all loaded pages in order, each id once. Rows shift between pages while they are loaded (a new
 * message arrives, one is read on the unread tab), so the same row can come back on the next page.
 */
export function mergePages<T extends { id: number }>(pages: readonly Page<T>[] | undefined): T[] {
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const page of pages ?? []) {
    for (const row of page.records) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

export interface ScrollMetrics {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** The end of the scrolled content is within `distance` px of the visible bottom (or the content does not fill the box). */
export function isNearEnd(metrics: ScrollMetrics, distance: number = INFINITE_SCROLL_DISTANCE): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= distance;
}

export interface LoadMoreState {
  isNearEnd: boolean;
  hasNextPage: boolean;
  /** A page is being loaded (first page, next page or a refresh). */
  isFetching: boolean;
  /** The last attempt failed: loading stops until the list is opened again (spec S0.8.12). */
  hasFailed: boolean;
}

export function shouldLoadMore(state: LoadMoreState): boolean {
  return state.isNearEnd && state.hasNextPage && !state.isFetching && !state.hasFailed;
}
