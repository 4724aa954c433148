import { describe, expect, it } from 'vitest';
import enUS from '../../../i18n/en-US.json';
import zhCN from '../../../i18n/zh-CN.json';
import {
  confirmPasswordMessage,
  LOGOUT_AFTER_PASSWORD_CHANGE_MS,
  newPasswordMessage,
  oldPasswordMessage,
} from './password-rules';

function textOf(catalogue: unknown, key: string): string {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) as string;
}

describe('password form messages [spec:S0.5.5] [spec:S0.3.5]', () => {
  it('tells each broken rule of the new password in the spec wording', () => {
    const en = (key: string | null) => (key ? textOf(enUS, key) : null);
    expect(en(newPasswordMessage('', 'student'))).toBe('Enter the new password');
    expect(en(newPasswordMessage('Student', 'student'))).toBe('Username and password cannot be the same');
    const rule =
      'Password must be 8-20 characters with at least one uppercase letter, one lowercase letter, one digit and one special character';
    expect(en(newPasswordMessage('Ab1!', 'student'))).toBe(rule);
    expect(en(newPasswordMessage('Abcdefg12', 'student'))).toBe(rule);
    expect(en(newPasswordMessage('Abcdefg1!'.repeat(3), 'student'))).toBe(rule);
    expect(newPasswordMessage('Newer@2026', 'student')).toBeNull();
  });

  it('asks for the same password twice', () => {
    expect(textOf(enUS, confirmPasswordMessage('Newer@2026', 'Newer@2025')!)).toBe(
      'The two passwords do not match, please re-enter',
    );
    expect(textOf(zhCN, confirmPasswordMessage('Newer@2026', '')!)).toBe('请再次输入新密码');
    expect(confirmPasswordMessage('Newer@2026', 'Newer@2026')).toBeNull();
  });

  it('needs the old password, at most 20 characters', () => {
    expect(textOf(enUS, oldPasswordMessage('')!)).toBe('Enter the old password');
    expect(textOf(enUS, oldPasswordMessage('x'.repeat(21))!)).toBe('Old password is at most 20 characters');
    expect(oldPasswordMessage('x'.repeat(20))).toBeNull();
  });
});

describe('after a password change [spec:S0.4.3] [spec:S0.9.5]', () => {
  it('tells the user to log in again and logs out 1 s later', () => {
    expect(enUS.password.changed).toBe('Password changed, please log in again');
    expect(LOGOUT_AFTER_PASSWORD_CHANGE_MS).toBe(1000);
  });
});
