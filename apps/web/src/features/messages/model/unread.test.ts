import { describe, expect, it } from 'vitest';
import {
  badgeCount,
  countsAfterRead,
  countsAfterReadAll,
  hasUnreadChanged,
  NO_UNREAD,
  unreadOfType,
  type UnreadCounts,
} from './unread';

const counts: UnreadCounts = {
  total: 6,
  byType: [
    { type: 3, count: 3 },
    { type: 5, count: 2 },
    { type: null, count: 1 },
  ],
};

describe('unread message counts', () => {
  it('shows the total on the bell, nothing when none or unknown [spec:S0.1.3]', () => {
    expect(badgeCount(counts)).toBe(6);
    expect(badgeCount(NO_UNREAD)).toBe(0);
    expect(badgeCount(undefined)).toBe(0);
  });

  it('reads the count of one product, and of messages without one', () => {
    expect(unreadOfType(counts, 3)).toBe(3);
    expect(unreadOfType(counts, null)).toBe(1);
    expect(unreadOfType(counts, 99)).toBe(0);
    expect(unreadOfType(undefined, 3)).toBe(0);
  });

  it('goes down by one when an unread message is read [spec:S0.4.11]', () => {
    const after = countsAfterRead(counts, { status: 1, type: 5 });
    expect(after).toEqual({
      total: 5,
      byType: [
        { type: 3, count: 3 },
        { type: 5, count: 1 },
        { type: null, count: 1 },
      ],
    });
    // The product disappears from the list once it has nothing unread.
    expect(countsAfterRead(counts, { status: 1, type: null })?.byType.map((e) => e.type)).toEqual([3, 5]);
  });

  it('does not change when a message that was already read is opened [spec:S0.4.11]', () => {
    expect(countsAfterRead(counts, { status: 0, type: 3 })).toBe(counts);
    expect(countsAfterRead(undefined, { status: 1, type: 3 })).toBeUndefined();
  });

  it('never goes below zero', () => {
    expect(countsAfterRead({ total: 0, byType: [] }, { status: 1, type: 3 })).toEqual({
      total: 0,
      byType: [],
    });
  });

  it('is zero after "mark all as read" [spec:S0.4.11]', () => {
    expect(countsAfterReadAll()).toEqual({ total: 0, byType: [] });
  });

  it('sees a change when the total or a product count moves, not on the first answer', () => {
    expect(hasUnreadChanged(undefined, counts)).toBe(false);
    expect(hasUnreadChanged(counts, { ...counts })).toBe(false);
    expect(hasUnreadChanged(counts, { ...counts, total: 7 })).toBe(true);
    expect(
      hasUnreadChanged(counts, {
        total: 6,
        byType: [
          { type: 3, count: 2 },
          { type: 5, count: 3 },
          { type: null, count: 1 },
        ],
      }),
    ).toBe(true);
    expect(hasUnreadChanged(counts, { total: 6, byType: [{ type: 3, count: 6 }] })).toBe(true);
  });
});
