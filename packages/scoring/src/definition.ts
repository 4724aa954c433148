import { z } from 'zod';

/**
 * A scale definition: an instrument as data (docs/assessment.md "Scales are data"). Scoring reads it;
 * nothing in it is code, so a school can import an instrument it holds a licence for as JSON or XLSX.
 */

/** A text in both languages of the platform. */
export const textSchema = z.object({
  zh: z.string().trim().min(1, 'required').max(2000).describe('Chinese text'),
  en: z.string().trim().min(1, 'required').max(2000).describe('English text'),
});
export type Text = z.infer<typeof textSchema>;

/** Report layouts (spec S1.2.13, plus the open instruments' own). */
export const REPORT_TYPES = [
  '16PF',
  'DISC',
  'HOLLAND',
  'MBTI',
  'SPM',
  'SCL90',
  'EPQ',
  'CAREER_ANCHOR',
  'LEADERSHIP',
  'STRESS_EMOTION',
  'BIG_FIVE',
  'SYMPTOM',
  'GENERIC',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const LICENCE_KINDS = ['public-domain', 'free', 'licensed', 'school-owned'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];

export const SCALE_KINDS = ['scale', 'questionnaire'] as const;
export type ScaleKind = (typeof SCALE_KINDS)[number];

export const COMPARISONS = ['>', '>=', '<', '<=', '=='] as const;
export type Comparison = (typeof COMPARISONS)[number];

/**
 * What a band, norm, screen or risk rule looks at: the raw `total`, `totalMean` (total / items), the
 * standard `index`, `positiveItems`, or a factor's score `factor:<code>`.
 */
export type Target = 'total' | 'totalMean' | 'index' | 'positiveItems' | `factor:${string}`;

const CODE = /^[A-Za-z0-9_-]{1,40}$/;
const targetSchema = z
  .string()
  .regex(
    /^(total|totalMean|index|positiveItems|factor:[A-Za-z0-9_-]{1,40})$/,
    'must be total, totalMean, index, positiveItems or factor:<code>',
  )
  .transform((s) => s as Target);

const finite = z.number().finite();

export const optionSchema = z.object({
  value: z.number().int().min(-1000).max(1000).describe('what the student picks; stored with the answer'),
  label: textSchema,
  score: finite.describe('what the option counts'),
});
export type ScaleOption = z.infer<typeof optionSchema>;

export const itemSchema = z.object({
  no: z.number().int().min(1).max(1000).describe('item number, 1..n without gaps'),
  text: textSchema,
  optionSet: z.string().regex(CODE, 'letters, digits, _ or -').describe('the option set the item uses'),
  reverse: z.boolean().optional().describe('counts min + max - score of its set'),
});
export type ScaleItem = z.infer<typeof itemSchema>;

export const factorSchema = z.object({
  code: z.string().regex(CODE, 'letters, digits, _ or -'),
  name: textSchema,
  items: z.array(z.number().int().min(1)).min(1).describe('item numbers'),
  method: z.enum(['sum', 'mean']).describe('factor score: sum or mean of its items'),
  multiplier: finite.positive().optional().describe('applied to the score (DASS-21: 2)'),
});
export type ScaleFactor = z.infer<typeof factorSchema>;

export const normStatSchema = z.object({ target: targetSchema, mean: finite, sd: finite.positive() });
export const normSchema = z.object({
  id: z.string().regex(CODE, 'letters, digits, _ or -'),
  population: textSchema,
  source: z.string().trim().min(1).max(500).describe('citation of the norm'),
  n: z.number().int().positive().optional().describe('sample size'),
  stats: z.array(normStatSchema).min(1),
});
export type ScaleNorm = z.infer<typeof normSchema>;

export const bandSchema = z.object({
  target: targetSchema,
  from: finite.optional().describe('inclusive lower bound; none: no lower bound'),
  below: finite.optional().describe('exclusive upper bound; none: no upper bound'),
  level: z.number().int().min(0).max(4).describe('0 none ... 4 most severe'),
  label: textSchema,
  interpretation: textSchema.describe('text of the report for this band'),
});
export type ScaleBand = z.infer<typeof bandSchema>;

export const conditionSchema = z.union([
  z.object({ target: targetSchema, op: z.enum(COMPARISONS), value: finite }),
  z.object({
    anyFactor: z.array(z.string().regex(CODE)).min(1).describe('true when any of these factors meets it'),
    op: z.enum(COMPARISONS),
    value: finite,
  }),
]);
export type ScreenCondition = z.infer<typeof conditionSchema>;

export const screenSchema = z.object({
  code: z.string().regex(CODE, 'letters, digits, _ or -'),
  label: textSchema,
  when: conditionSchema,
});
export type ScaleScreen = z.infer<typeof screenSchema>;

export const criticalSchema = z.object({
  item: z.number().int().min(1),
  op: z.enum(COMPARISONS),
  value: z.number().int().describe('compared with the option value picked'),
  reason: textSchema,
});
export type CriticalRule = z.infer<typeof criticalSchema>;

export const riskScoreSchema = z.object({
  target: targetSchema,
  anchors: z
    .array(z.tuple([finite, finite.min(0).max(100)]))
    .min(2)
    .describe('[x, riskScore] points, x increasing; linear between them, clamped outside'),
});
export type RiskScoreRule = z.infer<typeof riskScoreSchema>;

export const licenceSchema = z.object({
  kind: z.enum(LICENCE_KINDS),
  holder: z.string().trim().max(200).optional(),
  note: z.string().trim().max(1000).describe('terms of use as the holder states them'),
});
export type Licence = z.infer<typeof licenceSchema>;

export const scoringSchema = z.object({
  total: z.enum(['sum', 'mean']).nullable().describe('null for an unscored questionnaire'),
  index: z
    .object({ multiplier: finite.positive(), rounding: z.enum(['floor', 'nearest']) })
    .optional()
    .describe('a standard index from the raw total (SDS, SAS: raw x 1.25, integer part)'),
  positiveItem: z
    .object({ minScore: finite })
    .optional()
    .describe('items scoring at least this count as positive (SCL-90: 2)'),
  profile: z
    .object({ factors: z.array(z.string().regex(CODE)).min(2), top: z.number().int().min(1).max(6) })
    .optional()
    .describe('a code of the top factors by score (Holland: three letters)'),
});
export type ScaleScoring = z.infer<typeof scoringSchema>;

export const scaleDefinitionSchema = z.object({
  code: z.string().regex(/^[A-Z0-9_-]{2,40}$/, '2-40 capital letters, digits, _ or -'),
  version: z.number().int().min(1).max(10_000),
  kind: z.enum(SCALE_KINDS),
  name: textSchema,
  shortName: z.string().trim().min(1).max(40),
  category: z.string().regex(CODE, 'letters, digits, _ or -').describe('category code of the tree'),
  reportType: z.enum(REPORT_TYPES),
  chart: z.enum(['bar', 'radar', 'line']).default('bar'),
  licence: licenceSchema,
  source: z.string().trim().max(1000).describe('where the items and scoring come from'),
  instructions: textSchema,
  optionSets: z.record(z.string().regex(CODE), z.array(optionSchema).min(2).max(20)),
  items: z.array(itemSchema).min(1).max(1000),
  factors: z.array(factorSchema).max(60).default([]),
  scoring: scoringSchema,
  norms: z.array(normSchema).max(20).default([]),
  bands: z.array(bandSchema).max(500).default([]),
  screens: z.array(screenSchema).max(50).default([]),
  critical: z.array(criticalSchema).max(100).default([]),
  riskScore: riskScoreSchema.optional(),
});
export type ScaleDefinition = z.output<typeof scaleDefinitionSchema>;
export type ScaleDefinitionInput = z.input<typeof scaleDefinitionSchema>;

/** A definition problem: the path of the field and what is wrong with it. */
export interface DefinitionIssue {
  path: string;
  message: string;
}

const factorOf = (t: string) => (t.startsWith('factor:') ? t.slice(7) : null);

/**
 * The checks a schema cannot make: references between parts and the order of bounds. An empty list
 * means scoring can read every answer the definition allows.
 */
export function checkScaleDefinition(def: ScaleDefinition): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message });
  const itemNos = new Set<number>();
  def.items.forEach((item, i) => {
    if (itemNos.has(item.no)) add(`items[${i}].no`, `item ${item.no} appears twice`);
    itemNos.add(item.no);
    const set = def.optionSets[item.optionSet];
    if (!set) add(`items[${i}].optionSet`, `no option set "${item.optionSet}"`);
  });
  for (let no = 1; no <= def.items.length; no += 1)
    if (!itemNos.has(no)) add('items', `items must be numbered 1..${def.items.length}; ${no} is missing`);
  for (const [id, options] of Object.entries(def.optionSets)) {
    const values = new Set<number>();
    options.forEach((o, j) => {
      if (values.has(o.value)) add(`optionSets.${id}[${j}].value`, `value ${o.value} appears twice`);
      values.add(o.value);
    });
  }
  const factorCodes = new Set<string>();
  def.factors.forEach((f, i) => {
    if (factorCodes.has(f.code)) add(`factors[${i}].code`, `factor ${f.code} appears twice`);
    factorCodes.add(f.code);
    f.items.forEach((no, j) => {
      if (!itemNos.has(no)) add(`factors[${i}].items[${j}]`, `no item ${no}`);
    });
    if (new Set(f.items).size !== f.items.length) add(`factors[${i}].items`, 'an item appears twice');
  });
  const checkTarget = (path: string, target: string) => {
    const f = factorOf(target);
    if (f !== null && !factorCodes.has(f)) add(path, `no factor ${f}`);
    if (target === 'index' && !def.scoring.index) add(path, 'the scale has no index (scoring.index)');
    if (target === 'positiveItems' && !def.scoring.positiveItem)
      add(path, 'the scale counts no positive items (scoring.positiveItem)');
    if ((target === 'total' || target === 'totalMean') && def.scoring.total === null)
      add(path, 'the scale has no total (scoring.total is null)');
  };
  def.norms.forEach((n, i) =>
    n.stats.forEach((s, j) => checkTarget(`norms[${i}].stats[${j}].target`, s.target)),
  );
  const bandsByTarget = new Map<string, { from: number; below: number; i: number }[]>();
  def.bands.forEach((b, i) => {
    checkTarget(`bands[${i}].target`, b.target);
    const from = b.from ?? -Infinity;
    const below = b.below ?? Infinity;
    if (!(from < below)) add(`bands[${i}]`, 'from must be below "below"');
    const list = bandsByTarget.get(b.target) ?? [];
    for (const other of list)
      if (from < other.below && other.from < below)
        add(`bands[${i}]`, `overlaps bands[${other.i}] of ${b.target}`);
    list.push({ from, below, i });
    bandsByTarget.set(b.target, list);
  });
  def.screens.forEach((s, i) => {
    if ('target' in s.when) checkTarget(`screens[${i}].when.target`, s.when.target);
    else
      s.when.anyFactor.forEach((c, j) => {
        if (!factorCodes.has(c)) add(`screens[${i}].when.anyFactor[${j}]`, `no factor ${c}`);
      });
  });
  def.critical.forEach((c, i) => {
    const item = def.items.find((it) => it.no === c.item);
    if (!item) add(`critical[${i}].item`, `no item ${c.item}`);
  });
  def.items.forEach((item, i) => {
    if (!item.reverse) return;
    const set = def.optionSets[item.optionSet];
    if (set && new Set(set.map((o) => o.score)).size < 2) add(`items[${i}].reverse`, 'its set has one score');
  });
  if (def.riskScore) {
    checkTarget('riskScore.target', def.riskScore.target);
    const xs = def.riskScore.anchors.map(([x]) => x);
    for (let k = 1; k < xs.length; k += 1)
      if (!(xs[k]! > xs[k - 1]!)) add(`riskScore.anchors[${k}]`, 'x must increase');
  }
  if (def.scoring.profile)
    def.scoring.profile.factors.forEach((c, j) => {
      if (!factorCodes.has(c)) add(`scoring.profile.factors[${j}]`, `no factor ${c}`);
    });
  if (def.kind === 'scale' && def.scoring.total === null && def.factors.length === 0)
    add('scoring.total', 'a scored scale needs a total or factors');
  return issues;
}

/**
 * Parses and checks a definition from JSON-like input. Answers the definition, or the issues with their
 * paths (the schema's first, then the references').
 */
export function parseScaleDefinition(
  input: unknown,
): { ok: true; definition: ScaleDefinition } | { ok: false; issues: DefinitionIssue[] } {
  const r = scaleDefinitionSchema.safeParse(input);
  if (!r.success)
    return {
      ok: false,
      issues: r.error.issues.map((i) => ({
        path: i.path
          .map((p, k) => (typeof p === 'number' ? `[${p}]` : k === 0 ? String(p) : `.${String(p)}`))
          .join(''),
        message: i.message,
      })),
    };
  const issues = checkScaleDefinition(r.data);
  return issues.length ? { ok: false, issues } : { ok: true, definition: r.data };
}
