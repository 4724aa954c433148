import { describe, expect, it } from 'vitest';
import { isErrorLogButtonShown } from './error-log-button';

describe('the error-log control [spec:S0.2.26]', () => {
  it('shows to those who read error logs, and to others only once this browser logged an error', () => {
    expect(isErrorLogButtonShown(0, ['admin_log_view'])).toBe(true);
    expect(isErrorLogButtonShown(0, ['plantest_take'])).toBe(false);
    expect(isErrorLogButtonShown(0, undefined)).toBe(false);
    expect(isErrorLogButtonShown(2, ['plantest_take'])).toBe(true);
  });
});
