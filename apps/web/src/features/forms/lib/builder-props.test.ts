import { describe, expect, it } from 'vitest';
import {
  columnFromLibrary,
  evaluate,
  FIELD_LIBRARY,
  validFormDefinitionSchema,
  type FormColumn,
} from '@psy/forms';
import { blankColumn } from './builder';
import {
  addRichItem,
  addRule,
  addTableColumn,
  serverIssuesByColumn,
  setDateLimit,
  setGradeMode,
  setRoles,
  setVisibleWhen,
  updateRule,
} from './builder-settings';
import {
  addChildOption,
  addTableOption,
  columnsForSave,
  dictionaryNames,
  listPathOptions,
  makeTableChoice,
  optionRows,
  optionSourceOf,
  relabelNestedOption,
  relabelTableOption,
  removeNestedOption,
  removeTableOption,
  setFormat,
  setGradingDescRequired,
  setLimit,
  setMask,
  setMultiple,
  setNumberBounds,
  setOptionDisabled,
  setOptionSource,
  setPlaceholder,
  setReadingTime,
  setReadonly,
  settingProblems,
  isWhole,
  canRename,
  renameProp,
} from './builder-props';

const label = (en: string) => ({ 'zh-CN': `${en}中`, 'en-US': en });
const definition = (columns: FormColumn[]) => ({ id: '7', version: 2, name: label('Form'), columns });
/** Saves as the builder does (columnsForSave, JSON over the wire) and parses with the model's schema. */
const roundTrip = (columns: FormColumn[]) => {
  const wire = JSON.parse(JSON.stringify(definition(columnsForSave(columns)))) as unknown;
  return validFormDefinitionSchema.parse(wire).columns;
};

describe('option source: inline, school dictionary or list path [spec:S0.3.35]', () => {
  const radio = blankColumn([], 'radio', label('Mood'));

  it('reads dicUrl: no slash is a dictionary, a leading slash a list path', () => {
    expect(optionSourceOf(radio)).toEqual({ kind: 'inline' });
    expect(optionSourceOf({ ...radio, dicUrl: 'sex' })).toEqual({ kind: 'dictionary', name: 'sex' });
    expect(optionSourceOf({ ...radio, dicUrl: '/admin/dept/tree' })).toEqual({
      kind: 'list',
      path: '/admin/dept/tree',
    });
  });

  it('a dictionary keeps its seeded items as the fallback; a list path has none; inline comes back with options', () => {
    const dict = setOptionSource(radio, { kind: 'dictionary', name: 'sex' });
    expect(dict.dicUrl).toBe('sex');
    expect(dict.dicData!.map((o) => String(o.value))).toEqual(['1', '2']);
    const unknown = setOptionSource(radio, { kind: 'dictionary', name: 'schoolOwn' });
    expect(unknown.dicUrl).toBe('schoolOwn');
    expect(unknown.dicData).toBeUndefined();
    const list = setOptionSource(
      { ...radio, otherInputOpen: true },
      { kind: 'list', path: '/focus/setting/4/all' },
    );
    expect(list).not.toHaveProperty('dicData');
    expect(list).not.toHaveProperty('otherInputOpen');
    const back = setOptionSource(list, { kind: 'inline' });
    expect(back).not.toHaveProperty('dicUrl');
    expect(back.dicData).toHaveLength(2);
    // A blank name or a path without its slash changes nothing.
    expect(setOptionSource(radio, { kind: 'dictionary', name: ' ' })).toBe(radio);
    expect(setOptionSource(radio, { kind: 'list', path: 'admin' })).toBe(radio);
  });

  it('drops the logic-jump rules of option values no longer offered', () => {
    const jumping: FormColumn = {
      ...radio,
      isOpenLogicJump: true,
      logicJumpRules: [
        { optionValue: 1, questionValue: ['b'] },
        { optionValue: 9, questionValue: ['b'] },
      ],
    };
    const dict = setOptionSource(jumping, { kind: 'dictionary', name: 'sex' });
    expect(dict.logicJumpRules).toEqual([{ optionValue: 1, questionValue: ['b'] }]);
    const list = setOptionSource(jumping, { kind: 'list', path: '/admin/dept/tree' });
    expect(list).not.toHaveProperty('logicJumpRules');
    expect(list).not.toHaveProperty('isOpenLogicJump');
  });

  it('offers the school dictionaries, the seeded ones and the names in the form; the known list paths', () => {
    const names = dictionaryNames(['campusOnly', 'sex'], [{ ...radio, dicUrl: 'legacyName' }]).map(
      (o) => o.value,
    );
    expect(names[0]).toBe('campusOnly');
    expect(names).toContain('finishMethod');
    expect(names).toContain('legacyName');
    expect(names.filter((n) => n === 'sex')).toHaveLength(1);
    expect(listPathOptions(radio)).toContain(
      '/consult/workforce/schedule/freeUser?categoryId={transferToType}',
    );
    expect(listPathOptions({ ...radio, dicUrl: '/other/list' })).toContain('/other/list');
  });
});

describe('options switched off and nested [spec:S0.3.35]', () => {
  it('an option switched off stays in the list, marked, and can be switched on again', () => {
    const radio = blankColumn([], 'radio', label('Mood'));
    const off = setOptionDisabled(radio, 2, true);
    expect(off.dicData![1]).toEqual({ value: 2, label: expect.anything(), disabled: true });
    expect(setOptionDisabled(off, '2', false).dicData![1]).not.toHaveProperty('disabled');
  });

  it('the engine refuses a switched-off option for a new answer and keeps it in an old one', () => {
    const radio = setOptionDisabled(blankColumn([], 'radio', label('Mood')), 2, true);
    const viewer = { roleCodes: ['ROLE_GENERAL'] };
    expect(evaluate({ columns: [radio] }, { field_1: 2 }, viewer, { previous: {} }).valid).toBe(false);
    expect(evaluate({ columns: [radio] }, { field_1: 2 }, viewer, { previous: { field_1: 2 } }).valid).toBe(
      true,
    );
  });

  it('adds, relabels and removes nested options of a tree with unique values', () => {
    let tree = blankColumn([], 'tree', label('Place'));
    tree = addChildOption(tree, 1, label('Room'));
    tree = addChildOption(tree, 3, label('Desk'));
    expect(optionRows(tree.dicData!).map((r) => [r.option.value, r.depth])).toEqual([
      [1, 0],
      [3, 1],
      [4, 2],
      [2, 0],
    ]);
    tree = relabelNestedOption(tree, 4, 'en-US', 'Table');
    expect(tree.dicData![0]!.children![0]!.children![0]!.label['en-US']).toBe('Table');
    tree = { ...tree, isOpenLogicJump: true, logicJumpRules: [{ optionValue: 4, questionValue: ['x'] }] };
    const removed = removeNestedOption(tree, 3);
    expect(optionRows(removed.dicData!).map((r) => r.option.value)).toEqual([1, 2]);
    expect(removed).not.toHaveProperty('logicJumpRules');
  });
});

describe('per-type settings keep the model limits [spec:S0.3.35] [spec:S0.3.32]', () => {
  const input = blankColumn([], 'input', label('Phone'));

  it('format applies by type: phone / e-mail / ID card for text, birthday for a date', () => {
    expect(setFormat(input, 'phone').format).toBe('phone');
    expect(setFormat(input, 'birthday')).not.toHaveProperty('format');
    const date = blankColumn([], 'date', label('Born'));
    expect(setFormat(date, 'birthday').format).toBe('birthday');
    expect(setFormat(setFormat(date, 'birthday'), undefined)).not.toHaveProperty('format');
  });

  it('mask only for text; readonly on and off', () => {
    expect(setMask(input, 'phone').mask).toBe('phone');
    expect(setMask(blankColumn([], 'date', label('d')), 'phone')).not.toHaveProperty('mask');
    expect(setReadonly(input, true).readonly).toBe(true);
    expect(setReadonly(setReadonly(input, true), false)).not.toHaveProperty('readonly');
  });

  it('multiple for select and tree; the limit needs several values and is 1-500', () => {
    const select = blankColumn([], 'select', label('s'));
    expect(setLimit(select, 2)).not.toHaveProperty('limit');
    const several = setLimit(setMultiple(select, true), 2.7);
    expect(several).toMatchObject({ multiple: true, limit: 2 });
    expect(setMultiple(several, false)).not.toHaveProperty('limit');
    expect(setLimit(blankColumn([], 'checkbox', label('c')), 900).limit).toBe(500);
    expect(setLimit(blankColumn([], 'checkbox', label('c')), 0)).not.toHaveProperty('limit');
    expect(setMultiple(blankColumn([], 'radio', label('r')), true)).not.toHaveProperty('multiple');
  });

  it('number bounds: step positive, integer stored only when not the default; star count 2-10', () => {
    const number = blankColumn([], 'number', label('n'));
    const set = setNumberBounds(number, { min: 0, max: 10, step: 0.5, integer: true });
    expect(set).toMatchObject({ min: 0, max: 10, step: 0.5, integer: true });
    expect(setNumberBounds(set, { step: -1, integer: false })).toEqual(number);
    const slider = blankColumn([], 'slider', label('s'));
    expect(isWhole(slider)).toBe(true);
    expect(setNumberBounds(slider, { integer: true })).not.toHaveProperty('integer');
    expect(setNumberBounds(slider, { integer: false }).integer).toBe(false);
    const star = blankColumn([], 'star', label('st'));
    expect(setNumberBounds(star, { max: 50 }).max).toBe(10);
    expect(setNumberBounds(star, { max: 1, min: 3 })).toEqual({ ...star, max: 2 });
    expect(settingProblems({ ...number, min: 5, max: 1 })).toEqual(['minAboveMax']);
  });

  it('placeholder, grading explanation, reading time', () => {
    expect(setPlaceholder(input, label('type here')).placeholder).toEqual(label('type here'));
    expect(setPlaceholder(input, { 'zh-CN': ' ', 'en-US': '' })).not.toHaveProperty('placeholder');
    const grade = columnFromLibrary('gradingResults');
    expect(setGradingDescRequired(grade, false).gradingResultsDescRequired).toBe(false);
    expect(setGradingDescRequired(setGradingDescRequired(grade, false), true)).not.toHaveProperty(
      'gradingResultsDescRequired',
    );
    const radio = blankColumn([], 'radio', label('r'));
    expect(setReadingTime(radio, 9000)).toMatchObject({ readingTime: 3600, isDelayCheck: true });
    expect(setReadingTime(radio, 10, false)).not.toHaveProperty('isDelayCheck');
    expect(setReadingTime(setReadingTime(radio, 10), 0)).toEqual(radio);
  });

  it('a checkbox limit above its number of options is flagged', () => {
    const box = setLimit(blankColumn([], 'checkbox', label('c')), 3);
    expect(settingProblems(box)).toEqual(['limitAboveOptions']);
  });
});

describe("the self-assessment table's choice columns [spec:S0.3.33]", () => {
  it('a column becomes a choice column whose options are added, relabelled and removed (never the last)', () => {
    let table = columnFromLibrary('visitorSelfAssessRules');
    table = addTableColumn(table, label('Feeling'));
    const i = table.tableColumns!.length - 1;
    table = makeTableChoice(table, i);
    expect(table.tableColumns![i]!.type).toBe('select');
    expect(table.tableColumns![i]!.dicData).toHaveLength(2);
    table = addTableOption(table, i, label('Third'));
    table = relabelTableOption(table, i, 3, 'en-US', 'Often');
    expect(table.tableColumns![i]!.dicData![2]!.label['en-US']).toBe('Often');
    table = removeTableOption(table, i, 1);
    table = removeTableOption(table, i, 2);
    table = removeTableOption(table, i, 3);
    expect(table.tableColumns![i]!.dicData).toHaveLength(1);
  });
});

describe('every property round-trips through save [spec:S0.3.35] [spec:S0.3.36] [spec:S0.3.38]', () => {
  it('a form with each property set is saved as built and parsed by the model schema', () => {
    let radio = blankColumn([], 'radio', label('Mood'));
    radio = setOptionDisabled(radio, 2, true);
    radio = setReadingTime(radio, 15, false);
    radio = {
      ...radio,
      isOpenLogicJump: true,
      logicJumpMode: 'jump',
      logicJumpRules: [{ optionValue: 1, questionValue: ['field_3'] }],
    };
    radio = setReadonly(radio, true);

    let text = blankColumn([radio], 'input', label('Phone'));
    text = setFormat(text, 'phone');
    text = setMask(text, 'phone');
    text = setPlaceholder(text, label('138...'));
    text = { ...text, maxlength: 11, required: true, display: false };
    text = updateRule(addRule(text), 0, { pattern: '^1', message: label('starts with 1') });
    text = setRoles(setRoles(text, 'visibleCharacters', ['ROLE_ADMIN']), 'editableBy', ['ROLE_ADMIN']);

    let boxes = blankColumn([radio, text], 'checkbox', label('Feelings'));
    boxes = setLimit(boxes, 2);
    boxes = {
      ...boxes,
      otherInputOpen: true,
      dicData: [...boxes.dicData!, { value: 0, label: label('Other') }],
    };
    boxes = setVisibleWhen(boxes, { prop: 'field_1', values: [1] });
    boxes = {
      ...boxes,
      requiredRules: { calcFlag: 2, conditions: [{ prop: 'field_1', values: [1] }] },
      isUse: false,
    };

    let select = blankColumn([radio, text, boxes], 'select', label('Year'));
    select = setLimit(
      setMultiple(setOptionSource(select, { kind: 'dictionary', name: 'yearInfo' }), true),
      3,
    );

    let tree = blankColumn([radio, text, boxes, select], 'tree', label('Dept'));
    tree = setMultiple(setOptionSource(tree, { kind: 'list', path: '/admin/dept/tree' }), true);

    let cascader = blankColumn([radio, text, boxes, select, tree], 'cascader', label('Place'));
    cascader = addChildOption(cascader, 1, label('Room'));

    const number = setNumberBounds(blankColumn([], 'number', label('Hours')), {
      min: 0,
      max: 999,
      step: 0.5,
      integer: true,
    });
    const slider = setNumberBounds(
      { ...blankColumn([], 'slider', label('Tension')), prop: 'slider1' },
      { min: 1, max: 5, step: 1, integer: false },
    );
    const star = setNumberBounds({ ...blankColumn([], 'star', label('Stars')), prop: 'star1' }, { max: 5 });
    const date = setDateLimit(
      setFormat({ ...blankColumn([], 'date', label('Born')), prop: 'date1' }, 'birthday'),
      {
        allowFuture: false,
        maxDaysBack: 7,
      },
    );
    const grade = setGradingDescRequired(setGradeMode(columnFromLibrary('gradingResults'), 'level'), false);
    let table = columnFromLibrary('visitorSelfAssessRules');
    table = makeTableChoice(addTableColumn(table, label('Feeling')), table.tableColumns!.length);
    table = { ...table, maxRows: 20 };
    const rich = { ...blankColumn([], 'richTxt', label('Consent')), prop: 'rich1' };
    const richer = addRichItem([rich], { ...rich, richItems: [] }, 'date');

    const columns: FormColumn[] = [
      radio,
      text,
      boxes,
      select,
      tree,
      cascader,
      { ...number, prop: 'number1' },
      slider,
      star,
      date,
      grade,
      table,
      richer,
      columnFromLibrary('consultTimes'),
      columnFromLibrary('sign_common'),
      { ...blankColumn([], 'title', label('Part 2')), prop: 'title1' },
    ];
    expect(validFormDefinitionSchema.safeParse(definition(columns)).success).toBe(true);
    expect(roundTrip(columns)).toEqual(columns);
  });

  it('every library field round-trips unchanged', () => {
    const columns = FIELD_LIBRARY.map((f) => columnFromLibrary(f.prop));
    expect(roundTrip(columns)).toEqual(columns);
  });

  it('settings that do not apply to the type are not saved', () => {
    const radio = {
      ...blankColumn([], 'radio', label('r')),
      limit: 2,
      mask: 'phone' as const,
      format: 'email' as const,
      multiple: true,
    };
    const title = { ...blankColumn([radio], 'title', label('t')), readonly: true };
    const [r, t] = columnsForSave([radio, title]);
    expect(r).not.toHaveProperty('limit');
    expect(r).not.toHaveProperty('mask');
    expect(r).not.toHaveProperty('format');
    expect(r).not.toHaveProperty('multiple');
    expect(t).not.toHaveProperty('readonly');
  });
});

describe("renaming a new column's prop [spec:S0.3.35]", () => {
  const a = blankColumn([], 'radio', label('A'));
  const b: FormColumn = {
    ...blankColumn([a], 'input', label('B')),
    visibleWhen: { prop: 'field_1', values: [1] },
    requiredRules: { calcFlag: 1, conditions: [{ prop: 'field_1', values: [2] }] },
  };
  const jumping: FormColumn = {
    ...a,
    isOpenLogicJump: true,
    logicJumpRules: [{ optionValue: 1, questionValue: ['field_2'] }],
  };

  it('renames the prop and every reference to it', () => {
    const renamed = renameProp([jumping, b], 'field_2', 'contact');
    expect('columns' in renamed && renamed.columns[0]!.logicJumpRules![0]!.questionValue).toEqual([
      'contact',
    ]);
    const source = renameProp([jumping, b], 'field_1', 'mood');
    if (!('columns' in source)) throw new Error('renamed');
    expect(source.columns[1]!.visibleWhen!.prop).toBe('mood');
    expect(source.columns[1]!.requiredRules!.conditions[0]!.prop).toBe('mood');
    expect(roundTrip(source.columns)).toEqual(source.columns);
  });

  it('refuses a bad, taken or reserved name; only new, non-library columns may be renamed', () => {
    expect(renameProp([a, b], 'field_1', '1abc')).toEqual({ problem: 'format' });
    expect(renameProp([a, b], 'field_1', 'rich_x')).toEqual({ problem: 'format' });
    expect(renameProp([a, b], 'field_1', 'field_2')).toEqual({ problem: 'taken' });
    expect(renameProp([a, b], 'field_1', 'mood_text')).toEqual({ problem: 'reserved' });
    expect(canRename('field_1', new Set())).toBe(true);
    expect(canRename('field_1', new Set(['field_1']))).toBe(false);
    expect(canRename('realName', new Set())).toBe(false);
  });
});

describe("the server's refusal of a new property lands on its column [spec:S0.3.35]", () => {
  it('columns[1].limit and columns[0].dicData[1].disabled go to those columns', () => {
    const radio = blankColumn([], 'radio', label('r'));
    const boxes = { ...blankColumn([radio], 'checkbox', label('c')), limit: 900 };
    const { byProp, other } = serverIssuesByColumn(
      [radio, boxes],
      [
        { field: 'columns[1].limit', message: 'Too big: expected number to be <=500' },
        { field: 'columns[0].dicData[1].disabled', message: 'Invalid input' },
      ],
    );
    expect(byProp).toEqual({
      field_2: ['limit: Too big: expected number to be <=500'],
      field_1: ['dicData[1].disabled: Invalid input'],
    });
    expect(other).toEqual([]);
  });
});
