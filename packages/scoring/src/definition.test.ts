import { describe, expect, it } from 'vitest';
import { parseScaleDefinition } from './definition';
import { BUILTIN_SCALES } from './library';
import { definitionToSheets, sheetsToDefinitionInput } from './xlsx-layout';

const phq9 = BUILTIN_SCALES.find((d) => d.code === 'PHQ9')!;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('checking a definition', () => {
  it('answers the definition of every built-in scale through JSON', () => {
    for (const d of BUILTIN_SCALES) {
      const r = parseScaleDefinition(clone(d));
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.definition).toEqual(d);
    }
  });

  it.each([
    [
      'an item naming an unknown option set',
      (d: any) => (d.items[2].optionSet = 'nope'),
      'items[2].optionSet',
    ],
    ['a gap in the item numbers', (d: any) => (d.items[8].no = 12), 'items'],
    [
      'a factor naming an unknown item',
      (d: any) => d.factors.push({ code: 'X', name: d.name, items: [99], method: 'sum' }),
      'factors[0].items[0]',
    ],
    ['overlapping bands', (d: any) => (d.bands[1].from = 3), 'bands[1]'],
    ['a critical rule on an unknown item', (d: any) => (d.critical[0].item = 30), 'critical[0].item'],
    ['anchors that do not increase', (d: any) => (d.riskScore.anchors[2][0] = 5), 'riskScore.anchors[2]'],
    ['a band on a missing index', (d: any) => (d.bands[0].target = 'index'), 'bands[0].target'],
    ['a text without its English', (d: any) => (d.items[0].text.en = ''), 'items[0].text.en'],
    ['a lower-case code', (d: any) => (d.code = 'phq9'), 'code'],
  ])('refuses %s, naming the path', (_what, change, path) => {
    const d = clone(phq9);
    change(d);
    const r = parseScaleDefinition(d);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toContain(path);
  });
});

describe('the XLSX layout', () => {
  it('turns every built-in definition into sheets and back unchanged', () => {
    for (const d of BUILTIN_SCALES) {
      const sheets = definitionToSheets(d);
      const r = parseScaleDefinition(sheetsToDefinitionInput(JSON.parse(JSON.stringify(sheets))));
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.definition).toEqual(d);
    }
  });

  it('reads cells typed as text, as spreadsheets often store them', () => {
    const sheets = definitionToSheets(phq9);
    sheets.items = sheets.items!.map((row, i) =>
      i === 0 ? row : row.map((c) => (c === null ? null : String(c))),
    );
    const r = parseScaleDefinition(sheetsToDefinitionInput(sheets));
    expect(r.ok).toBe(true);
  });

  it('a wrong cell comes back with the path of its entry', () => {
    const sheets = definitionToSheets(phq9);
    sheets.items![3]![3] = 'missing-set';
    const r = parseScaleDefinition(sheetsToDefinitionInput(sheets));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues[0]!.path).toBe('items[2].optionSet');
  });
});
