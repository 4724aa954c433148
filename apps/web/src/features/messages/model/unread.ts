import { MESSAGE_STATUS } from '@psy/contracts';
/**
 * Unread message counts (spec S0.1.3, S0.4.11) as the bell, the drawer tabs and the cards use them.
 * Shape of `POST /biz/message/message/unread`.
 */
export interface UnreadCounts {
  total: number;
  byType: { type: number | null; count: number }[];
}

export const NO_UNREAD: UnreadCounts = { total: 0, byType: [] };

/** The number the bell's badge shows; 0 hides it. */
export function badgeCount(counts: UnreadCounts | undefined): number {
  return Math.max(0, counts?.total ?? 0);
}

/** Unread messages of one product (`type`), or of no product for null. */
export function unreadOfType(counts: UnreadCounts | undefined, type: number | null): number {
  return counts?.byType.find((entry) => entry.type === type)?.count ?? 0;
}

/**
 * The counts once `message` has been read: one less in all and in its product, when it was unread. Shown at
 * once while the server's counts are fetched again (spec S0.4.11).
 */
export function countsAfterRead(
  counts: UnreadCounts | undefined,
  message: { status: number; type: number | null },
): UnreadCounts | undefined {
  if (!counts || message.status !== MESSAGE_STATUS.unread) return counts;
  return {
    total: Math.max(0, counts.total - 1),
    byType: counts.byType
      .map((entry) =>
        entry.type === message.type ? { ...entry, count: Math.max(0, entry.count - 1) } : entry,
      )
      .filter((entry) => entry.count > 0),
  };
}

/** After "mark all as read" nothing is unread. */
export function countsAfterReadAll(): UnreadCounts {
  return NO_UNREAD;
}

/**
 * Whether the lists must be fetched again after the count was polled: the count moved (a new message came
 * in, or some were read elsewhere). The first answer is not a change.
 */
export function hasUnreadChanged(
  previous: UnreadCounts | undefined,
  next: UnreadCounts | undefined,
): boolean {
  if (!previous || !next) return false;
  if (previous.total !== next.total) return true;
  if (previous.byType.length !== next.byType.length) return true;
  return previous.byType.some((entry) => unreadOfType(next, entry.type) !== entry.count);
}
