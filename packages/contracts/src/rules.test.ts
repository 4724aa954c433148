import { describe, expect, it } from 'vitest';
import {
  checkPhone,
  CONFIRM_PASSWORD_ISSUE_MESSAGES,
  FAVOURITE_PRODUCT_LIMIT_MESSAGE,
  FAVOURITE_PRODUCT_MAX,
  OLD_PASSWORD_ISSUE_MESSAGES,
  OLD_PASSWORD_MAX,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_ISSUE_MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  checkConfirmPassword,
  checkNewPassword,
  checkOldPassword,
} from './rules';
import {
  ERRORS,
  FORCED_LOGOUT_ERROR_KEYS,
  isReplayRefusal,
  LOGOUT_BODY_CODES,
  REPLAYED_REQUEST,
} from './errors';

describe('new password [spec:S0.5.5] [spec:S0.9.1]', () => {
  it('is required', () => {
    expect(checkNewPassword('', 'alice')).toBe('required');
  });

  it('must differ from the user name, ignoring case and surrounding spaces', () => {
    expect(checkNewPassword('Alice@2026x', 'alice@2026x')).toBe('sameAsUsername');
    expect(checkNewPassword(' Alice@2026x ', 'alice@2026X')).toBe('sameAsUsername');
    expect(checkNewPassword('Alice@2026x', 'alice')).toBeNull();
  });

  it('has 8 to 20 characters', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 20]);
    expect(checkNewPassword('Ab1!xyz', 'u')).toBe('length');
    expect(checkNewPassword('Ab1!xyzw', 'u')).toBeNull();
    expect(checkNewPassword('Ab1!' + 'x'.repeat(16), 'u')).toBeNull();
    expect(checkNewPassword('Ab1!' + 'x'.repeat(17), 'u')).toBe('length');
    // Characters, not UTF-16 units: an emoji counts once.
    expect(checkNewPassword('Ab1!' + '😀'.repeat(16), 'u')).toBeNull();
  });

  it('needs an upper-case letter, a lower-case letter, a digit and a special character', () => {
    expect(checkNewPassword('abc1!xyz', 'u')).toBe('complexity');
    expect(checkNewPassword('ABC1!XYZ', 'u')).toBe('complexity');
    expect(checkNewPassword('Abcd!xyz', 'u')).toBe('complexity');
    expect(checkNewPassword('Abc12xyz', 'u')).toBe('complexity');
    expect(checkNewPassword('Abc1 xyz', 'u')).toBe('complexity');
    for (const special of [
      '!',
      '@',
      '#',
      '$',
      '%',
      '^',
      '&',
      '*',
      '_',
      '-',
      '+',
      '=',
      '.',
      '~',
      '？',
      '￥',
    ]) {
      expect(checkNewPassword(`Abc1${special}xyz`, 'u'), special).toBeNull();
    }
  });

  it('has a message for every issue in both languages, with the spec wording', () => {
    expect(PASSWORD_ISSUE_MESSAGES.sameAsUsername['en-US']).toBe('username and password cannot be the same');
    for (const m of Object.values(PASSWORD_ISSUE_MESSAGES)) {
      expect(m['en-US']).not.toBe('');
      expect(m['zh-CN']).not.toBe('');
    }
    expect(PASSWORD_ISSUE_MESSAGES.length['en-US']).toContain('8-20');
  });
});

describe('confirm and old password [spec:S0.5.5] [spec:S0.9.1]', () => {
  it('the confirmation is required and must equal the new password', () => {
    expect(checkConfirmPassword('Abc1!xyz', '')).toBe('required');
    expect(checkConfirmPassword('Abc1!xyz', 'Abc1!xyZ')).toBe('mismatch');
    expect(checkConfirmPassword('Abc1!xyz', 'Abc1!xyz')).toBeNull();
    expect(CONFIRM_PASSWORD_ISSUE_MESSAGES.mismatch['en-US']).toBe(
      'the two passwords do not match, please re-enter',
    );
  });

  it('the old password is required and at most 20 characters', () => {
    expect(OLD_PASSWORD_MAX).toBe(20);
    expect(checkOldPassword('')).toBe('required');
    expect(checkOldPassword('x'.repeat(20))).toBeNull();
    expect(checkOldPassword('x'.repeat(21))).toBe('length');
    expect(OLD_PASSWORD_ISSUE_MESSAGES.required['zh-CN']).not.toBe('');
  });

  it('the server refusals and the success text exist in both languages [spec:S0.4.3]', () => {
    expect(PASSWORD_CHANGE_MESSAGES.oldPasswordWrong['en-US']).toBe('old password is wrong');
    expect(PASSWORD_CHANGE_MESSAGES.changed['en-US']).toBe('password changed, please log in again');
    for (const m of Object.values(PASSWORD_CHANGE_MESSAGES)) expect(m['zh-CN']).not.toBe('');
  });
});

describe('favourite products [spec:S0.5.16] [spec:S0.9.4]', () => {
  it('allows at most 7 and says so in both languages', () => {
    expect(FAVOURITE_PRODUCT_MAX).toBe(7);
    expect(FAVOURITE_PRODUCT_LIMIT_MESSAGE['en-US']).toBe(
      'at most 7 main products can be shown, cancel one first',
    );
    expect(FAVOURITE_PRODUCT_LIMIT_MESSAGE['zh-CN']).toContain('7');
  });
});

describe('forced-logout errors [spec:S0.8.2] [spec:S0.8.4]', () => {
  it('carry the spec messages; codes 3 and 20 end the session', () => {
    expect(FORCED_LOGOUT_ERROR_KEYS.map((k) => ERRORS[k].en)).toEqual([
      'No login permission, contact the system administrator',
      'The current user has no role, ask the administrator to add a role',
      'The current account has no permission to log in, contact the administrator',
    ]);
    expect(ERRORS.accountDisabled).toMatchObject({ status: 403, code: 3 });
    expect(ERRORS.noRole).toMatchObject({ status: 403, code: 20 });
    expect(ERRORS.loginNotPermitted).toMatchObject({ status: 403, code: 1 });
    expect(LOGOUT_BODY_CODES).toEqual([3, 20]);
  });
});

describe('phone numbers', () => {
  it('name what is wrong: empty, length or format [spec:S0.5.3]', () => {
    expect(checkPhone('')).toBe('required');
    expect(checkPhone('1391234')).toBe('length');
    expect(checkPhone('139 1234 5678')).toBe('format');
    expect(checkPhone('12912345678')).toBe('format');
    expect(checkPhone(' 13912345678 ')).toBeNull();
  });
});

describe('replayed request ids', () => {
  it('are refused with 409 and a marker the client recognises, not with a logout code', () => {
    expect(ERRORS[REPLAYED_REQUEST.key].status).toBe(409);
    expect(LOGOUT_BODY_CODES).not.toContain(ERRORS[REPLAYED_REQUEST.key].code);
    expect(isReplayRefusal(409, REPLAYED_REQUEST.data)).toBe(true);
    expect(isReplayRefusal(409, null)).toBe(false);
    expect(isReplayRefusal(401, REPLAYED_REQUEST.data)).toBe(false);
  });
});
