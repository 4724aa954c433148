import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScaleDefinition } from './definition';
import { BUILTIN_SCALES } from './library';
import { interpolateAnchors, riskGradeOf } from './risk';
import { itemScore, scoreScale, warningReasonsOf, type Responses } from './score';

/** Arbitrary complete answers of a definition: one option value per item. */
const responsesOf = (def: ScaleDefinition) =>
  fc
    .tuple(...def.items.map((i) => fc.constantFrom(...def.optionSets[i.optionSet]!.map((o) => o.value))))
    .map((values): Responses => Object.fromEntries(def.items.map((i, k) => [i.no, values[k]!])));

const bounds = (def: ScaleDefinition) => {
  let min = 0;
  let max = 0;
  for (const i of def.items) {
    const scores = def.optionSets[i.optionSet]!.map((o) => o.score);
    min += Math.min(...scores);
    max += Math.max(...scores);
  }
  return { min, max };
};

describe.each(BUILTIN_SCALES.map((d) => [d.code, d] as const))('%s: properties', (_code, def) => {
  it('the total stays within the sum of the item minima and maxima; factors within theirs', () => {
    fc.assert(
      fc.property(responsesOf(def), (r) => {
        const res = scoreScale(def, r);
        if (res.total !== null && def.scoring.total === 'sum') {
          const { min, max } = bounds(def);
          expect(res.total).toBeGreaterThanOrEqual(min);
          expect(res.total).toBeLessThanOrEqual(max);
        }
        for (const f of res.factors)
          expect(f.raw).toBe(
            def.factors
              .find((x) => x.code === f.code)!
              .items.reduce((s, no) => s + itemScore(def, no, r[no]!), 0),
          );
      }),
      { numRuns: 60 },
    );
  });

  it('does not depend on the order the answers were given in', () => {
    fc.assert(
      fc.property(responsesOf(def), (r) => {
        const reversed = Object.fromEntries(Object.entries(r).reverse());
        expect(scoreScale(def, reversed)).toEqual(scoreScale(def, r));
      }),
      { numRuns: 20 },
    );
  });

  it('raising one item toward more symptoms never lowers the total or the risk score', () => {
    fc.assert(
      fc.property(responsesOf(def), fc.integer({ min: 0, max: def.items.length - 1 }), (r, k) => {
        const item = def.items[k]!;
        const options = [...def.optionSets[item.optionSet]!].sort(
          (a, b) => itemScore(def, item.no, a.value) - itemScore(def, item.no, b.value),
        );
        const current = itemScore(def, item.no, r[item.no]!);
        const higher = options.find((o) => itemScore(def, item.no, o.value) > current);
        if (!higher) return;
        const before = scoreScale(def, r);
        const after = scoreScale(def, { ...r, [item.no]: higher.value });
        if (before.total !== null) expect(after.total!).toBeGreaterThan(before.total);
        if (before.riskScore !== null) expect(after.riskScore!).toBeGreaterThanOrEqual(before.riskScore);
        if (before.index !== null) expect(after.index!).toBeGreaterThanOrEqual(before.index);
      }),
      { numRuns: 60 },
    );
  });

  it('a critical answer always raises a warning, whatever the rest (critical items beat totals)', () => {
    fc.assert(
      fc.property(responsesOf(def), (r) => {
        const res = scoreScale(def, r);
        if (res.critical.length > 0) expect(warningReasonsOf(res, { onHighRisk: false })[0]).toBe('critical');
        if (res.riskScore !== null) {
          expect(res.riskScore).toBeGreaterThanOrEqual(0);
          expect(res.riskScore).toBeLessThanOrEqual(100);
          expect(res.riskGrade).toBe(riskGradeOf(res.riskScore));
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('reverse items', () => {
  it('count min + max - score, so answering every item at its top and bottom mirror each other', () => {
    const sds = BUILTIN_SCALES.find((d) => d.code === 'SDS')!;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), (v) => {
        for (const item of sds.items) expect(itemScore(sds, item.no, v)).toBe(item.reverse ? 5 - v : v);
      }),
    );
  });
});

describe('risk bands (S0.9.3)', () => {
  it('80 and up high, 60-79 medium, below 60 low [spec:S0.9.3]', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (s) => {
        expect(riskGradeOf(s)).toBe(s >= 80 ? 1 : s >= 60 ? 2 : 3);
      }),
    );
    expect([riskGradeOf(80), riskGradeOf(79.99), riskGradeOf(60), riskGradeOf(59.99)]).toEqual([1, 2, 2, 3]);
  });

  it('anchors interpolate monotonically and clamp outside', () => {
    const anchors: [number, number][] = [
      [0, 0],
      [10, 60],
      [15, 80],
      [27, 100],
    ];
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 80, noNaN: true }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        (x, d) => {
          const a = interpolateAnchors(anchors, x);
          expect(interpolateAnchors(anchors, x + d)).toBeGreaterThanOrEqual(a);
          expect(a).toBeGreaterThanOrEqual(0);
          expect(a).toBeLessThanOrEqual(100);
        },
      ),
    );
    expect(interpolateAnchors(anchors, 12.5)).toBe(70);
  });
});
