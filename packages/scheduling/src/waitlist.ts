/**
 * The waiting list's fair order (issue 13 "a freed slot is offered to the next eligible visitor in a fair
 * order with a time window to claim it"). First come, first served among the eligible; nobody jumps the
 * queue, and a visitor's single-session fallback (S1.3.4 option 2, S1.9.5 4 weeks) only widens what they
 * are eligible for, never their place. Design: docs/appointments.md section 7.
 */

export interface WaitEntry {
  id: number;
  visitorId: number;
  category: number;
  counsellorId: number | null;
  siteId: number | null;
  joinedAt: Date;
  /** From this moment the visitor also takes a single-session (category 10) slot. */
  singleSessionAfter: Date | null;
  status: 'waiting' | 'offered' | 'booked' | 'left' | 'removed';
}

export interface FreedSlot {
  category: number;
  counsellorId: number;
  siteId: number;
  startsAt: Date;
}

/** The single-session category (S1.9.2 type 10, transferToType 10). */
export const SINGLE_SESSION_CATEGORY = 10;

/** Whether the entry wants this slot: waiting, the category (or single session once due), its preferences. */
export function isEligible(e: WaitEntry, slot: FreedSlot, now: Date): boolean {
  if (e.status !== 'waiting') return false;
  const categoryFits =
    e.category === slot.category ||
    (slot.category === SINGLE_SESSION_CATEGORY &&
      e.singleSessionAfter !== null &&
      e.singleSessionAfter.getTime() <= now.getTime());
  if (!categoryFits) return false;
  if (e.counsellorId !== null && e.counsellorId !== slot.counsellorId) return false;
  if (e.siteId !== null && e.siteId !== slot.siteId) return false;
  return true;
}

/**
 * The eligible entries in the order they are offered the slot: by the time they joined, then by id (the
 * order of insertion when two joined in the same millisecond). `excludedVisitors` are those the rules
 * exclude right now (blocked, at the session limit, already offered or booked at that time).
 */
export function orderWaitlist(
  entries: readonly WaitEntry[],
  slot: FreedSlot,
  now: Date,
  excludedVisitors: ReadonlySet<number> = new Set(),
): WaitEntry[] {
  return entries
    .filter((e) => isEligible(e, slot, now) && !excludedVisitors.has(e.visitorId))
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id - b.id);
}

/**
 * Until when an offer may be claimed: `claimHours` from now, but ending `minLeadMinutes` before the slot so
 * the visitor can still get there; null when that leaves less than `minClaimMinutes` (the slot then opens
 * to everyone instead of making someone race a clock they cannot win).
 */
export function offerDeadline(input: {
  now: Date;
  slotStartsAt: Date;
  claimHours: number;
  minLeadMinutes: number;
  minClaimMinutes: number;
}): Date | null {
  const latest = input.slotStartsAt.getTime() - input.minLeadMinutes * 60_000;
  const end = Math.min(input.now.getTime() + input.claimHours * 3_600_000, latest);
  if (end - input.now.getTime() < input.minClaimMinutes * 60_000) return null;
  return new Date(end);
}
