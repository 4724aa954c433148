import { describe, expect, it } from 'vitest';
import { birthDateOfIdCard, checkIdNumber, ID_TYPES, idCheckDigit } from './id-card';

const TODAY = '2026-11-21';
/** An 18-digit number with a correct check digit for the given first 17 digits. */
const withCheck = (first17: string) => first17 + idCheckDigit(first17);

describe('ID numbers [spec:S0.5.4]', () => {
  it('computes the GB 11643 check digit, X included', () => {
    // The worked example of the standard.
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(checkIdNumber(ID_TYPES.idCard, '11010519491231002X', TODAY)).toBeNull();
    expect(checkIdNumber(ID_TYPES.idCard, '11010519491231002x', TODAY)).toBeNull();
    expect(checkIdNumber(ID_TYPES.idCard, '110105194912310021', TODAY)).toBe('checkDigit');
  });

  it('refuses impossible or future birth dates in 18- and 15-digit numbers', () => {
    expect(checkIdNumber(ID_TYPES.idCard, withCheck('11010520230229001'), TODAY)).toBe('birthDate');
    expect(checkIdNumber(ID_TYPES.idCard, withCheck('11010520271201001'), TODAY)).toBe('birthDate');
    expect(checkIdNumber(ID_TYPES.idCard, withCheck('11010520240229001'), TODAY)).toBeNull();
    expect(birthDateOfIdCard('110105491231002')).toBe('1949-12-31');
    expect(checkIdNumber(ID_TYPES.idCard, '110105491231002', TODAY)).toBeNull();
    expect(checkIdNumber(ID_TYPES.idCard, '110105491331002', TODAY)).toBe('birthDate');
  });

  it('refuses other lengths and letters, and an empty value', () => {
    for (const bad of ['1101051949123100', '1101051949123100211', '11010519491231002Y', 'abc']) {
      expect(checkIdNumber(ID_TYPES.idCard, bad, TODAY)).toBe('format');
    }
    expect(checkIdNumber(ID_TYPES.idCard, '  ', TODAY)).toBe('required');
  });

  it('knows the patterns of the other seven ID types', () => {
    const ok: [number, string][] = [
      [ID_TYPES.hkMacauPass, 'H12345678'],
      [ID_TYPES.hkMacauPass, 'M1234567890'],
      [ID_TYPES.taiwanPass, '12345678'],
      [ID_TYPES.hkMacauTaiwanId, 'A123456(7)'],
      [ID_TYPES.hkMacauTaiwanId, '1234567(8)'],
      [ID_TYPES.hkMacauTaiwanId, 'A123456789'],
      [ID_TYPES.residencePermit, withCheck('81000019900101001')],
      [ID_TYPES.foreignPermanentResidence, 'USA110090101001'],
      [ID_TYPES.foreignPermanentResidence, withCheck('93311219900101001')],
      [ID_TYPES.passport, 'E12345678'],
      [ID_TYPES.passport, 'ab123'],
      [ID_TYPES.militaryPoliceId, '南字第1234567号'],
      [ID_TYPES.militaryPoliceId, 'JG123456'],
    ];
    for (const [type, value] of ok) expect(checkIdNumber(type as never, value, TODAY), value).toBeNull();
    const bad: [number, string][] = [
      [ID_TYPES.hkMacauPass, 'X12345678'],
      [ID_TYPES.taiwanPass, '1234567'],
      [ID_TYPES.hkMacauTaiwanId, '12345'],
      [ID_TYPES.residencePermit, withCheck('11010519900101001')],
      [ID_TYPES.foreignPermanentResidence, 'US110090101001'],
      [ID_TYPES.passport, 'E123'],
      [ID_TYPES.passport, 'E1234567890123456789'],
      [ID_TYPES.militaryPoliceId, '第1号'],
    ];
    for (const [type, value] of bad) expect(checkIdNumber(type as never, value, TODAY), value).not.toBeNull();
    expect(checkIdNumber(ID_TYPES.residencePermit, '810000199001010011', TODAY)).not.toBeNull();
  });
});
