import type { AppointmentType } from '@psy/contracts';
import type { Database } from '../../core/db/database';
import { pageAnswer } from '../../core/db/paging';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { JobHandler, JobQueue } from '../../core/jobs/queue';
import { P, can, findSlotRaw, getPolicy, guardClashes, refuse } from '../scheduling';
import {
  closeOffer,
  findEntries,
  findOffer,
  findOffersOfEntries,
  findRegistrations,
  findUserBrief,
  findWaitEntry,
  insertWaitEntry,
  positionsOf,
  updateRegistration,
  updateWaitEntry,
  type WaitEntryRow,
} from './appointments.repository';
import { canActForVisitor } from './appointments.policy';
import type { Ctx } from './appointments.context';
import { bookSlot } from './appointments.service';
import { offerFreedSlot } from './waitlist-offers';
import { inTurn } from '../../core/db/in-turn';

/**
 * The waiting list (issue 13): a freed slot is offered to the next eligible visitor in a fair order
 * (`@psy/scheduling` `orderWaitlist`: first come, first served) with a window to claim it, then to the
 * next. Every offer is kept with its outcome: the list is its own audit trail (docs/appointments.md §7).
 * The offers themselves: waitlist-offers.ts.
 */

/** `waitlist/join`: a visitor for themselves (source 5), or staff for a visitor (source 3). */
export async function joinWaitlist(
  ctx: Ctx,
  body: {
    category: number;
    counsellorId?: number;
    siteId?: number;
    visitorId?: number;
    registrationId?: number;
  },
) {
  const p = ctx.p!;
  const visitorId = body.visitorId ?? p.userId;
  const staff = visitorId !== p.userId;
  if (staff) {
    const v = await findUserBrief(ctx.scope, visitorId);
    if (!v) throw badRequest('visitorId', 'no such user in this school');
    if (!can(p, P.waitlistManage) && !(await canActForVisitor(ctx.scope, p, v.deptId))) throw forbidden();
  }
  if (![2, 10, 15, 17, 18, 19].includes(body.category))
    throw badRequest('category', 'must be one of 2, 10, 15, 17, 18, 19');
  const policy = await getPolicy(ctx.scope);
  // Willingness 2 (S1.3.4): "willing if not scheduled after 4 weeks": single sessions after the wait.
  const { rows } = await findRegistrations(
    ctx.scope,
    { visitorId, kind: 'individual', live: true },
    { limit: 1, offset: 0 },
  );
  const now = new Date();
  const singleSessionAfter =
    rows[0]?.oneConsultWishes === 2
      ? new Date(now.getTime() + policy.singleSessionWaitDays * 86_400_000)
      : null;
  const entry = await guardClashes(ctx.lang, () =>
    insertWaitEntry(ctx.scope, {
      visitorId,
      registrationId: body.registrationId ?? rows[0]?.id ?? null,
      category: body.category,
      counsellorId: body.counsellorId ?? null,
      siteId: body.siteId ?? null,
      source: staff ? 3 : 5,
      singleSessionAfter,
    }),
  );
  if (entry.registrationId) await updateRegistration(ctx.scope, entry.registrationId, { status: 'waiting' });
  return entryView(ctx, entry.id);
}

async function ownOrManaged(ctx: Ctx, entry: WaitEntryRow | null) {
  const p = ctx.p!;
  if (!entry) throw notFound('waiting-list entry');
  if (entry.visitorId === p.userId || can(p, P.waitlistManage)) return entry;
  throw notFound('waiting-list entry');
}

/** `waitlist/leave`: the visitor leaves (or staff remove) an entry; an open offer goes to the next. */
export async function leaveWaitlist(ctx: Ctx, id: number) {
  const entry = await ownOrManaged(ctx, await findWaitEntry(ctx.scope, id, true));
  if (entry.status !== 'waiting' && entry.status !== 'offered') throw refuse('notAllowed', ctx.lang);
  const status = entry.visitorId === ctx.p!.userId ? 'left' : 'removed';
  await updateWaitEntry(ctx.scope, id, { status, endedAt: new Date() });
  await passOnOpenOffer(ctx, id, 'void');
  return entryView(ctx, id);
}

/** Closes the entry's open offer (declined, expired, void) and offers the slot to the next. */
async function passOnOpenOffer(ctx: Ctx, entryId: number, how: 'declined' | 'expired' | 'void') {
  const offers = await findOffersOfEntries(ctx.scope, [entryId]);
  const open = offers.find((o) => o.o.status === 'open');
  if (!open) return;
  await closeOffer(ctx.scope, open.o.id, how);
  await offerFreedSlot(ctx, open.o.slotId);
}

/** `waitlist/claim`: books the offered slot (every booking rule applies) while the offer is open. */
export async function claimOffer(ctx: Ctx, body: { offerId: number; mode: number }) {
  const offer = await findOffer(ctx.scope, body.offerId, true);
  if (!offer || offer.visitorId !== ctx.p!.userId) throw notFound('offer');
  if (offer.status !== 'open' || offer.expiresAt.getTime() <= Date.now())
    throw refuse('offerClosed', ctx.lang);
  const slot = await findSlotRaw(ctx.scope, offer.slotId);
  if (!slot || slot.deletedAt) {
    await closeOffer(ctx.scope, offer.id, 'void');
    throw refuse('offerClosed', ctx.lang);
  }
  const entry = (await findWaitEntry(ctx.scope, offer.entryId))!;
  const type = (slot.category === 10 ? 10 : slot.category) as AppointmentType;
  const appointment = await bookSlot(ctx, {
    slotId: slot.id,
    type,
    mode: body.mode,
    source: 5,
    registrationId: entry.registrationId ?? undefined,
  });
  await closeOffer(ctx.scope, offer.id, 'claimed');
  await updateWaitEntry(ctx.scope, entry.id, {
    status: 'booked',
    endedAt: new Date(),
    appointmentId: appointment.id,
  });
  return appointment;
}

/** `waitlist/decline`: the visitor keeps their place; the slot goes to the next. */
export async function declineOffer(ctx: Ctx, offerId: number) {
  const offer = await findOffer(ctx.scope, offerId, true);
  if (!offer || offer.visitorId !== ctx.p!.userId) throw notFound('offer');
  if (offer.status !== 'open') throw refuse('offerClosed', ctx.lang);
  await closeOffer(ctx.scope, offer.id, 'declined');
  await updateWaitEntry(ctx.scope, offer.entryId, { status: 'waiting' });
  await offerFreedSlot(ctx, offer.slotId);
  return entryView(ctx, offer.entryId);
}

/** The expiry job: an offer still open at its deadline expires; the entry waits again; the next is offered. */
export function createWaitlistJob(deps: {
  database: Database;
  jobs: JobQueue;
}): JobHandler<{ offerId: number }> {
  return async (job) => {
    return deps.database.withTenant(job.tenantId!, async (scope) => {
      const offer = await findOffer(scope, job.payload.offerId, true);
      if (!offer || offer.status !== 'open') return { expired: false };
      if (offer.expiresAt.getTime() > Date.now()) throw new Error('offer not yet due');
      const ctx: Ctx = { scope, p: null, lang: 'zh-CN', jobs: deps.jobs };
      await closeOffer(scope, offer.id, 'expired');
      await updateWaitEntry(scope, offer.entryId, { status: 'waiting' });
      const next = await offerFreedSlot(ctx, offer.slotId);
      return { expired: true, next: next?.id ?? null };
    });
  };
}

// ---------------------------------------------------------------------------------------------------
// Lists

async function entryViews(ctx: Ctx, rows: Awaited<ReturnType<typeof findEntries>>['rows']) {
  const ids = rows.map((r) => r.e.id);
  const [offers, positions] = await inTurn([
    () => findOffersOfEntries(ctx.scope, ids),
    () => positionsOf(ctx.scope, ids),
  ]);
  return rows.map(({ e, visitorName, counsellorName }) => ({
    id: e.id,
    visitorId: e.visitorId,
    visitorName,
    category: e.category,
    counsellorId: e.counsellorId,
    counsellorName: counsellorName ?? null,
    siteId: e.siteId,
    source: e.source,
    status: e.status as 'waiting',
    position: positions.get(e.id) ?? null,
    joinedAt: e.joinedAt.toISOString(),
    singleSessionAfter: e.singleSessionAfter?.toISOString() ?? null,
    appointmentId: e.appointmentId,
    offers: offers
      .filter((o) => o.o.entryId === e.id)
      .map((o) => ({
        id: o.o.id,
        slotId: o.o.slotId,
        startTime: o.startsAt.toISOString(),
        endTime: o.endsAt.toISOString(),
        counsellorName: o.counsellorName,
        siteName: o.siteName,
        offeredAt: o.o.offeredAt.toISOString(),
        expiresAt: o.o.expiresAt.toISOString(),
        status: o.o.status as 'open',
      })),
  }));
}

async function entryView(ctx: Ctx, id: number) {
  const entry = await findWaitEntry(ctx.scope, id);
  const { rows } = await findEntries(ctx.scope, { visitorId: entry!.visitorId }, { limit: 500, offset: 0 });
  return (
    await entryViews(
      ctx,
      rows.filter((r) => r.e.id === id),
    )
  )[0]!;
}

/** `WaitReserveList` (mine, or all with the manage key) and `waitlist/page` (all, in order). */
export async function listEntries(
  ctx: Ctx,
  q: { current: number; size: number; status?: string; category?: number; all: boolean },
) {
  const p = ctx.p!;
  if (q.all && !can(p, P.waitlistManage))
    throw forbidden('the whole waiting list needs consult_waitlist_manage');
  const { rows, total } = await findEntries(
    ctx.scope,
    { visitorId: q.all ? undefined : p.userId, status: q.status, category: q.category },
    { limit: q.size, offset: (q.current - 1) * q.size },
  );
  return pageAnswer(q, await entryViews(ctx, rows), total);
}
