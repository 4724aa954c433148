import { describe, expect, it } from 'vitest';
import {
  BIRTHDAY_ISSUE_MESSAGES,
  EMAIL_MAX,
  MASKED_VALUE_MESSAGE,
  birthdaySchema,
  checkBirthday,
  emailSchema,
  isEmail,
  isMaskedValue,
  latestCalendarDay,
  profileTextSchema,
  sexSchema,
} from './rules';
import { editMyBodySchema } from './identity.contract';

describe('email [spec:S0.5.2]', () => {
  it('accepts standard addresses and refuses others with the spec message', () => {
    for (const ok of ['a@b.cn', 'first.last+tag@mail.school.edu.cn', 'x_y-z@a-b.com']) {
      expect(isEmail(ok), ok).toBe(true);
    }
    for (const bad of [
      '',
      'a',
      'a@',
      '@b.cn',
      'a@b',
      'a b@c.cn',
      'a@-b.cn',
      'a@b..cn',
      `${'a'.repeat(EMAIL_MAX)}@b.cn`,
    ]) {
      expect(isEmail(bad), bad).toBe(false);
    }
    const refused = emailSchema.safeParse('not-an-email');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('email format incorrect');
  });
});

describe('sex [spec:S0.3.3]', () => {
  it('is 1 (male) or 2 (female)', () => {
    expect(sexSchema.safeParse(1).success).toBe(true);
    expect(sexSchema.safeParse(2).success).toBe(true);
    for (const bad of [0, 3, '1', null]) {
      const r = sexSchema.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('choose sex');
    }
  });
});

describe('birthday [spec:S0.5.6] [spec:S0.3.3]', () => {
  it('is a date yyyy-MM-dd that exists, not in the future', () => {
    const today = '2026-03-10';
    expect(checkBirthday('', today)).toBe('required');
    expect(checkBirthday('2004/05/06', today)).toBe('format');
    expect(checkBirthday('2004-02-30', today)).toBe('format');
    expect(checkBirthday('2026-03-11', today)).toBe('future');
    expect(checkBirthday('1899-12-31', today)).toBe('tooEarly');
    expect(checkBirthday('2026-03-10', today)).toBeNull();
    expect(checkBirthday('2004-02-29', today)).toBeNull();
  });

  it('on the server counts "today" in the latest time zone, so no user is refused their own today', () => {
    const lateEveningUtc = Date.parse('2026-03-10T23:00:00Z');
    expect(latestCalendarDay(lateEveningUtc)).toBe('2026-03-11');
    expect(latestCalendarDay(Date.parse('2026-03-10T09:00:00Z'))).toBe('2026-03-10');
    expect(birthdaySchema.safeParse(new Date().toISOString().slice(0, 10)).success).toBe(true);
    expect(birthdaySchema.safeParse('2999-01-01').error?.issues[0]?.message).toBe(
      BIRTHDAY_ISSUE_MESSAGES.future['en-US'],
    );
  });

  it('has a message for every issue in both languages', () => {
    for (const issue of ['required', 'format', 'future', 'tooEarly'] as const) {
      expect(BIRTHDAY_ISSUE_MESSAGES[issue]['en-US']).toBeTruthy();
      expect(BIRTHDAY_ISSUE_MESSAGES[issue]['zh-CN']).toBeTruthy();
    }
    expect(BIRTHDAY_ISSUE_MESSAGES.required['en-US']).toBe('choose birth date');
  });
});

describe('masked values [spec:S0.5.7]', () => {
  it('are recognised by the * and refused by the profile texts', () => {
    expect(isMaskedValue('139****5678')).toBe(true);
    expect(isMaskedValue('13912345678')).toBe(false);
    const name = profileTextSchema(50, 'enter name');
    expect(name.safeParse('林*').error?.issues[0]?.message).toBe(MASKED_VALUE_MESSAGE['en-US']);
    expect(name.safeParse(' ').error?.issues[0]?.message).toBe('enter name');
    expect(name.safeParse(' 林同学 ').data).toBe('林同学');
  });

  it('the editMy body refuses a masked phone or email and knows nothing of user name, roles or password', () => {
    expect(editMyBodySchema.safeParse({ phone: '139****5678' }).success).toBe(false);
    expect(editMyBodySchema.safeParse({ email: 'a***@b.cn' }).success).toBe(false);
    const parsed = editMyBodySchema.parse({ phone: '13912345678', username: 'x', password: 'y', roles: [1] });
    expect(parsed).toEqual({ phone: '13912345678' });
    expect(editMyBodySchema.parse({ email: '' })).toEqual({ email: null });
  });
});
