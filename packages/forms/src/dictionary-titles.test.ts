import { describe, expect, it } from 'vitest';
import { DICTIONARIES } from './dictionaries';
import { DICTIONARY_TITLES, dictionaryDescription, dictionaryTitle } from './dictionary-titles';

describe('dictionary titles', () => {
  it('names every seeded dictionary in both languages, the zh-CN name being its seeded description', () => {
    expect(Object.keys(DICTIONARY_TITLES).sort()).toEqual(DICTIONARIES.map((d) => d.name).sort());
    for (const d of DICTIONARIES) expect(DICTIONARY_TITLES[d.name]!['zh-CN']).toBe(d.description);
  });

  it("shows a seeded dictionary's name in the language in use, a school's own by its description", () => {
    expect(dictionaryTitle({ name: 'dysphrenia', system: true }, 'en-US')).toBe('Mental disorder');
    expect(dictionaryTitle({ name: 'dysphrenia', system: true }, 'zh-CN')).toBe('精神障碍情况');
    expect(dictionaryTitle({ name: 'myList', description: '我的列表', system: false }, 'en-US')).toBe(
      '我的列表',
    );
    expect(dictionaryTitle({ name: 'myList', description: null, system: false }, 'en-US')).toBe('myList');
  });

  it("gives a seeded dictionary's description in the language in use, one a school changed as typed", () => {
    const seeded = { name: 'sex', description: '性别', system: true };
    expect(dictionaryDescription(seeded, 'en-US')).toBe('Sex');
    expect(dictionaryDescription(seeded, 'zh-CN')).toBe('性别');
    expect(dictionaryDescription({ ...seeded, description: '学生的性别' }, 'en-US')).toBe('学生的性别');
    expect(dictionaryDescription({ name: 'myList', description: '我的列表', system: false }, 'en-US')).toBe(
      '我的列表',
    );
  });
});
