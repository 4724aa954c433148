import { describe, expect, it } from 'vitest';
import { columnFromLibrary, validFormDefinitionSchema, type FormColumn } from '@psy/forms';
import { blankColumn } from './builder';
import {
  addRichItem,
  addRule,
  addTableColumn,
  moveRichItem,
  parseBound,
  removeRichItem,
  removeRule,
  removeTableColumn,
  roleOptions,
  rolesInForm,
  serverIssuesByColumn,
  setDateLimit,
  setGradeMode,
  setRoles,
  setVisibleWhen,
  TRACK_DATE_LIMIT,
  updateRichItem,
  updateRule,
  updateTableColumn,
  visibleWhenSources,
  withoutEmptyRules,
} from './builder-settings';

const label = (en: string) => ({ 'zh-CN': en, 'en-US': en });
const valid = (columns: FormColumn[]) =>
  validFormDefinitionSchema.safeParse({ id: '1', version: 1, name: label('F'), columns }).success;

describe('rich-text items [spec:S0.3.36]', () => {
  it('adds inputs and dates with free rich_* keys, edits, orders and removes items', () => {
    const rich = blankColumn([], 'richTxt', label('Consent'));
    let c = addRichItem([rich], rich, 'input');
    c = addRichItem([c], c, 'date');
    c = addRichItem([c], c, 'br');
    const props = c.richItems!.map((i) => i.prop).filter(Boolean);
    expect(new Set(props).size).toBe(props.length);
    expect(props.every((p) => p!.startsWith('rich_'))).toBe(true);
    c = updateRichItem(c, 0, { content: { 'zh-CN': '我', 'en-US': 'I' } });
    expect(c.richItems![0]!.content!['en-US']).toBe('I');
    c = updateRichItem(c, 1, { maxlength: 20, width: undefined });
    expect(c.richItems![1]).not.toHaveProperty('width');
    c = moveRichItem(c, 0, 1);
    expect(c.richItems![1]!.type).toBe('text');
    expect(moveRichItem(c, 0, -1)).toBe(c);
    expect(valid([c])).toBe(true);
    const one = { ...c, richItems: [c.richItems![0]!] };
    expect(removeRichItem(one, 0)).not.toHaveProperty('richItems');
  });
});

describe('table template [spec:S0.3.33]', () => {
  it('edits the self-assessment columns and keeps only the bounds of the type', () => {
    let c = columnFromLibrary('visitorSelfAssessRules');
    expect(c.tableColumns!.map((tc) => tc.prop)).toEqual(['title', 'value', 'result', 'score']);
    c = updateTableColumn(c, 0, { label: label('Question') });
    c = addTableColumn(c, label('Note'));
    expect(c.tableColumns![4]!.prop).toBe('col_1');
    c = updateTableColumn(c, 4, { maxlength: 30 });
    c = updateTableColumn(c, 4, { type: 'number', min: 0 });
    expect(c.tableColumns![4]).not.toHaveProperty('maxlength');
    c = updateTableColumn(c, 4, { type: 'input' });
    expect(c.tableColumns![4]).not.toHaveProperty('min');
    expect(valid([c])).toBe(true);
    let gone = c;
    for (let i = 0; i < 5; i++) gone = removeTableColumn(gone, 0);
    expect(gone).not.toHaveProperty('tableColumns');
  });
});

describe('validation rules', () => {
  it('adds a pattern with a message and bounds; empty settings are removed', () => {
    let c: FormColumn = { prop: 'code', label: label('Code'), type: 'input' };
    c = addRule(c);
    c = updateRule(c, 0, { pattern: '^[A-Z]{3}$', message: label('Three capitals') });
    c = addRule(c);
    c = updateRule(c, 1, { min: 2, max: 10 });
    expect(valid([c])).toBe(true);
    c = updateRule(c, 0, { message: { 'zh-CN': ' ', 'en-US': '' } });
    expect(c.rules![0]).not.toHaveProperty('message');
    c = updateRule(c, 1, { min: undefined, max: undefined });
    expect(withoutEmptyRules([c])[0]!.rules).toEqual([{ pattern: '^[A-Z]{3}$' }]);
    expect(removeRule(removeRule(c, 0), 0)).not.toHaveProperty('rules');
    expect(parseBound('')).toBeUndefined();
    expect(parseBound('x')).toBeUndefined();
    expect(parseBound('-3.5')).toBe(-3.5);
  });
});

describe('show when, roles, grade mode, date limits [spec:S0.6.7, S0.3.38, S0.5.6]', () => {
  const a: FormColumn = {
    prop: 'a',
    label: label('A'),
    type: 'radio',
    dicData: [{ value: 1, label: label('Y') }],
  };
  const b: FormColumn = { prop: 'b', label: label('B'), type: 'input' };

  it('sets and clears visibleWhen on choice questions', () => {
    expect(visibleWhenSources([a, b], 'b').map((c) => c.prop)).toEqual(['a']);
    const shown = setVisibleWhen(b, { prop: 'a', values: [1] });
    expect(valid([a, shown])).toBe(true);
    expect(setVisibleWhen(shown, { prop: 'a', values: [] })).not.toHaveProperty('visibleWhen');
    expect(setVisibleWhen(shown, null)).not.toHaveProperty('visibleWhen');
  });

  it('sets who sees and who edits; the picker keeps codes the school lacks', () => {
    const c = setRoles(
      setRoles(b, 'visibleCharacters', ['ROLE_CONSULTANT', 'ROLE_CONSULTANT']),
      'editableBy',
      ['ROLE_ADMIN'],
    );
    expect(c.visibleCharacters).toEqual(['ROLE_CONSULTANT']);
    expect(setRoles(c, 'editableBy', [])).not.toHaveProperty('editableBy');
    expect(rolesInForm([c])).toEqual(['ROLE_CONSULTANT', 'ROLE_ADMIN']);
    const opts = roleOptions([{ roleCode: 'ROLE_ADMIN', roleName: 'Admin' }], rolesInForm([c]));
    expect(opts.map((o) => o.value)).toEqual(['ROLE_ADMIN', 'ROLE_CONSULTANT']);
  });

  it('sets the grade mode (star is the default) and date limits (trackDate preset)', () => {
    const g = columnFromLibrary('gradingResults');
    expect(setGradeMode(g, 'level').gradeMode).toBe('level');
    expect(setGradeMode(setGradeMode(g, 'level'), 'star')).not.toHaveProperty('gradeMode');
    const d: FormColumn = { prop: 'd', label: label('D'), type: 'date' };
    expect(setDateLimit(d, TRACK_DATE_LIMIT).dateLimit).toEqual({ allowFuture: false, maxDaysBack: 7 });
    expect(setDateLimit(d, { allowFuture: true })).not.toHaveProperty('dateLimit');
    expect(setDateLimit(d, { maxDaysBack: -1 })).not.toHaveProperty('dateLimit');
  });
});

describe("the server's 400 on the column", () => {
  it('puts indexed and checkDefinition issues at their column, the rest apart', () => {
    const rich = addRichItem([], blankColumn([], 'richTxt', label('R')), 'input');
    const cols = [{ prop: 'x', label: label('X'), type: 'input' } as FormColumn, rich];
    const richProp = rich.richItems!.find((i) => i.type === 'input' && i !== rich.richItems![1])!.prop!;
    const { byProp, other } = serverIssuesByColumn(cols, [
      { field: 'columns[0].rules[0].pattern', message: 'bad' },
      { field: 'columns', message: `${richProp}: richPropDuplicate` },
      { field: 'columns', message: 'nope: duplicateProp' },
      { field: 'name', message: 'required' },
    ]);
    expect(byProp.x).toEqual(['rules[0].pattern: bad']);
    expect(byProp[rich.prop]).toEqual(['richPropDuplicate']);
    expect(other).toEqual(['columns: nope: duplicateProp', 'name: required']);
  });
});
