import { describe, expect, it } from 'vitest';
import {
  INFINITE_SCROLL_DISTANCE,
  isNearEnd,
  mergePages,
  MESSAGE_PAGE_SIZE,
  nextPageParam,
  shouldLoadMore,
  type Page,
} from './paging';

const row = (id: number) => ({ id });
const page = (current: number, ids: number[], total: number): Page<{ id: number }> => ({
  records: ids.map(row),
  total,
  current,
  size: MESSAGE_PAGE_SIZE,
});
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('message list paging', () => {
  it('asks for pages of 10 and scrolls on within 50 px of the end [spec:S0.9.1] [spec:S0.9.7]', () => {
    expect(MESSAGE_PAGE_SIZE).toBe(10);
    expect(INFINITE_SCROLL_DISTANCE).toBe(50);
  });

  it('asks for the next page until total is reached [spec:S0.2.20]', () => {
    const first = page(1, range(1, 10), 25);
    expect(nextPageParam(first, [first])).toBe(2);
    const second = page(2, range(11, 10), 25);
    expect(nextPageParam(second, [first, second])).toBe(3);
    const third = page(3, range(21, 5), 25);
    expect(nextPageParam(third, [first, second, third])).toBeUndefined();
  });

  it('stops on an empty page even if total says more (rows were read meanwhile)', () => {
    const first = page(1, range(1, 10), 30);
    const empty = page(2, [], 30);
    expect(nextPageParam(empty, [first, empty])).toBeUndefined();
    expect(nextPageParam(undefined, [])).toBeUndefined();
  });

  it('has no next page for an empty list (it shows "no data") [spec:S0.8.12]', () => {
    const only = page(1, [], 0);
    expect(nextPageParam(only, [only])).toBeUndefined();
    expect(mergePages([only])).toEqual([]);
  });

  it('merges pages in order and keeps each message once when rows shift between pages', () => {
    const first = page(1, range(1, 10), 21);
    // A new message pushed everything down by one: message 10 comes back on page 2.
    const second = page(2, range(10, 10), 21);
    const merged = mergePages([first, second]);
    expect(merged.map((m) => m.id)).toEqual(range(1, 19));
    expect(mergePages(undefined)).toEqual([]);
  });

  it('is near the end within the distance, and when the content does not fill the box [spec:S0.9.7]', () => {
    expect(isNearEnd({ scrollTop: 0, clientHeight: 500, scrollHeight: 1000 })).toBe(false);
    expect(isNearEnd({ scrollTop: 449, clientHeight: 500, scrollHeight: 1000 })).toBe(false);
    expect(isNearEnd({ scrollTop: 450, clientHeight: 500, scrollHeight: 1000 })).toBe(true);
    expect(isNearEnd({ scrollTop: 0, clientHeight: 500, scrollHeight: 300 })).toBe(true);
    expect(isNearEnd({ scrollTop: 0, clientHeight: 500, scrollHeight: 600 }, 100)).toBe(true);
  });

  it('loads more only near the end, with more to load, when idle and not after a failure [spec:S0.8.12]', () => {
    const ready = { isNearEnd: true, hasNextPage: true, isFetching: false, hasFailed: false };
    expect(shouldLoadMore(ready)).toBe(true);
    expect(shouldLoadMore({ ...ready, isNearEnd: false })).toBe(false);
    expect(shouldLoadMore({ ...ready, hasNextPage: false })).toBe(false);
    expect(shouldLoadMore({ ...ready, isFetching: true })).toBe(false);
    expect(shouldLoadMore({ ...ready, hasFailed: true })).toBe(false);
  });
});
