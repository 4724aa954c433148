import type { ScaleDefinition } from './definition';

/**
 * The workbook layout of a scale definition (docs/assessment.md): one sheet per part, a header row,
 * then one row per entry. Pure conversion between a definition and rows of cells; the server reads and
 * writes the file. A row of a list sheet is entry i of its part at row i + 2 of the sheet.
 */
export type Cell = string | number | boolean | null;
export type Sheets = Record<string, Cell[][]>;

export const SHEET_HEADERS = {
  scale: ['field', 'value'],
  options: ['set', 'value', 'score', 'label_zh', 'label_en'],
  items: ['no', 'text_zh', 'text_en', 'optionSet', 'reverse'],
  factors: ['code', 'name_zh', 'name_en', 'items', 'method', 'multiplier'],
  norms: ['id', 'population_zh', 'population_en', 'source', 'n', 'target', 'mean', 'sd'],
  bands: [
    'target',
    'from',
    'below',
    'level',
    'label_zh',
    'label_en',
    'interpretation_zh',
    'interpretation_en',
  ],
  screens: ['code', 'label_zh', 'label_en', 'target', 'anyFactor', 'op', 'value'],
  critical: ['item', 'op', 'value', 'reason_zh', 'reason_en'],
} as const;
export type SheetName = keyof typeof SHEET_HEADERS;

const opt = <T>(v: T | undefined | null): T | null => (v === undefined ? null : v);

/** A definition as the rows of each sheet (header row first). */
export function definitionToSheets(def: ScaleDefinition): Sheets {
  const scale: [string, Cell][] = [
    ['code', def.code],
    ['version', def.version],
    ['kind', def.kind],
    ['name_zh', def.name.zh],
    ['name_en', def.name.en],
    ['shortName', def.shortName],
    ['category', def.category],
    ['reportType', def.reportType],
    ['chart', def.chart],
    ['licence_kind', def.licence.kind],
    ['licence_holder', opt(def.licence.holder)],
    ['licence_note', def.licence.note],
    ['source', def.source],
    ['instructions_zh', def.instructions.zh],
    ['instructions_en', def.instructions.en],
    ['total', def.scoring.total ?? 'none'],
    ['index_multiplier', opt(def.scoring.index?.multiplier)],
    ['index_rounding', opt(def.scoring.index?.rounding)],
    ['positive_min', opt(def.scoring.positiveItem?.minScore)],
    ['profile_factors', def.scoring.profile ? def.scoring.profile.factors.join(',') : null],
    ['profile_top', opt(def.scoring.profile?.top)],
    ['risk_target', opt(def.riskScore?.target)],
    ['risk_anchors', def.riskScore ? def.riskScore.anchors.map(([x, y]) => `${x}:${y}`).join(';') : null],
  ];
  return {
    scale: [[...SHEET_HEADERS.scale], ...scale],
    options: [
      [...SHEET_HEADERS.options],
      ...Object.entries(def.optionSets).flatMap(([set, options]) =>
        options.map((o) => [set, o.value, o.score, o.label.zh, o.label.en]),
      ),
    ],
    items: [
      [...SHEET_HEADERS.items],
      ...def.items.map((i) => [i.no, i.text.zh, i.text.en, i.optionSet, i.reverse ? 1 : 0]),
    ],
    factors: [
      [...SHEET_HEADERS.factors],
      ...def.factors.map((f) => [
        f.code,
        f.name.zh,
        f.name.en,
        f.items.join(','),
        f.method,
        opt(f.multiplier),
      ]),
    ],
    norms: [
      [...SHEET_HEADERS.norms],
      ...def.norms.flatMap((n) =>
        n.stats.map((s) => [
          n.id,
          n.population.zh,
          n.population.en,
          n.source,
          opt(n.n),
          s.target,
          s.mean,
          s.sd,
        ]),
      ),
    ],
    bands: [
      [...SHEET_HEADERS.bands],
      ...def.bands.map((b) => [
        b.target,
        opt(b.from),
        opt(b.below),
        b.level,
        b.label.zh,
        b.label.en,
        b.interpretation.zh,
        b.interpretation.en,
      ]),
    ],
    screens: [
      [...SHEET_HEADERS.screens],
      ...def.screens.map((s) => [
        s.code,
        s.label.zh,
        s.label.en,
        'target' in s.when ? s.when.target : null,
        'anyFactor' in s.when ? s.when.anyFactor.join(',') : null,
        s.when.op,
        s.when.value,
      ]),
    ],
    critical: [
      [...SHEET_HEADERS.critical],
      ...def.critical.map((c) => [c.item, c.op, c.value, c.reason.zh, c.reason.en]),
    ],
  };
}

const str = (v: Cell | undefined): string | undefined =>
  v === null || v === undefined || v === '' ? undefined : String(v).trim();
const num = (v: Cell | undefined): number | undefined => {
  const s = str(v);
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : (s as unknown as number);
};
const list = (v: Cell | undefined) =>
  (str(v) ?? '')
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** Rows of a sheet as objects keyed by its header row (empty rows skipped). */
function rowsOf(sheets: Sheets, name: SheetName): Record<string, Cell>[] {
  const rows = sheets[name] ?? [];
  const header = (rows[0] ?? []).map((h) => String(h ?? '').trim());
  return rows
    .slice(1)
    .filter((r) => r.some((c) => c !== null && c !== ''))
    .map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? null])));
}

/**
 * A definition's input from the rows of each sheet. Not checked here: the caller parses the answer with
 * `parseScaleDefinition`, whose issue paths name the part and the entry (entry i is row i + 2).
 */
export function sheetsToDefinitionInput(sheets: Sheets): unknown {
  const meta = new Map(rowsOf(sheets, 'scale').map((r) => [String(r.field ?? ''), r.value ?? null]));
  const m = (k: string) => meta.get(k) ?? null;
  const optionSets: Record<string, unknown[]> = {};
  for (const r of rowsOf(sheets, 'options')) {
    const set = str(r.set) ?? '';
    (optionSets[set] ??= []).push({
      value: num(r.value),
      score: num(r.score),
      label: { zh: str(r.label_zh), en: str(r.label_en) },
    });
  }
  const normsById = new Map<
    string,
    { id: string; population: unknown; source: unknown; n?: number; stats: unknown[] }
  >();
  for (const r of rowsOf(sheets, 'norms')) {
    const id = str(r.id) ?? '';
    const norm =
      normsById.get(id) ??
      normsById
        .set(id, {
          id,
          population: { zh: str(r.population_zh), en: str(r.population_en) },
          source: str(r.source),
          ...(num(r.n) !== undefined ? { n: num(r.n) } : {}),
          stats: [],
        })
        .get(id)!;
    norm.stats.push({ target: str(r.target), mean: num(r.mean), sd: num(r.sd) });
  }
  const total = str(m('total'));
  const indexMultiplier = num(m('index_multiplier'));
  const positiveMin = num(m('positive_min'));
  const profileFactors = list(m('profile_factors'));
  const riskTarget = str(m('risk_target'));
  return {
    code: str(m('code')),
    version: num(m('version')),
    kind: str(m('kind')),
    name: { zh: str(m('name_zh')), en: str(m('name_en')) },
    shortName: str(m('shortName')),
    category: str(m('category')),
    reportType: str(m('reportType')),
    chart: str(m('chart')) ?? 'bar',
    licence: {
      kind: str(m('licence_kind')),
      ...(str(m('licence_holder')) ? { holder: str(m('licence_holder')) } : {}),
      note: str(m('licence_note')) ?? '',
    },
    source: str(m('source')) ?? '',
    instructions: { zh: str(m('instructions_zh')), en: str(m('instructions_en')) },
    optionSets,
    items: rowsOf(sheets, 'items').map((r) => ({
      no: num(r.no),
      text: { zh: str(r.text_zh), en: str(r.text_en) },
      optionSet: str(r.optionSet),
      ...(['1', 'true', 'yes', 'y'].includes((str(r.reverse) ?? '').toLowerCase()) ? { reverse: true } : {}),
    })),
    factors: rowsOf(sheets, 'factors').map((r) => ({
      code: str(r.code),
      name: { zh: str(r.name_zh), en: str(r.name_en) },
      items: list(r.items).map(Number),
      method: str(r.method),
      ...(num(r.multiplier) !== undefined ? { multiplier: num(r.multiplier) } : {}),
    })),
    scoring: {
      total: total === undefined || total === 'none' ? null : total,
      ...(indexMultiplier !== undefined
        ? { index: { multiplier: indexMultiplier, rounding: str(m('index_rounding')) ?? 'floor' } }
        : {}),
      ...(positiveMin !== undefined ? { positiveItem: { minScore: positiveMin } } : {}),
      ...(profileFactors.length
        ? { profile: { factors: profileFactors, top: num(m('profile_top')) ?? 3 } }
        : {}),
    },
    norms: [...normsById.values()],
    bands: rowsOf(sheets, 'bands').map((r) => ({
      target: str(r.target),
      ...(num(r.from) !== undefined ? { from: num(r.from) } : {}),
      ...(num(r.below) !== undefined ? { below: num(r.below) } : {}),
      level: num(r.level),
      label: { zh: str(r.label_zh), en: str(r.label_en) },
      interpretation: { zh: str(r.interpretation_zh), en: str(r.interpretation_en) },
    })),
    screens: rowsOf(sheets, 'screens').map((r) => ({
      code: str(r.code),
      label: { zh: str(r.label_zh), en: str(r.label_en) },
      when: str(r.anyFactor)
        ? { anyFactor: list(r.anyFactor), op: str(r.op), value: num(r.value) }
        : { target: str(r.target), op: str(r.op), value: num(r.value) },
    })),
    critical: rowsOf(sheets, 'critical').map((r) => ({
      item: num(r.item),
      op: str(r.op),
      value: num(r.value),
      reason: { zh: str(r.reason_zh), en: str(r.reason_en) },
    })),
    ...(riskTarget
      ? {
          riskScore: {
            target: riskTarget,
            anchors: (str(m('risk_anchors')) ?? '')
              .split(';')
              .filter(Boolean)
              .map((pair) => pair.split(':').map((x) => Number(x.trim()))),
          },
        }
      : {}),
  };
}
