import type { FocusSetting } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { pageAfterDelete } from '../../../shared/admin/paging';
import { editBody, entryLabel, focusSettingFormValues, insertBody } from './focus-setting-form';

const entry: FocusSetting = {
  id: 7,
  type: 4,
  name: '学业困难',
  nameEn: 'Academic difficulty',
  status: 1,
  sort: 2,
  remark: null,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
};

describe('focus setting dialog [spec:S1.7.7]', () => {
  it('starts a new entry on, sorted after the last one shown', () => {
    expect(focusSettingFormValues(null, [entry, { ...entry, id: 8, sort: 5 }])).toEqual({
      name: '',
      nameEn: '',
      enabled: true,
      sort: 6,
      remark: '',
    });
    expect(focusSettingFormValues(null, []).sort).toBe(1);
    expect(focusSettingFormValues(entry, [])).toMatchObject({ name: '学业困难', enabled: true, remark: '' });
  });

  it('sends trimmed texts, the switch as status and an empty remark as null', () => {
    expect(insertBody(4, { name: ' 甲 ', nameEn: ' A ', enabled: false, sort: 3, remark: '  ' })).toEqual({
      type: 4,
      name: '甲',
      nameEn: 'A',
      status: 0,
      sort: 3,
      remark: null,
    });
  });

  it('edits only what changed, and nothing when nothing did', () => {
    const same = focusSettingFormValues(entry, []);
    expect(editBody(entry, { ...same, name: ' 学业困难 ' })).toBeNull();
    expect(editBody(entry, { ...same, nameEn: 'Study difficulty', enabled: false })).toEqual({
      id: 7,
      nameEn: 'Study difficulty',
      status: 0,
    });
    expect(editBody(entry, { ...same, remark: '说明' })).toEqual({ id: 7, remark: '说明' });
    expect(editBody({ ...entry, remark: '说明' }, { ...same, remark: '' })).toEqual({ id: 7, remark: null });
  });

  it('labels by language and steps back a page after deleting its last row', () => {
    expect(entryLabel(entry, 'en-US')).toBe('Academic difficulty');
    expect(entryLabel(entry, 'zh-CN')).toBe('学业困难');
    // The list steps back with the admin kit's rule: page 3 of 10 rows with 1 left on it, or 4.
    expect(pageAfterDelete(3, 21, 1, 10)).toBe(2);
    expect(pageAfterDelete(3, 24, 1, 10)).toBe(3);
    expect(pageAfterDelete(1, 1, 1, 10)).toBe(1);
  });
});
