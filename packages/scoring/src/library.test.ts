import { describe, expect, it } from 'vitest';
import { BUILTIN_SCALES, builtinScale } from './library';
import { riskGradeOf } from './risk';
import { ResponseError, scoreScale, warningReasonsOf } from './score';
import { allAt, answers } from './test-helpers';

const def = (code: string) => builtinScale(code, 1)!;

describe('the built-in library', () => {
  it('loads every shipped definition through the schema and its checks', () => {
    expect(BUILTIN_SCALES.map((d) => d.code)).toEqual([
      'PHQ9',
      'GAD7',
      'SCL90',
      'SDS',
      'SAS',
      'DASS21',
      'IPIP50',
      'ONET_IP60',
    ]);
    for (const d of BUILTIN_SCALES) expect(d.licence.kind).not.toBe('licensed');
  });
});

describe('PHQ-9 (Kroenke, Spitzer & Williams 2001, J Gen Intern Med 16:606-613)', () => {
  const phq9 = def('PHQ9');
  // The paper's severity bands: 0-4 minimal, 5-9 mild, 10-14 moderate, 15-19 moderately severe, 20-27 severe.
  const totals: [number, string][] = [
    [0, 'Minimal'],
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Moderately severe'],
    [19, 'Moderately severe'],
    [20, 'Severe'],
    [27, 'Severe'],
  ];
  it.each(totals)('a total of %i is %s', (total, band) => {
    // Items 1-8 carry the total (at most 24), item 9 the rest, so item 9 is 0 below 25.
    const picks: Record<number, number> = {};
    let left = total;
    for (let no = 1; no <= 9 && left > 0; no += 1) {
      picks[no] = Math.min(3, left);
      left -= picks[no]!;
    }
    const r = scoreScale(phq9, answers(phq9, 0, picks));
    expect(r.total).toBe(total);
    expect(r.bands.find((b) => b.target === 'total')?.label.en).toBe(band);
  });

  it('item 9 above 0 is a critical answer whatever the total [spec:S0.9.3]', () => {
    const r = scoreScale(phq9, answers(phq9, 0, { 9: 1 }));
    expect(r.total).toBe(1);
    expect(r.bands[0]!.label.en).toBe('Minimal');
    expect(r.critical.map((c) => c.item)).toEqual([9]);
    expect(warningReasonsOf(r)).toEqual(['critical']);
  });

  it('a total of 10 (the recommended cut-off) screens positive and grades medium risk [spec:S0.9.3]', () => {
    const r = scoreScale(phq9, answers(phq9, 0, { 1: 3, 2: 3, 3: 3, 4: 1 }));
    expect(r.total).toBe(10);
    expect(r.screenPositive).toBe(true);
    expect(r.riskScore).toBe(60);
    expect(r.riskGrade).toBe(2);
    expect(scoreScale(phq9, answers(phq9, 0, { 1: 3, 2: 3, 3: 3, 4: 3, 5: 3 })).riskGrade).toBe(1);
  });

  it('refuses unanswered items and values outside the options, naming the items', () => {
    expect(() => scoreScale(phq9, { 1: 0 })).toThrow(ResponseError);
    try {
      scoreScale(phq9, answers(phq9, 0, { 4: 7 }));
    } catch (e) {
      expect((e as ResponseError).kind).toBe('invalid');
      expect((e as ResponseError).items).toEqual([4]);
    }
  });
});

describe('GAD-7 (Spitzer, Kroenke, Williams & Löwe 2006, Arch Intern Med 166:1092-1097)', () => {
  const gad7 = def('GAD7');
  // Cut-points 5, 10 and 15 for mild, moderate and severe anxiety.
  it.each([
    [4, 'Minimal'],
    [5, 'Mild'],
    [9, 'Mild'],
    [10, 'Moderate'],
    [14, 'Moderate'],
    [15, 'Severe'],
    [21, 'Severe'],
  ] as [number, string][])('a total of %i is %s', (total, band) => {
    const picks: Record<number, number> = {};
    let left = total;
    for (let no = 1; no <= 7 && left > 0; no += 1) {
      picks[no] = Math.min(3, left);
      left -= picks[no]!;
    }
    const r = scoreScale(gad7, answers(gad7, 0, picks));
    expect(r.total).toBe(total);
    expect(r.bands[0]!.label.en).toBe(band);
    expect(r.screenPositive).toBe(total >= 10);
  });
});

describe('SDS (Zung 1965, Arch Gen Psychiatry 12:63-70; Chinese cut-off 53)', () => {
  const sds = def('SDS');
  it('counts the ten positively worded items in reverse', () => {
    // "A little of the time" everywhere: ten symptom items 1 each, ten reversed items 4 each.
    const r = scoreScale(sds, allAt(sds, 1));
    expect(r.total).toBe(50);
    expect(r.index).toBe(62);
    expect(sds.items.filter((i) => i.reverse).map((i) => i.no)).toEqual([
      2, 5, 6, 11, 12, 14, 16, 17, 18, 20,
    ]);
  });

  it('the index is the raw total x 1.25, its integer part: 20 -> 25, 40 -> 50, 42 -> 52, 43 -> 53, 80 -> 100', () => {
    // Lowest possible: every symptom item 1, every reversed item answered 4 ("most of the time").
    const lowest = Object.fromEntries(sds.items.map((i) => [i.no, i.reverse ? 4 : 1]));
    expect(scoreScale(sds, lowest).index).toBe(25);
    const withRaw = (raw: number) => {
      const picks: Record<number, number> = { ...lowest };
      let extra = raw - 20;
      for (const item of sds.items) {
        if (extra <= 0) break;
        const step = Math.min(3, extra);
        picks[item.no] = item.reverse ? 4 - step : 1 + step;
        extra -= step;
      }
      return scoreScale(sds, picks);
    };
    expect(withRaw(40).index).toBe(50);
    expect(withRaw(42).index).toBe(52);
    expect(withRaw(43).index).toBe(53);
    expect(withRaw(43).bands[0]!.label.en).toBe('Mild depressive');
    expect(withRaw(42).bands[0]!.label.en).toBe('Normal');
    expect(withRaw(80).index).toBe(100);
  });

  it('item 19 (better off dead) at "some of the time" or more is critical', () => {
    const lowest = Object.fromEntries(sds.items.map((i) => [i.no, i.reverse ? 4 : 1]));
    expect(scoreScale(sds, { ...lowest, 19: 2 }).critical).toHaveLength(1);
    expect(scoreScale(sds, lowest).critical).toHaveLength(0);
  });
});

describe('SAS (Zung 1971, Psychosomatics 12:371-379; Chinese cut-off 50)', () => {
  const sas = def('SAS');
  it('reverses items 5, 9, 13, 17, 19 and grades the index from 50', () => {
    expect(sas.items.filter((i) => i.reverse).map((i) => i.no)).toEqual([5, 9, 13, 17, 19]);
    const r = scoreScale(sas, allAt(sas, 2));
    // 15 items at 2, 5 reversed items 5 - 2 = 3: raw 45, index 56 (56.25).
    expect(r.total).toBe(45);
    expect(r.index).toBe(56);
    expect(r.bands[0]!.label.en).toBe('Mild anxiety');
    expect(r.screenPositive).toBe(true);
  });
});

describe('SCL-90 (Derogatis et al. 1973; norm of Jin Hua, Wu Wenyuan & Zhang Mingyuan 1986, n = 1,388)', () => {
  const scl = def('SCL90');
  it('all "not at all": total 90, mean 1.00, no positive item, not positive', () => {
    const r = scoreScale(scl, allAt(scl, 1));
    expect(r.total).toBe(90);
    expect(r.totalMean).toBe(1);
    expect(r.positiveItems).toBe(0);
    expect(r.screenPositive).toBe(false);
    expect(r.factors).toHaveLength(10);
  });

  it('T-scores against the 1986 norm: a somatization mean of 1.85 is one SD above 1.37 (SD 0.48): T 60', () => {
    const som = scl.factors.find((f) => f.code === 'SOM')!.items;
    // Twelve items: ten at 2 and two at 1 -> 22 / 12 = 1.8333; all twelve at 2 -> 2.00.
    const r = scoreScale(scl, answers(scl, 1, Object.fromEntries(som.map((no) => [no, 2]))));
    const f = r.factors.find((x) => x.code === 'SOM')!;
    expect(f.mean).toBe(2);
    expect(f.t).toBeCloseTo(50 + (10 * (2 - 1.37)) / 0.48, 1);
    expect(r.standard.find((s) => s.target === 'total')!.t).toBeCloseTo(
      50 + (10 * (102 - 129.96)) / 38.76,
      1,
    );
  });

  it('screens positive on a total above 160 alone', () => {
    // Items at 5 add 4 each; per symptom factor fewer than a quarter of its items keeps its mean below 2,
    // and the seven "other" items have no screen rule: total 182, 23 positive items, no factor at 2.
    const picks: Record<number, number> = {};
    for (const f of scl.factors) {
      const take = f.code === 'OTHER' ? f.items.length : Math.ceil(f.items.length / 4) - 1;
      for (const no of f.items.slice(0, take)) picks[no] = 5;
    }
    const r = scoreScale(scl, answers(scl, 1, picks));
    expect(r.total).toBe(182);
    expect(r.positiveItems).toBe(23);
    expect(r.screens.map((s) => [s.code, s.positive])).toEqual([
      ['total_gt_160', true],
      ['positive_gt_43', false],
      ['factor_ge_2', false],
    ]);
    expect(r.screenPositive).toBe(true);
  });

  it('screens positive on more than 43 positive items, and on any factor mean >= 2', () => {
    const first44 = Object.fromEntries(scl.items.slice(0, 44).map((i) => [i.no, 2]));
    const r44 = scoreScale(scl, answers(scl, 1, first44));
    expect(r44.positiveItems).toBe(44);
    expect(r44.screens.find((s) => s.code === 'positive_gt_43')!.positive).toBe(true);
    const first43 = Object.fromEntries(scl.items.slice(0, 43).map((i) => [i.no, 2]));
    expect(
      scoreScale(scl, answers(scl, 1, first43)).screens.find((s) => s.code === 'positive_gt_43')!.positive,
    ).toBe(false);
    const hos = scl.factors.find((f) => f.code === 'HOS')!.items;
    const r = scoreScale(scl, answers(scl, 1, Object.fromEntries(hos.map((no) => [no, 2]))));
    expect(r.total).toBe(96);
    expect(r.screens.map((s) => [s.code, s.positive])).toEqual([
      ['total_gt_160', false],
      ['positive_gt_43', false],
      ['factor_ge_2', true],
    ]);
    expect(r.screenPositive).toBe(true);
  });

  it('item 15 (thoughts of ending your life) at "moderately" or above is critical even with everything else at 1', () => {
    const r = scoreScale(scl, answers(scl, 1, { 15: 3 }));
    expect(r.total).toBe(92);
    expect(r.riskGrade).toBe(3);
    expect(r.critical.map((c) => c.item)).toEqual([15]);
    expect(warningReasonsOf(r)).toEqual(['critical']);
    expect(scoreScale(scl, answers(scl, 1, { 15: 2 })).critical).toEqual([]);
  });

  it('grades the total on the risk bands of S0.9.3: 160 low, 161 medium, 200 high [spec:S0.9.3]', () => {
    const withTotal = (total: number) => {
      const picks: Record<number, number> = {};
      let extra = total - 90;
      for (const item of scl.items) {
        if (extra <= 0) break;
        picks[item.no] = 1 + Math.min(4, extra);
        extra -= Math.min(4, extra);
      }
      return scoreScale(scl, answers(scl, 1, picks));
    };
    expect(withTotal(160).riskGrade).toBe(3);
    expect(withTotal(161).riskGrade).toBe(2);
    expect(withTotal(200).riskGrade).toBe(1);
    expect(riskGradeOf(79.9)).toBe(2);
  });
});

describe('DASS-21 (Lovibond & Lovibond 1995 manual severity ranges, scores x 2)', () => {
  const dass = def('DASS21');
  it('scores each subscale as the sum x 2 and bands it', () => {
    // Depression items 3, 5, 10, 13, 16, 17, 21 at 1 -> 7 x 2 = 14: moderate (14-20).
    const r = scoreScale(dass, answers(dass, 0, { 3: 1, 5: 1, 10: 1, 13: 1, 16: 1, 17: 1, 21: 1 }));
    const d = r.factors.find((f) => f.code === 'depression')!;
    expect(d.score).toBe(14);
    expect(d.band?.label.en).toBe('Moderate');
    expect(r.factors.find((f) => f.code === 'anxiety')!.band?.label.en).toBe('Normal');
    expect(r.riskGrade).toBe(2);
    // Anxiety 20 and up is extremely severe: all seven at 2 -> 28.
    const a = scoreScale(dass, answers(dass, 0, { 2: 2, 4: 2, 7: 2, 9: 2, 15: 2, 19: 2, 20: 2 }));
    expect(a.factors.find((f) => f.code === 'anxiety')!.band?.label.en).toBe('Extremely severe');
  });
});

describe('IPIP Big-Five markers (Goldberg 1992; keying from the IPIP)', () => {
  const ipip = def('IPIP50');
  it('all "very accurate": each factor is 5 x (+ keyed) + 1 x (- keyed)', () => {
    const r = scoreScale(ipip, allAt(ipip, 5));
    const score = (c: string) => r.factors.find((f) => f.code === c)!.score;
    expect(score('E')).toBe(30); // 5 plus, 5 minus
    expect(score('A')).toBe(34); // 6 plus, 4 minus
    expect(score('C')).toBe(34); // 6 plus, 4 minus
    expect(score('ES')).toBe(18); // 2 plus, 8 minus
    expect(score('I')).toBe(38); // 7 plus, 3 minus
    expect(r.riskScore).toBeNull();
  });
});

describe('O*NET Interest Profiler Short Form (Rounds et al. 2010)', () => {
  const ip = def('ONET_IP60');
  it('scores each RIASEC area 0-40 and answers the top three as the Holland code', () => {
    const picks: Record<number, number> = {};
    for (const f of ip.factors) {
      const v = { R: 1, I: 4, A: 2, S: 3, E: 0, C: 2 }[f.code as 'R']!;
      for (const no of f.items) picks[no] = v;
    }
    const r = scoreScale(ip, picks);
    expect(r.factors.map((f) => [f.code, f.score])).toEqual([
      ['R', 10],
      ['I', 40],
      ['A', 20],
      ['S', 30],
      ['E', 0],
      ['C', 20],
    ]);
    // A and C tie at 20: the R-I-A-S-E-C order breaks it.
    expect(r.profileCode).toBe('ISA');
  });
});
