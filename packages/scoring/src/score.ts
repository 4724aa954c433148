import type {
  Comparison,
  ScaleBand,
  ScaleDefinition,
  ScaleFactor,
  ScreenCondition,
  Target,
  Text,
} from './definition';
import { interpolateAnchors, riskGradeOf, type RiskGrade } from './risk';

/** Answers of one scale: item number -> option value picked. */
export type Responses = Readonly<Record<number | string, number>>;

export interface BandHit {
  target: Target;
  value: number;
  level: number;
  label: Text;
  interpretation: Text;
}

export interface StandardScore {
  target: Target;
  value: number;
  z: number;
  t: number;
  normMean: number;
  normSd: number;
}

export interface FactorScore {
  code: string;
  name: Text;
  raw: number;
  mean: number;
  score: number;
  z: number | null;
  t: number | null;
  band: BandHit | null;
}

export interface CriticalHit {
  item: number;
  value: number;
  itemText: Text;
  optionLabel: Text;
  reason: Text;
}

export interface ScreenHit {
  code: string;
  label: Text;
  positive: boolean;
}

/** Everything a scored answer yields; stored with the answer and read by reports. */
export interface ScaleResult {
  scaleCode: string;
  scaleVersion: number;
  normId: string | null;
  itemCount: number;
  total: number | null;
  totalMean: number | null;
  index: number | null;
  positiveItems: number | null;
  positiveMean: number | null;
  factors: FactorScore[];
  standard: StandardScore[];
  /** Bands of the non-factor targets (total, index, ...). */
  bands: BandHit[];
  /** The most severe band level over every target, factors included; 0 without bands. */
  level: number;
  screens: ScreenHit[];
  screenPositive: boolean;
  critical: CriticalHit[];
  riskScore: number | null;
  riskGrade: RiskGrade | null;
  profileCode: string | null;
}

/** Why an answer cannot be scored, naming the items. */
export class ResponseError extends Error {
  constructor(
    readonly kind: 'missing' | 'invalid',
    readonly items: number[],
  ) {
    super(
      kind === 'missing'
        ? `unanswered item(s): ${items.join(', ')}`
        : `answer not among the item's options: item(s) ${items.join(', ')}`,
    );
  }
}

const round = (v: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round((v + Number.EPSILON * Math.sign(v)) * f) / f;
};

export const compare = (a: number, op: Comparison, b: number): boolean => {
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '==':
      return a === b;
  }
};

function setBounds(def: ScaleDefinition, setId: string) {
  const scores = def.optionSets[setId]!.map((o) => o.score);
  return { min: Math.min(...scores), max: Math.max(...scores) };
}

/** The option value of an item in the responses (keys may be numbers or their text). */
export const responseOf = (responses: Responses, no: number): number | undefined => {
  const v = (responses as Record<string, number | undefined>)[String(no)];
  return typeof v === 'number' ? v : undefined;
};

/**
 * Checks answers against a definition without scoring: which items are unanswered and which values
 * are not among their options.
 */
export function checkResponses(def: ScaleDefinition, responses: Responses, opts: { complete: boolean }) {
  const missing: number[] = [];
  const invalid: number[] = [];
  for (const item of def.items) {
    const v = responseOf(responses, item.no);
    if (v === undefined) {
      if (opts.complete) missing.push(item.no);
      continue;
    }
    if (!def.optionSets[item.optionSet]!.some((o) => o.value === v)) invalid.push(item.no);
  }
  const known = new Set(def.items.map((i) => String(i.no)));
  for (const key of Object.keys(responses)) if (!known.has(key)) invalid.push(Number(key) || 0);
  return { missing, invalid };
}

/** The score an item counts for a picked value (reverse items counted from the other end). */
export function itemScore(def: ScaleDefinition, no: number, value: number): number {
  const item = def.items.find((i) => i.no === no)!;
  const option = def.optionSets[item.optionSet]!.find((o) => o.value === value)!;
  if (!item.reverse) return option.score;
  const { min, max } = setBounds(def, item.optionSet);
  return min + max - option.score;
}

function factorScoreOf(f: ScaleFactor, scores: Map<number, number>) {
  const raw = f.items.reduce((s, no) => s + scores.get(no)!, 0);
  const mean = raw / f.items.length;
  const base = f.method === 'sum' ? raw : mean;
  return { raw, mean, score: base * (f.multiplier ?? 1) };
}

function bandOf(bands: readonly ScaleBand[], target: Target, value: number): BandHit | null {
  const b = bands.find(
    (x) =>
      x.target === target &&
      (x.from === undefined || value >= x.from) &&
      (x.below === undefined || value < x.below),
  );
  return b ? { target, value, level: b.level, label: b.label, interpretation: b.interpretation } : null;
}

/**
 * Scores one answer (docs/assessment.md "Scoring"). Throws ResponseError when an item is unanswered or
 * answered with a value outside its options. `normId` picks the norm (default: the first).
 */
export function scoreScale(
  def: ScaleDefinition,
  responses: Responses,
  opts: { normId?: string | null } = {},
): ScaleResult {
  const { missing, invalid } = checkResponses(def, responses, { complete: true });
  if (invalid.length) throw new ResponseError('invalid', invalid);
  if (missing.length) throw new ResponseError('missing', missing);

  const scores = new Map<number, number>();
  for (const item of def.items) scores.set(item.no, itemScore(def, item.no, responseOf(responses, item.no)!));
  const sum = [...scores.values()].reduce((a, b) => a + b, 0);
  const n = def.items.length;

  const total = def.scoring.total === null ? null : def.scoring.total === 'sum' ? sum : sum / n;
  const totalMean = def.scoring.total === null ? null : sum / n;
  let index: number | null = null;
  if (def.scoring.index && total !== null) {
    const v = total * def.scoring.index.multiplier;
    // Integer part as the Chinese rating-scale manuals state it; a tiny epsilon keeps 52.9999.. at 53.
    index = def.scoring.index.rounding === 'floor' ? Math.floor(v + 1e-9) : Math.round(v);
  }
  let positiveItems: number | null = null;
  let positiveMean: number | null = null;
  if (def.scoring.positiveItem) {
    const pos = [...scores.values()].filter((s) => s >= def.scoring.positiveItem!.minScore);
    positiveItems = pos.length;
    positiveMean = pos.length ? pos.reduce((a, b) => a + b, 0) / pos.length : 0;
  }

  const factorRaw = def.factors.map((f) => ({ f, ...factorScoreOf(f, scores) }));
  const targetValue = (t: Target): number | null => {
    if (t === 'total') return total;
    if (t === 'totalMean') return totalMean;
    if (t === 'index') return index;
    if (t === 'positiveItems') return positiveItems;
    const code = t.slice(7);
    return factorRaw.find((x) => x.f.code === code)?.score ?? null;
  };

  const norm = opts.normId ? def.norms.find((x) => x.id === opts.normId) : def.norms[0];
  const standard: StandardScore[] = [];
  for (const s of norm?.stats ?? []) {
    const value = targetValue(s.target);
    if (value === null) continue;
    const z = (value - s.mean) / s.sd;
    standard.push({
      target: s.target,
      value,
      z: round(z, 2),
      t: round(50 + 10 * z, 1),
      normMean: s.mean,
      normSd: s.sd,
    });
  }

  const factors: FactorScore[] = factorRaw.map(({ f, raw, mean, score }) => {
    const target = `factor:${f.code}` as Target;
    const std = standard.find((s) => s.target === target);
    return {
      code: f.code,
      name: f.name,
      raw,
      mean: round(mean, 2),
      score: f.method === 'mean' ? round(score, 2) : round(score, 4),
      z: std?.z ?? null,
      t: std?.t ?? null,
      band: bandOf(def.bands, target, score),
    };
  });

  const bands: BandHit[] = [];
  for (const target of ['total', 'totalMean', 'index', 'positiveItems'] as const) {
    const value = targetValue(target);
    if (value === null) continue;
    const hit = bandOf(def.bands, target, value);
    if (hit) bands.push(hit);
  }
  const level = Math.max(0, ...bands.map((b) => b.level), ...factors.map((f) => f.band?.level ?? 0));

  const holds = (c: ScreenCondition) => {
    if ('target' in c) {
      const v = targetValue(c.target);
      return v !== null && compare(v, c.op, c.value);
    }
    return c.anyFactor.some((code) => {
      const v = targetValue(`factor:${code}`);
      return v !== null && compare(v, c.op, c.value);
    });
  };
  const screens = def.screens.map((s) => ({ code: s.code, label: s.label, positive: holds(s.when) }));

  const critical: CriticalHit[] = [];
  for (const rule of def.critical) {
    const value = responseOf(responses, rule.item)!;
    if (!compare(value, rule.op, rule.value)) continue;
    const item = def.items.find((i) => i.no === rule.item)!;
    const option = def.optionSets[item.optionSet]!.find((o) => o.value === value)!;
    critical.push({
      item: rule.item,
      value,
      itemText: item.text,
      optionLabel: option.label,
      reason: rule.reason,
    });
  }

  let riskScore: number | null = null;
  if (def.riskScore) {
    const v = targetValue(def.riskScore.target);
    if (v !== null) riskScore = round(interpolateAnchors(def.riskScore.anchors, v), 1);
  }

  let profileCode: string | null = null;
  if (def.scoring.profile) {
    const order = def.scoring.profile.factors;
    const ranked = order
      .map((code, i) => ({ code, i, score: factorRaw.find((x) => x.f.code === code)!.score }))
      // Ties keep the definition's order (R, I, A, S, E, C for Holland), so a code is always the same.
      .sort((a, b) => b.score - a.score || a.i - b.i);
    profileCode = ranked
      .slice(0, def.scoring.profile.top)
      .map((x) => x.code)
      .join('');
  }

  return {
    scaleCode: def.code,
    scaleVersion: def.version,
    normId: norm?.id ?? null,
    itemCount: n,
    total: total === null ? null : round(total, 4),
    totalMean: totalMean === null ? null : round(totalMean, 2),
    index,
    positiveItems,
    positiveMean: positiveMean === null ? null : round(positiveMean, 2),
    factors,
    standard,
    bands,
    level,
    screens,
    screenPositive: screens.some((s) => s.positive),
    critical,
    riskScore,
    riskGrade: riskScore === null ? null : riskGradeOf(riskScore),
    profileCode,
  };
}

/** What a plan counts as a warning besides critical items, which always are one. */
export interface WarningPolicy {
  /** A high risk grade (S0.9.3, 80 and up) raises a warning (default true). */
  onHighRisk?: boolean;
  /** A positive screen raises a warning (default false: it flags the answer for an interview). */
  onScreenPositive?: boolean;
}

export type WarningReason = 'critical' | 'highRisk' | 'screenPositive';

/**
 * Why an answer raises a warning, most serious first; empty when it does not. Critical items beat
 * totals: they raise one whatever the total, band or policy.
 */
export function warningReasonsOf(result: ScaleResult, policy: WarningPolicy = {}): WarningReason[] {
  const reasons: WarningReason[] = [];
  if (result.critical.length > 0) reasons.push('critical');
  if ((policy.onHighRisk ?? true) && result.riskGrade === 1) reasons.push('highRisk');
  if (policy.onScreenPositive && result.screenPositive) reasons.push('screenPositive');
  return reasons;
}

/** Warning level: 1 critical (someone now), 2 high risk or positive screen. */
export const warningLevelOf = (reasons: readonly WarningReason[]): 1 | 2 | null =>
  reasons.length === 0 ? null : reasons.includes('critical') ? 1 : 2;
