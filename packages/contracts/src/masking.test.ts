import { describe, expect, it } from 'vitest';
import { maskIdCard, maskName, maskPhone } from './masking';
import { isMaskedValue } from './rules';

describe('masking of personal values [spec:S0.5.7]', () => {
  it('keeps the first 3 and last 4 of a phone and an ID number, the first character of a name', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskName('王小明')).toBe('王**');
    expect(maskName('Li')).toBe('L*');
  });

  it('masks short values too and leaves empty ones alone; every masked value is recognised as masked', () => {
    expect(maskPhone('12345')).toBe('1****');
    expect(maskName('王')).toBe('王*');
    expect(maskPhone(null)).toBeNull();
    expect(maskIdCard('')).toBe('');
    for (const v of [maskPhone('13812345678')!, maskIdCard('E12345678')!, maskName('王')!]) {
      expect(isMaskedValue(v)).toBe(true);
    }
  });
});
