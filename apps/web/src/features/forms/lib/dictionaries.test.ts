import { columnFromLibrary, evaluate } from '@psy/forms';
import { describe, expect, it } from 'vitest';
import { dictionaryNames, dictionaryOptions } from './dictionaries';

describe('tenant dictionaries of a form', () => {
  it('names the dictionaries of dicUrl columns, not loaded lists', () => {
    const columns = [
      { dicUrl: 'nation' },
      { dicUrl: '/admin/dept/tree' },
      {},
      { dicUrl: 'nation' },
      { dicUrl: 'sex' },
    ];
    expect(dictionaryNames(columns)).toEqual(['nation', 'sex']);
  });

  it('uses a loaded dictionary over the seeded options, and the seed when it is empty [spec:S0.3.16]', () => {
    const options = dictionaryOptions({
      sex: [{ value: '9', label: '其他', labelEn: null }],
      nation: [],
      sexless: undefined,
    });
    expect(options).toEqual({ sex: [{ value: '9', label: { 'zh-CN': '其他', 'en-US': '其他' } }] });
    const columns = [columnFromLibrary('sex', { required: true })];
    const viewer = { roleCodes: ['ROLE_GENERAL'] };
    expect(evaluate({ columns }, { sex: '9' }, viewer, { dictionaries: options }).valid).toBe(true);
    expect(evaluate({ columns }, { sex: '1' }, viewer, { dictionaries: options }).valid).toBe(false);
    expect(evaluate({ columns }, { sex: '1' }, viewer).valid).toBe(true);
  });
});
