import { columnFromLibrary, LIST_PATHS, type FieldOption, type FormColumn } from '@psy/forms';
import { describe, expect, it } from 'vitest';
import {
  clearValues,
  listOptions,
  listRequests,
  valuesOutsideLists,
  withSavedLabel,
  type ListState,
} from './option-lists';

const columns: FormColumn[] = [
  columnFromLibrary('deptId'),
  columnFromLibrary('sex'),
  columnFromLibrary('transferTo'),
  columnFromLibrary('transferToType'),
  columnFromLibrary('transferToConsultant'),
  { prop: 'own', label: { 'zh-CN': 'x', 'en-US': 'x' }, type: 'select', dicUrl: '/not/in/the/table' },
];
const FREE = LIST_PATHS.freeCounsellors;
const opt = (value: string) => ({ value, label: { 'zh-CN': value, 'en-US': value } });

describe('option lists by path in the renderer [spec:S0.7.21] [spec:S0.3.28]', () => {
  it('asks for the known list paths, filled from the answer; dictionaries and unknown paths are not list calls', () => {
    const none = listRequests(columns, {});
    expect(none.map((l) => l.dicUrl)).toEqual(['/admin/dept/tree', FREE]);
    expect(none[1]!.missing).toEqual(['transferToType']);
    const chosen = listRequests(columns, { transferToType: 10 });
    expect(chosen[1]).toMatchObject({ params: { categoryId: '10' }, missing: [] });
    expect(chosen[1]!.spec).toMatchObject({ method: 'POST', params: 'body' });
    expect(chosen[0]!.spec).toMatchObject({ method: 'GET', shape: 'deptTree' });
  });

  it('offers a ready list, no options while waiting, and the column’s own while loading or failed', () => {
    const states: Record<string, ListState> = {
      a: { status: 'ready', options: [opt('1')] },
      b: { status: 'waiting', props: ['x'] },
      c: { status: 'pending' },
      d: { status: 'failed' },
    };
    expect(listOptions(states)).toEqual({ a: [opt('1')], b: [] });
  });

  it('clears a chosen value the new list no longer holds, only in fields the viewer may change', () => {
    const answer = { transferTo: 2, transferToType: 10, transferToConsultant: '7', deptId: 3 };
    const ready = (values: string[]): ListState => ({ status: 'ready', options: values.map(opt) });
    const all = () => true;
    expect(valuesOutsideLists(columns, answer, { [FREE]: ready(['7', '8']) }, all)).toEqual([]);
    expect(valuesOutsideLists(columns, answer, { [FREE]: ready(['8']) }, all)).toEqual([
      'transferToConsultant',
    ]);
    expect(
      valuesOutsideLists(columns, answer, { [FREE]: { status: 'waiting', props: ['transferToType'] } }, all),
    ).toEqual(['transferToConsultant']);
    expect(valuesOutsideLists(columns, answer, { [FREE]: { status: 'pending' } }, all)).toEqual([]);
    expect(valuesOutsideLists(columns, answer, { [FREE]: { status: 'failed' } }, all)).toEqual([]);
    expect(valuesOutsideLists(columns, answer, { [FREE]: ready(['8']) }, () => false)).toEqual([]);
    // A nested tree: a child node is in the list.
    const tree: ListState = {
      status: 'ready',
      options: [{ value: 1, label: { 'zh-CN': 'A', 'en-US': 'A' }, children: [opt('3')] }],
    };
    expect(valuesOutsideLists(columns, answer, { '/admin/dept/tree': tree }, all)).toEqual([]);
  });

  it('clears a value with its other text', () => {
    const answer = { a: '0', a_text: 'mine', b: 1 };
    expect(clearValues(answer, ['a'])).toEqual({ b: 1 });
    expect(clearValues(answer, [])).toBe(answer);
  });
});

describe('values kept from the stored answer and saved labels [spec:S0.7.21]', () => {
  const consultant: FormColumn = {
    prop: 'transferToConsultant',
    label: { 'zh-CN': '咨询师', 'en-US': 'Counsellor' },
    type: 'select',
    dicUrl: '/consult/workforce/schedule/freeUser?categoryId={transferToType}',
  };
  const ready = (options: FieldOption[]): ListState => ({ status: 'ready', options }) as ListState;
  const dicUrl = consultant.dicUrl!;

  it('does not clear a value the stored answer holds for the same list', () => {
    const answer = { transferToType: 2, transferToConsultant: '7' };
    const states = { [dicUrl]: ready([{ value: '8', label: { 'zh-CN': 'B', 'en-US': 'B' } }]) };
    expect(valuesOutsideLists([consultant], answer, states, () => true, answer)).toEqual([]);
    // Without it (a new answer, or the list changed): cleared.
    expect(valuesOutsideLists([consultant], answer, states, () => true)).toEqual(['transferToConsultant']);
  });

  it('shows a value no longer in its list with the label it was saved with, switched off', () => {
    const answer = { transferToConsultant: '7', transferToConsultant_label: 'Wang' };
    const options = withSavedLabel(consultant, [], answer)!;
    expect(options).toEqual([{ value: '7', label: { 'zh-CN': 'Wang', 'en-US': 'Wang' }, disabled: true }]);
    const listed = [{ value: '7', label: { 'zh-CN': '王', 'en-US': 'Wang Xin' } }];
    expect(withSavedLabel(consultant, listed, answer)).toBe(listed);
  });
});
