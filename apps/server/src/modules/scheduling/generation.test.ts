import { describe, expect, it } from 'vitest';
import { dropClashes, splitIndependent, type Occupancy } from './generation';

const at = (h: number, m = 0) => new Date(Date.UTC(2027, 2, 1, h, m));
const slot = (
  counsellorId: number,
  roomId: number | null,
  from: number,
  to: number,
  tag = '',
): Occupancy & { tag: string } => ({
  counsellorId,
  roomId,
  startsAt: at(from),
  endsAt: at(to),
  tag,
});

describe('generated slots that clash are dropped before the bulk insert [spec:S1.7.11]', () => {
  it('drops a slot overlapping a live slot of its counsellor or of its room; touching ends do not clash', () => {
    const live = [slot(1, 10, 9, 10), slot(2, 20, 14, 15)];
    const kept = dropClashes(
      [
        slot(1, 11, 9, 10, 'same counsellor'),
        slot(3, 20, 14, 16, 'same room'),
        slot(1, 10, 10, 11, 'touching'),
        slot(4, null, 9, 10, 'no room'),
        slot(5, 10, 8, 9, 'before'),
      ],
      live,
    );
    expect(kept.map((s) => s.tag)).toEqual(['touching', 'no room', 'before']);
  });

  it('of candidates clashing with each other keeps the earlier start, then the first given', () => {
    const kept = dropClashes(
      [
        slot(1, 10, 10, 12, 'later'),
        slot(1, 11, 9, 11, 'earlier'),
        slot(2, 12, 9, 10, 'a'),
        slot(3, 12, 9, 10, 'b'),
        slot(4, 13, 9, 10, 'x'),
        slot(4, 13, 9, 10, 'y'),
      ],
      [],
    );
    expect(kept.map((s) => s.tag)).toEqual(['earlier', 'a', 'x']);
  });

  it('finds an overlap with a long live slot that started well before', () => {
    const live = [slot(1, null, 0, 23), slot(1, null, 1, 2)];
    expect(dropClashes([slot(1, null, 20, 21)], live)).toEqual([]);
  });
});

describe('a term splits into parts that never share a counsellor or a room', () => {
  it('keeps counsellors linked by a shared room together and balances the rest', () => {
    const rows = [
      ...Array.from({ length: 4 }, (_, i) => slot(1, 10, i, i + 1)),
      ...Array.from({ length: 4 }, (_, i) => slot(2, 10, i + 5, i + 6)),
      ...Array.from({ length: 3 }, (_, i) => slot(3, 30, i, i + 1)),
      ...Array.from({ length: 3 }, (_, i) => slot(4, null, i, i + 1)),
      ...Array.from({ length: 2 }, (_, i) => slot(5, 50, i, i + 1)),
    ];
    const parts = splitIndependent(rows, 2);
    expect(parts).toHaveLength(2);
    expect(parts.flat()).toHaveLength(rows.length);
    const keys = parts.map((p) => new Set(p.flatMap((r) => ['c' + r.counsellorId, 'r' + r.roomId])));
    for (const k of keys[0]!) if (k !== 'rnull') expect(keys[1]!.has(k)).toBe(false);
    // Counsellors 1 and 2 share room 10: one part of 8, the other 3 + 3 + 2.
    expect(parts.map((p) => p.length).sort()).toEqual([8, 8]);
  });

  it('answers one part when everything is linked', () => {
    expect(splitIndependent([slot(1, 10, 1, 2), slot(2, 10, 2, 3)], 2)).toHaveLength(1);
  });
});
