import { SLOT_STATUS } from '@psy/contracts';
import { TYPE_GROUPS, formatInZone, offerDeadline, orderWaitlist, type WaitEntry } from '@psy/scheduling';
import { sendMessageByEvent } from '../messages';
import { findSlotById, findSlotRaw, getPolicy } from '../scheduling';
import {
  countUpcoming,
  findOpenOfferOfSlot,
  findUserBrief,
  findWaitingEntries,
  insertOffer,
  isVisitorBusy,
  updateWaitEntry,
  visitorsOfferedSlot,
  type WaitEntryRow,
} from './appointments.repository';
import { queueSms } from './appointment-notices';
import { visitorFacts, type Ctx } from './appointments.context';

/*
 * The waiting list's offers of a freed slot (docs/appointments.md §7): below the booking service, which
 * offers the slots its cancels, leaves and moves free, and the waiting-list service, whose claims book
 * through the booking service.
 */

/** Queue of offer expiries (core/jobs). */
export const WAITLIST_QUEUE = 'appointments.waitlist';

const toWait = (e: WaitEntryRow): WaitEntry => ({
  id: e.id,
  visitorId: e.visitorId,
  category: e.category,
  counsellorId: e.counsellorId,
  siteId: e.siteId,
  joinedAt: e.joinedAt,
  singleSessionAfter: e.singleSessionAfter,
  status: e.status as WaitEntry['status'],
});

/**
 * Offers a freed (status 10, future) slot to the first eligible waiting visitor, in the caller's
 * transaction. Visitors the rules exclude right now (blocked, out of sessions, already holding an
 * appointment of the kind or busy at that time, offered this slot before, `exclude`) are passed over.
 */
export async function offerFreedSlot(ctx: Ctx, slotId: number, opts: { exclude?: number } = {}) {
  const { scope } = ctx;
  const slot = await findSlotRaw(scope, slotId);
  if (!slot || slot.deletedAt || slot.kind !== 'consult' || slot.status !== SLOT_STATUS.released) return null;
  if (await findOpenOfferOfSlot(scope, slotId)) return null;
  const policy = await getPolicy(scope);
  const now = new Date();
  const expiresAt = offerDeadline({
    now,
    slotStartsAt: slot.startsAt,
    claimHours: policy.waitlistClaimHours,
    minLeadMinutes: policy.minLeadMinutes,
    minClaimMinutes: policy.waitlistMinClaimMinutes,
  });
  if (!expiresAt) return null;
  // A single-session slot may also go to visitors of other categories past their wait (S1.9.5).
  const categories = slot.category === 10 ? [2, 10, 15, 17, 18, 19] : [slot.category];
  const entries = (await findWaitingEntries(scope, categories)).map(toWait);
  const excluded = await visitorsOfferedSlot(scope, slotId);
  if (opts.exclude !== undefined) excluded.add(opts.exclude);
  const freed = {
    category: slot.category,
    counsellorId: slot.counsellorId,
    siteId: slot.siteId,
    startsAt: slot.startsAt,
  };
  for (const candidate of orderWaitlist(entries, freed, now, excluded)) {
    if (!(await stillEligible(ctx, candidate.visitorId, slot))) continue;
    const offer = await insertOffer(scope, {
      entryId: candidate.id,
      slotId,
      visitorId: candidate.visitorId,
      expiresAt,
    });
    await updateWaitEntry(scope, candidate.id, { status: 'offered' });
    const full = await findSlotById(scope, slotId, false);
    const visitor = await findUserBrief(scope, candidate.visitorId);
    const { ids } = await sendMessageByEvent(scope, {
      event: 'WAITLIST_OFFER',
      userIds: [candidate.visitorId],
      params: {
        realName: visitor?.realName ?? '-',
        time: formatInZone(slot.startsAt, policy.timeZone),
        counsellor: full?.counsellorName ?? '-',
        place: [full?.siteName, full?.roomName].filter(Boolean).join(' '),
        expiresAt: formatInZone(expiresAt, policy.timeZone),
      },
    });
    if (policy.smsReminders) await queueSms(scope, ctx.jobs, `offer:${offer.id}`, ids);
    await ctx.jobs.enqueue(
      scope,
      WAITLIST_QUEUE,
      { offerId: offer.id },
      { runAt: expiresAt, maxAttempts: 5 },
    );
    return offer;
  }
  return null;
}

/** The rules a waiting visitor must still meet to be offered the slot now. */
async function stillEligible(
  ctx: Ctx,
  visitorId: number,
  slot: { startsAt: Date; endsAt: Date; counsellorId: number },
) {
  if (visitorId === slot.counsellorId) return false;
  const policy = await getPolicy(ctx.scope);
  const f = await visitorFacts(ctx.scope, policy, visitorId, slot.startsAt);
  if (f.block.blocked || f.sessions.remaining <= 0) return false;
  if (
    (await countUpcoming(ctx.scope, visitorId, TYPE_GROUPS.counselling, new Date())) >=
    policy.maxUpcomingPerVisitor
  ) {
    return false;
  }
  return !(await isVisitorBusy(ctx.scope, visitorId, slot.startsAt, slot.endsAt));
}
