import { describe, expect, it } from 'vitest';
import {
  checkPasswordLogin,
  checkPhone,
  checkSmsCode,
  checkSmsLogin,
  checkUsername,
  firstIssueField,
} from './login-rules';

describe('login form rules', () => {
  it('asks for the login account and wants 2-20 characters [spec:S0.5.1]', () => {
    expect(checkUsername('')).toBe('login.username.required');
    expect(checkUsername('   ')).toBe('login.username.required');
    expect(checkUsername('a')).toBe('login.username.length');
    expect(checkUsername(' a ')).toBe('login.username.length');
    expect(checkUsername('ab')).toBeNull();
    expect(checkUsername('a'.repeat(20))).toBeNull();
    expect(checkUsername('a'.repeat(21))).toBe('login.username.length');
  });

  it('needs a password, and a captcha only while one is shown', () => {
    expect(checkPasswordLogin({ username: 'admin', password: '', code: '' }, false)).toEqual({
      password: 'login.password.required',
    });
    expect(checkPasswordLogin({ username: 'admin', password: 'x', code: ' ' }, true)).toEqual({
      code: 'login.captcha.required',
    });
    expect(checkPasswordLogin({ username: 'admin', password: 'x', code: '' }, false)).toEqual({});
  });

  it('lists every broken rule of the form, first field first [spec:S0.5.1]', () => {
    const issues = checkPasswordLogin({ username: 'a', password: '', code: '' }, true);
    expect(issues).toEqual({
      username: 'login.username.length',
      password: 'login.password.required',
      code: 'login.captcha.required',
    });
    expect(firstIssueField(['username', 'password', 'code'], issues)).toBe('username');
    expect(firstIssueField(['username', 'password', 'code'], {})).toBeNull();
  });

  it('checks the phone: required, 11 digits, 1 then 3-9 [spec:S0.5.3]', () => {
    expect(checkPhone('')).toBe('login.sms.phoneRequired');
    expect(checkPhone('1381234567')).toBe('login.sms.phoneFormat');
    expect(checkPhone('12812345678')).toBe('login.sms.phoneFormat');
    expect(checkPhone('13812345678')).toBeNull();
  });

  it('wants a 6-digit SMS code', () => {
    expect(checkSmsCode('')).toBe('login.sms.codeRequired');
    expect(checkSmsCode('12345')).toBe('login.sms.codeFormat');
    expect(checkSmsCode('123456')).toBeNull();
    expect(checkSmsLogin({ phone: '13812345678', code: 'abcdef' })).toEqual({ code: 'login.sms.codeFormat' });
  });
});
