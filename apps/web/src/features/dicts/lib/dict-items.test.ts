import { describe, expect, it } from 'vitest';
import { itemLabel, nextSort, suggestValue } from './dict-items';

describe('dictionary items', () => {
  it('labels an item in the UI language, falling back to Chinese', () => {
    const item = { value: '1', label: '男', labelEn: 'Male' };
    expect(itemLabel(item, 'en-US')).toBe('Male');
    expect(itemLabel(item, 'zh-CN')).toBe('男');
    expect(itemLabel({ ...item, labelEn: ' ' }, 'en-US')).toBe('男');
    expect(itemLabel({ ...item, labelEn: null }, 'en-US')).toBe('男');
  });

  it('suggests the next sort number and value', () => {
    expect(nextSort([])).toBe(1);
    expect(nextSort([{ sort: 3 }, { sort: 7 }])).toBe(8);
    expect(suggestValue([])).toBe('1');
    expect(suggestValue([{ value: '1' }, { value: '12' }, { value: 'finish' }, { value: '0' }])).toBe('13');
  });
});
