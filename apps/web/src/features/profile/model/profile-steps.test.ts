import { describe, expect, it } from 'vitest';
import enUS from '../../../i18n/en-US.json';
import zhCN from '../../../i18n/zh-CN.json';
import {
  BIRTHDAY_ISSUES,
  basicInfoBody,
  checkBasicText,
  DOUBLE_CLICK_GUARD_MS,
  fieldsToAsk,
  isGuardedClick,
  localToday,
  sectionsToFill,
  stepButton,
} from './profile-steps';

function textOf(catalogue: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('profile-rewrite steps [spec:S0.2.24] [spec:S0.3.2]', () => {
  it('steps through the listed sections in the order 0 basic, 1 other, 2 past, 3 evaluation', () => {
    expect(sectionsToFill([3, 0, 2])).toEqual([0, 2, 3]);
    expect(sectionsToFill([1, 1, 7, -1])).toEqual([1]);
    expect(sectionsToFill([])).toEqual([]);
  });

  it('shows Next until the last section, then Confirm', () => {
    expect([0, 1, 2].map((i) => stepButton(i, 3))).toEqual(['next', 'next', 'confirm']);
    expect(stepButton(0, 1)).toBe('confirm');
  });
});

describe('profile-rewrite submit [spec:S0.5.14] [spec:S0.9.5]', () => {
  it('ignores a second click within 2 s', () => {
    expect(DOUBLE_CLICK_GUARD_MS).toBe(2000);
    expect(isGuardedClick(null, 1000)).toBe(false);
    expect(isGuardedClick(1000, 2999)).toBe(true);
    expect(isGuardedClick(1000, 3000)).toBe(false);
  });

  it('asks only for the empty required fields, in the order of the user form [spec:S0.3.3]', () => {
    expect(fieldsToAsk(['birthday', 'phone', 'realName'])).toEqual(['realName', 'phone', 'birthday']);
  });

  it('sends only the asked fields, trimmed', () => {
    expect(
      basicInfoBody({ phone: ' 13912345678 ', realName: 'x', sex: 2, birthday: '2004-05-06' }, [
        'phone',
        'sex',
        'deptId',
      ]),
    ).toEqual({ phone: '13912345678', sex: 2 });
  });
});

describe('basic field checks [spec:S0.5.1] [spec:S0.5.3] [spec:S0.5.6] [spec:S0.5.7]', () => {
  const today = '2026-03-10';
  it('uses the spec messages for empty fields', () => {
    const en = (key: string | null) => (key ? textOf(enUS, key) : null);
    expect(en(checkBasicText('realName', ' ', today))).toBe('Enter name');
    expect(en(checkBasicText('numberName', '', today))).toBe('Enter number');
    expect(en(checkBasicText('phone', '', today))).toBe('Enter contact');
    expect(en(checkBasicText('birthday', '', today))).toBe('Choose birth date');
    expect(enUS.profile.fields.deptId.required).toBe('Choose organisation');
    expect(enUS.profile.fields.sex.required).toBe('Choose sex');
  });

  it('checks the phone length and format', () => {
    expect(checkBasicText('phone', '1391234567', today)).toBe('profile.fields.phone.length');
    expect(checkBasicText('phone', '12912345678', today)).toBe('profile.fields.phone.format');
    expect(checkBasicText('phone', '139-1234-567', today)).toBe('profile.fields.phone.format');
    expect(textOf(enUS, 'profile.fields.phone.format')).toBe('Contact format incorrect');
    expect(checkBasicText('phone', '13912345678', today)).toBeNull();
  });

  it('refuses a birthday in the future and masked values', () => {
    expect(checkBasicText('birthday', '2026-03-11', today)).toBe('profile.fields.birthday.future');
    expect(checkBasicText('birthday', '2026-03-10', today)).toBeNull();
    expect(checkBasicText('phone', '139****5678', today)).toBe('profile.fields.masked');
    expect(checkBasicText('realName', '林*', today)).toBe('profile.fields.masked');
    expect(checkBasicText('realName', 'x'.repeat(51), today)).toBe('profile.fields.tooLong');
  });

  it('has a text in both languages for every birthday issue', () => {
    for (const issue of BIRTHDAY_ISSUES) {
      expect(textOf(enUS, `profile.fields.birthday.${issue}`), issue).toEqual(expect.any(String));
      expect(textOf(zhCN, `profile.fields.birthday.${issue}`), issue).toEqual(expect.any(String));
    }
  });

  it("formats the user's calendar day", () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
