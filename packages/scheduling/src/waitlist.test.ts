import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isEligible, offerDeadline, orderWaitlist, type FreedSlot, type WaitEntry } from './waitlist';

const NOW = new Date('2026-03-16T02:00:00Z');
const SLOT: FreedSlot = {
  category: 2,
  counsellorId: 7,
  siteId: 1,
  startsAt: new Date('2026-03-18T01:00:00Z'),
};
const entry = (id: number, joined: string, over: Partial<WaitEntry> = {}): WaitEntry => ({
  id,
  visitorId: 100 + id,
  category: 2,
  counsellorId: null,
  siteId: null,
  joinedAt: new Date(joined),
  singleSessionAfter: null,
  status: 'waiting',
  ...over,
});

describe('the waiting list offers a freed slot in a fair order [spec:S1.9.1] [spec:S1.9.5]', () => {
  it('offers first come, first served among those who want the slot', () => {
    const order = orderWaitlist(
      [
        entry(3, '2026-03-03T00:00:00Z'),
        entry(1, '2026-03-01T00:00:00Z', { counsellorId: 9 }),
        entry(2, '2026-03-02T00:00:00Z', { category: 18 }),
        entry(4, '2026-03-04T00:00:00Z', { siteId: 1, counsellorId: 7 }),
        entry(5, '2026-03-01T00:00:00Z', { status: 'offered' }),
      ],
      SLOT,
      NOW,
    );
    expect(order.map((e) => e.id)).toEqual([3, 4]);
  });

  it('lets a visitor willing to take a single session after 4 weeks have one once the wait is over', () => {
    const single = { ...SLOT, category: 10 };
    const e = entry(1, '2026-02-01T00:00:00Z', { singleSessionAfter: new Date('2026-03-01T00:00:00Z') });
    expect(isEligible(e, single, NOW)).toBe(true);
    expect(isEligible({ ...e, singleSessionAfter: new Date('2026-03-20T00:00:00Z') }, single, NOW)).toBe(
      false,
    );
    expect(isEligible({ ...e, singleSessionAfter: null }, single, NOW)).toBe(false);
  });

  it('leaves out visitors the rules exclude without reordering the others', () => {
    const order = orderWaitlist(
      [entry(1, '2026-03-01T00:00:00Z'), entry(2, '2026-03-02T00:00:00Z'), entry(3, '2026-03-03T00:00:00Z')],
      SLOT,
      NOW,
      new Set([102]),
    );
    expect(order.map((e) => e.id)).toEqual([1, 3]);
  });

  it('never puts someone who joined later before someone eligible who joined earlier (property)', () => {
    const arb = fc.array(
      fc.record({
        id: fc.integer({ min: 1, max: 10_000 }),
        day: fc.integer({ min: 1, max: 28 }),
        category: fc.constantFrom(2, 18),
        counsellorId: fc.option(fc.constantFrom(7, 9), { nil: null }),
        status: fc.constantFrom('waiting' as const, 'offered' as const),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (rows) => {
        const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
        const entries = unique.map((r) =>
          entry(r.id, `2026-02-${String(r.day).padStart(2, '0')}T00:00:00Z`, r),
        );
        const order = orderWaitlist(entries, SLOT, NOW);
        for (let i = 1; i < order.length; i += 1) {
          const a = order[i - 1]!;
          const b = order[i]!;
          expect(
            a.joinedAt.getTime() < b.joinedAt.getTime() ||
              (a.joinedAt.getTime() === b.joinedAt.getTime() && a.id < b.id),
          ).toBe(true);
        }
        expect(order.length).toBe(entries.filter((e) => isEligible(e, SLOT, NOW)).length);
      }),
    );
  });

  it('gives a claim window that ends before the slot, or none when too short', () => {
    const base = { now: NOW, claimHours: 12, minLeadMinutes: 60, minClaimMinutes: 30 };
    expect(offerDeadline({ ...base, slotStartsAt: SLOT.startsAt })?.toISOString()).toBe(
      '2026-03-16T14:00:00.000Z',
    );
    expect(offerDeadline({ ...base, slotStartsAt: new Date('2026-03-16T05:00:00Z') })?.toISOString()).toBe(
      '2026-03-16T04:00:00.000Z',
    );
    expect(offerDeadline({ ...base, slotStartsAt: new Date('2026-03-16T03:20:00Z') })).toBeNull();
  });
});
