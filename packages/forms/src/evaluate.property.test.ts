import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FormColumn, FormDefinition } from './definition';
import { evaluate, type Viewer } from './evaluate';
import { applyEdit, decideChange } from './history';

/**
 * Property tests over random definitions and answers (issue 6): evaluation is deterministic and does not
 * depend on key order, hidden fields never count as required or carry errors, answers of fields hidden
 * by logic are cleared, and cleaning is idempotent (evaluating the cleaned answer changes nothing).
 */
const NOW = Date.parse('2026-03-10T04:00:00Z');
const ROLES = ['ROLE_GENERAL', 'ROLE_CONSULTANT', 'ROLE_ADMIN', 'ROLE_SUPERVISOR'];
const OPTION_VALUES = [0, 1, 2, 3];
const TYPES = [
  'radio',
  'radioInput',
  'checkbox',
  'select',
  'input',
  'textarea',
  'number',
  'slider',
  'date',
] as const;
const t = (s: string) => ({ 'zh-CN': s, 'en-US': s });
const options = OPTION_VALUES.map((v) => ({ value: v, label: t(String(v)) }));

/** A random definition of n columns p0..p(n-1); conditions may point anywhere when `anyDirection`. */
const definitionArb = (anyDirection: boolean) =>
  fc.integer({ min: 1, max: 8 }).chain((n) => {
    const props = Array.from({ length: n }, (_, i) => `p${i}`);
    const cond = fc.record({
      prop: fc.constantFrom(...props),
      values: fc.uniqueArray(fc.constantFrom(...OPTION_VALUES), { minLength: 1, maxLength: 2 }),
    });
    const column = (i: number): fc.Arbitrary<FormColumn> =>
      fc
        .record(
          {
            type: fc.constantFrom(...TYPES),
            required: fc.boolean(),
            isUse: fc.constantFrom(true, true, true, false),
            display: fc.constantFrom(true, true, true, false),
            visibleCharacters: fc.option(fc.subarray(ROLES, { minLength: 1 }), { nil: undefined }),
            otherInputOpen: fc.boolean(),
            isOpenLogicJump: fc.boolean(),
            logicJumpMode: fc.constantFrom('show' as const, 'jump' as const),
            logicJumpRules: fc.array(
              fc.record({
                optionValue: fc.constantFrom(...OPTION_VALUES),
                questionValue: fc.uniqueArray(fc.constantFrom(...props), { minLength: 1, maxLength: 2 }),
              }),
              { maxLength: 3 },
            ),
            visibleWhen: fc.option(cond, { nil: undefined }),
            requiredRules: fc.option(
              fc.record({
                calcFlag: fc.constantFrom(1 as const, 2 as const),
                conditions: fc.array(cond, { minLength: 1, maxLength: 3 }),
              }),
              { nil: undefined },
            ),
          },
          { requiredKeys: ['type'] },
        )
        .map((c): FormColumn => {
          const column: FormColumn = { ...c, prop: props[i]!, label: t(props[i]!) };
          if (['radio', 'radioInput', 'checkbox', 'select'].includes(c.type)) column.dicData = options;
          // Without anyDirection, conditions only look back (what checkDefinition accepts).
          if (!anyDirection && column.visibleWhen && Number(column.visibleWhen.prop.slice(1)) >= i)
            delete column.visibleWhen;
          return column;
        });
    return fc
      .tuple(...props.map((_, i) => column(i)))
      .map((columns): FormDefinition => ({ id: 'f', version: 1, name: t('f'), columns }));
  });

const valueArb = fc.oneof(
  fc.constantFrom(...OPTION_VALUES),
  fc.constantFrom('0', '1', '2'),
  fc.uniqueArray(fc.constantFrom(...OPTION_VALUES), { maxLength: 3 }),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 1200 }),
  fc.constantFrom('2026-03-09', '2026-02-01', '2026-13-01', null, ''),
);

const answerArb = (def: FormDefinition) => {
  const keys = def.columns.flatMap((c) => [
    c.prop,
    `${c.prop}_text`,
    `${c.prop}_lastValue`,
    `${c.prop}_required`,
  ]);
  return fc.dictionary(fc.constantFrom(...keys, 'junk', 'rich_x'), valueArb, { maxKeys: 20 });
};

const viewerArb: fc.Arbitrary<Viewer> = fc.record({
  roleCodes: fc.subarray(ROLES),
  mode: fc.constantFrom('edit' as const, 'view' as const),
});

const caseArb = (anyDirection: boolean) =>
  definitionArb(anyDirection).chain((def) => fc.tuple(fc.constant(def), answerArb(def), viewerArb));

const run = (def: FormDefinition, answer: Record<string, unknown>, viewer: Viewer) =>
  evaluate(def, answer, viewer, { now: NOW });

describe('evaluation properties [spec:S0.4.7] [spec:S0.3.35]', () => {
  it('the generated cases exercise logic hiding, cleared answers and required fields', () => {
    let logicHidden = 0;
    let cleared = 0;
    let required = 0;
    for (const [def, answer, viewer] of fc.sample(caseArb(false), { numRuns: 300, seed: 42 })) {
      const e = run(def, answer, viewer);
      for (const f of Object.values(e.fields)) {
        if (f.hiddenBy === 'logic') logicHidden++;
        if (f.hiddenBy === 'logic' && answer[f.prop] !== undefined) cleared++;
        if (f.required) required++;
      }
    }
    expect(logicHidden).toBeGreaterThan(50);
    expect(cleared).toBeGreaterThan(20);
    expect(required).toBeGreaterThan(50);
  });

  it('is deterministic and independent of the order of answer keys', () => {
    fc.assert(
      fc.property(caseArb(false), ([def, answer, viewer]) => {
        const a = run(def, answer, viewer);
        const b = run(def, answer, viewer);
        const reversed = Object.fromEntries(Object.entries(answer).reverse());
        expect(b).toEqual(a);
        expect(run(def, reversed, viewer)).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  it('hidden fields never count as required and carry no errors', () => {
    fc.assert(
      fc.property(caseArb(false), ([def, answer, viewer]) => {
        const e = run(def, answer, viewer);
        for (const f of Object.values(e.fields)) {
          if (!f.visible) {
            expect(f.required).toBe(false);
            expect(f.errors).toEqual([]);
            expect(f.editable).toBe(false);
          }
        }
        expect(e.valid).toBe(e.errors.length === 0);
      }),
      { numRuns: 300 },
    );
  });

  it("answers of fields hidden by logic are cleared; an 'other' text stays only with option 0", () => {
    fc.assert(
      fc.property(caseArb(false), ([def, answer, viewer]) => {
        const e = run(def, answer, viewer);
        for (const c of def.columns) {
          const f = e.fields[c.prop]!;
          if (f.hiddenBy === 'logic' || f.hiddenBy === 'unused') {
            expect(e.answer).not.toHaveProperty(c.prop);
            expect(e.answer).not.toHaveProperty(`${c.prop}_text`);
          }
          if (`${c.prop}_text` in e.answer) {
            const v = e.answer[c.prop];
            expect([v].flat().map(String)).toContain('0');
          }
          expect(e.answer).not.toHaveProperty(`${c.prop}_required`);
        }
        expect(e.answer).not.toHaveProperty('junk');
      }),
      { numRuns: 300 },
    );
  });

  it('cleaning is idempotent: evaluating the cleaned answer gives the same evaluation', () => {
    fc.assert(
      fc.property(caseArb(false), ([def, answer, viewer]) => {
        const first = run(def, answer, viewer);
        const second = run(def, first.answer, viewer);
        expect(second.answer).toEqual(first.answer);
        expect(second.fields).toEqual(first.fields);
      }),
      { numRuns: 300 },
    );
  });

  it('stays total, deterministic and idempotent even on definitions with condition cycles', () => {
    fc.assert(
      fc.property(caseArb(true), ([def, answer, viewer]) => {
        const first = run(def, answer, viewer);
        expect(run(def, answer, viewer)).toEqual(first);
        expect(run(def, first.answer, viewer).answer).toEqual(first.answer);
      }),
      { numRuns: 200 },
    );
  });

  it('roles never change the cleaned answer (it is viewer-independent)', () => {
    fc.assert(
      fc.property(caseArb(false), viewerArb, ([def, answer, viewer], other) => {
        expect(run(def, answer, other).answer).toEqual(run(def, answer, viewer).answer);
      }),
      { numRuns: 200 },
    );
  });
});

describe('history properties [spec:S0.3.34]', () => {
  it('an unsigned answer is always a plain edit; applying it keeps the new values and no forged history', () => {
    fc.assert(
      fc.property(
        definitionArb(false).chain((def) => fc.tuple(fc.constant(def), answerArb(def), answerArb(def))),
        ([def, before, after]) => {
          const d = decideChange(def, before, after);
          expect(['edit', 'unchanged']).toContain(d.kind);
          const { answer } = applyEdit(def, before, after);
          for (const c of def.columns) {
            if (after[c.prop] !== undefined) expect(answer[c.prop]).toEqual(after[c.prop]);
            if (answer[`${c.prop}_lastValue`] !== undefined && after[c.prop] === before[c.prop]) {
              expect(answer[`${c.prop}_lastValue`]).toEqual(before[`${c.prop}_lastValue`]);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
