import { evaluate, type FormColumn } from '@psy/forms';
import { describe, expect, it } from 'vitest';
import {
  addLibraryField,
  addOption,
  availableLibraryFields,
  blankColumn,
  builderSnapshot,
  draftProblems,
  issuesByProp,
  jumpRuleTargets,
  jumpTargets,
  moveColumn,
  removeColumn,
  setJumpRule,
  setOtherOption,
  setRequiredRules,
  updateColumn,
} from './builder';
import { removeNestedOption } from './builder-props';

const label = { 'zh-CN': '问题', 'en-US': 'Question' };

function sample(): FormColumn[] {
  let cs: FormColumn[] = [];
  for (const type of ['radio', 'input', 'textarea'] as const) cs = [...cs, blankColumn(cs, type, label)];
  return cs;
}

describe('form builder steps', () => {
  it('adds blank fields with free props and two options for choices [spec:S0.3.35]', () => {
    const cs = sample();
    expect(cs.map((c) => c.prop)).toEqual(['field_1', 'field_2', 'field_3']);
    expect(cs[0]!.dicData).toHaveLength(2);
    expect(cs[1]!.dicData).toBeUndefined();
    expect(issuesByProp(cs)).toEqual({});
  });

  it('adds a library field once, deep-copied, and no longer offers it', () => {
    const once = addLibraryField([], 'sex');
    const twice = addLibraryField(once, 'sex');
    expect(twice).toHaveLength(1);
    expect(availableLibraryFields(twice).some((f) => f.prop === 'sex')).toBe(false);
    twice[0]!.label['en-US'] = 'changed';
    expect(addLibraryField([], 'sex')[0]!.label['en-US']).not.toBe('changed');
  });

  it('moves columns up and down, not past either end', () => {
    const cs = sample();
    expect(moveColumn(cs, 'field_2', -1).map((c) => c.prop)).toEqual(['field_2', 'field_1', 'field_3']);
    expect(moveColumn(cs, 'field_3', 1).map((c) => c.prop)).toEqual(['field_1', 'field_2', 'field_3']);
    expect(moveColumn(cs, 'field_1', -1).map((c) => c.prop)).toEqual(['field_1', 'field_2', 'field_3']);
  });

  it('sets a logic jump to later questions only, which the engine then follows [spec:S0.4.7]', () => {
    const cs = sample();
    expect(jumpTargets(cs, 'field_1').map((c) => c.prop)).toEqual(['field_2', 'field_3']);
    const radio = setJumpRule(cs[0]!, 1, ['field_2']);
    expect(radio.isOpenLogicJump).toBe(true);
    expect(jumpRuleTargets(radio, '1')).toEqual(['field_2']);
    const columns = cs.map((c) => (c.prop === radio.prop ? radio : c));
    const viewer = { roleCodes: ['ROLE_GENERAL'] };
    expect(evaluate({ columns }, {}, viewer).fields.field_2!.visible).toBe(false);
    expect(evaluate({ columns }, { field_1: 1 }, viewer).fields.field_2!.visible).toBe(true);
    const off = setJumpRule(radio, 1, []);
    expect(off.isOpenLogicJump).toBeUndefined();
    expect(off.logicJumpRules).toBeUndefined();
  });

  it('removing a column removes the jumps and conditions that name it', () => {
    const cs = sample();
    const radio = setJumpRule(cs[0]!, 1, ['field_2']);
    const text = setRequiredRules(cs[2]!, { calcFlag: 1, conditions: [{ prop: 'field_1', values: [2] }] });
    const columns = [radio, cs[1]!, text];
    const without = removeColumn(columns, 'field_2');
    expect(without[0]!.isOpenLogicJump).toBeUndefined();
    expect(draftProblems({ id: '1', version: 1, name: label, columns: without })).toEqual([]);
    const noRadio = removeColumn(columns, 'field_1');
    expect(noRadio.find((c) => c.prop === 'field_3')!.requiredRules).toBeUndefined();
  });

  it("switches the 'other' option (value 0) on and off and keeps it last [spec:S0.3.37]", () => {
    const radio = sample()[0]!;
    const on = setOtherOption(radio, true);
    expect(on.otherInputOpen).toBe(true);
    expect(on.dicData!.at(-1)!.value).toBe(0);
    const more = addOption(on, { 'zh-CN': '三', 'en-US': 'Three' });
    expect(more.dicData!.map((o) => o.value)).toEqual([1, 2, 3, 0]);
    const off = setOtherOption(more, false);
    expect(off.otherInputOpen).toBeUndefined();
    expect(off.dicData!.map((o) => o.value)).toEqual([1, 2, 3]);
  });

  it('removing an option removes its jump rule', () => {
    const radio = setJumpRule(sample()[0]!, 2, ['field_3']);
    const after = removeNestedOption(radio, 2);
    expect(after.dicData!.map((o) => o.value)).toEqual([1]);
    expect(after.logicJumpRules).toBeUndefined();
  });

  it('makes a field required by rule, any- or all-match [spec:S0.4.7]', () => {
    const cs = sample();
    const text = setRequiredRules(cs[1]!, { calcFlag: 2, conditions: [{ prop: 'field_1', values: [2] }] });
    const columns = [cs[0]!, text, cs[2]!];
    const viewer = { roleCodes: ['ROLE_GENERAL'] };
    expect(evaluate({ columns }, { field_1: 1 }, viewer).fields.field_2!.required).toBe(false);
    expect(evaluate({ columns }, { field_1: 2 }, viewer).fields.field_2!.required).toBe(true);
    expect(setRequiredRules(text, null).requiredRules).toBeUndefined();
  });

  it('updates settings and removes the ones set to undefined', () => {
    const cs = updateColumn(sample(), 'field_2', { required: true, maxlength: 20 });
    expect(cs[1]!.required).toBe(true);
    const back = updateColumn(cs, 'field_2', { required: undefined });
    expect('required' in back[1]!).toBe(false);
  });

  it('lists structural problems before a save', () => {
    const cs = sample();
    const broken = [...cs, { ...cs[1]! }];
    expect(issuesByProp(broken).field_2).toContain('duplicateProp');
    expect(draftProblems({ id: '1', version: 1, name: label, columns: broken }).length).toBeGreaterThan(0);
  });
});

describe('builderSnapshot (unsaved changes of the builder) [spec:S0.4.8]', () => {
  const draft = () => ({
    name: { 'zh-CN': '表', 'en-US': 'Form' },
    purpose: 'questionnaire',
    typeId: null,
    enabled: true,
    columns: sample(),
  });

  it('is equal for the same draft and differs for any edit, a reorder included', () => {
    const base = builderSnapshot(draft());
    expect(builderSnapshot(draft())).toBe(base);
    expect(builderSnapshot({ ...draft(), enabled: false })).not.toBe(base);
    expect(builderSnapshot({ ...draft(), name: { 'zh-CN': '表', 'en-US': 'Form 2' } })).not.toBe(base);
    const cs = sample();
    expect(builderSnapshot({ ...draft(), columns: moveColumn(cs, cs[1]!.prop, -1) })).not.toBe(base);
    // Undoing the edit is no change.
    const moved = moveColumn(cs, cs[1]!.prop, -1);
    expect(builderSnapshot({ ...draft(), columns: moveColumn(moved, cs[1]!.prop, 1) })).toBe(base);
  });
});
