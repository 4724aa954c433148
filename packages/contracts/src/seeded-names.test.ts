import { describe, expect, it } from 'vitest';
import { seededName } from './seeded-names';

describe('seeded names in the reader language', () => {
  it('shows a seeded Chinese name in English to an English reader, and a name a school typed as typed', () => {
    expect(seededName('咨询师', 'en-US')).toBe('Counsellor');
    expect(seededName('咨询师', 'zh-CN')).toBe('咨询师');
    expect(seededName('组织机构', 'en-US')).toBe('Organisation');
    expect(seededName('我们的心理社团', 'en-US')).toBe('我们的心理社团');
  });
});
