import { describe, expect, it } from 'vitest';
import { companionKeys, evaluate, listLabelKey } from './evaluate';
import { labelOf } from './history';
import { FIELD_LIBRARY, columnFromLibrary } from './field-library';
import {
  LIST_PATHS,
  OPTION_LISTS,
  heldForCheck,
  isListPath,
  listPathProps,
  listPathsOf,
  optionsOfList,
  parseListPath,
  resolveOptionList,
  timeGridSlotType,
} from './option-lists';

describe('option lists by path [spec:S0.7.21]', () => {
  it('tells list paths from dictionary names', () => {
    expect(isListPath('/admin/dept/tree')).toBe(true);
    expect(isListPath('sex')).toBe(false);
    expect(isListPath(undefined)).toBe(false);
  });

  it('every list path of the field library is in the table', () => {
    for (const url of listPathsOf(FIELD_LIBRARY))
      expect(Object.keys(OPTION_LISTS), url).toContain(parseListPath(url).path);
    for (const url of Object.values(LIST_PATHS))
      expect(Object.keys(OPTION_LISTS)).toContain(parseListPath(url).path);
  });

  it('fills placeholders from the answer; the free-counsellor list travels in a POST body [spec:S0.3.28]', () => {
    const url = LIST_PATHS.freeCounsellors;
    expect(listPathProps(url)).toEqual(['transferToType']);
    const waiting = resolveOptionList(url, {});
    expect(waiting.missing).toEqual(['transferToType']);
    expect(waiting.params).toEqual({});
    const ready = resolveOptionList(url, { transferToType: 2 });
    expect(ready).toMatchObject({
      path: '/consult/workforce/schedule/freeUser',
      params: { categoryId: '2' },
      missing: [],
      key: '/consult/workforce/schedule/freeUser?categoryId=2',
    });
    expect(ready.spec).toMatchObject({ method: 'POST', params: 'body' });
    expect(resolveOptionList(url, { transferToType: '  ' }).missing).toEqual(['transferToType']);
    expect(resolveOptionList(url, { transferToType: 10 }).key).not.toBe(ready.key);
  });

  it('keeps fixed parameters and knows nothing of unknown paths', () => {
    const r = resolveOptionList('/some/list?a=1&b={x}', { x: ['3', 4] });
    expect(r).toMatchObject({
      path: '/some/list',
      spec: null,
      params: { a: '1', b: '3,4' },
      key: '/some/list?a=1&b=3%2C4',
    });
    expect(resolveOptionList('/admin/dept/tree', {}).spec).toMatchObject({
      method: 'GET',
      shape: 'deptTree',
    });
  });

  it('maps lists and the department tree to options', () => {
    expect(
      optionsOfList(
        [{ value: '7', label: 'Ann', realName: 'Ann' }, { value: '', label: 'x' }, 3, null],
        'list',
      ),
    ).toEqual([{ value: '7', label: { 'zh-CN': 'Ann', 'en-US': 'Ann' } }]);
    expect(optionsOfList({ records: [] }, 'list')).toEqual([]);
    const tree = optionsOfList(
      [{ id: 1, label: 'School', children: [{ id: 2, label: 'Engineering', children: [] }] }],
      'deptTree',
    );
    expect(tree).toEqual([
      {
        value: 1,
        label: { 'zh-CN': 'School', 'en-US': 'School' },
        children: [{ value: 2, label: { 'zh-CN': 'Engineering', 'en-US': 'Engineering' } }],
      },
    ]);
  });

  it('a value outside the loaded list is refused naming the field; an empty list refuses every value', () => {
    const columns = [columnFromLibrary('transferToType'), columnFromLibrary('transferToConsultant')];
    const viewer = { roleCodes: ['ROLE_ADMIN'], mode: 'edit' as const };
    const url = LIST_PATHS.freeCounsellors;
    const answer = { transferTo: 2, transferToType: 2, transferToConsultant: '9' };
    const listed = { [url]: optionsOfList([{ value: '9', label: 'Ann' }], 'list') };
    const defn = { columns: [columnFromLibrary('transferTo'), ...columns] };
    expect(evaluate(defn, answer, viewer, { dictionaries: listed }).valid).toBe(true);
    const other = evaluate(defn, { ...answer, transferToConsultant: '8' }, viewer, { dictionaries: listed });
    expect(other.errors[0]).toMatchObject({ field: 'transferToConsultant', key: 'option' });
    // Not loaded (no loader yet): no option check, as before.
    expect(evaluate(defn, { ...answer, transferToConsultant: '8' }, viewer, {}).valid).toBe(true);
  });

  it('time grids offer the slots of their type [spec:S0.3.24]', () => {
    expect(timeGridSlotType('firstInterviewTimeSlots')).toBe(15);
    expect(timeGridSlotType('evaluationPeriod')).toBe(17);
    expect(timeGridSlotType('psychologicalCounselingPeriod')).toBe(18);
    expect(timeGridSlotType('familyCounselingPeriod')).toBe(19);
    expect(timeGridSlotType('consultTimes')).toBe(2);
    expect(timeGridSlotType('contactTime')).toBe(2);
  });
});

describe('held values and saved labels of list-path columns [spec:S0.7.21]', () => {
  const consultant = columnFromLibrary('transferToConsultant');

  it('a stored value counts as held only while its list is the same one', () => {
    const before = { transferToType: 2, transferToConsultant: '7' };
    expect(
      heldForCheck({ columns: [consultant] }, before, { ...before, note: 'x' }).transferToConsultant,
    ).toBe('7');
    expect(
      heldForCheck({ columns: [consultant] }, before, { ...before, transferToType: 10 }).transferToConsultant,
    ).toBeUndefined();
  });

  it('a value outside its list reads as the label it was saved with', () => {
    const answer = { transferToConsultant: '7', transferToConsultant_label: 'Wang Xinyi' };
    expect(labelOf(consultant, '7', answer)['en-US']).toBe('Wang Xinyi');
    expect(labelOf(consultant, '8', answer)['en-US']).toBe('8');
    expect(companionKeys(consultant)).toContain(listLabelKey('transferToConsultant'));
  });
});
