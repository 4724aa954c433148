import { describe, expect, it } from 'vitest';
import { fingerprintProblemOf } from './fingerprint-errors';

describe('fingerprintProblemOf', () => {
  it('tells a cancel, a missing authenticator and an unknown fingerprint apart [spec:S0.2.5]', () => {
    expect(fingerprintProblemOf({ name: 'NotAllowedError' })).toBe('cancelled');
    expect(fingerprintProblemOf({ name: 'NotSupportedError' })).toBe('unsupported');
    expect(fingerprintProblemOf({ status: 426 })).toBe('notEnrolled');
    expect(fingerprintProblemOf(new Error('x'))).toBe('failed');
    expect(fingerprintProblemOf(null)).toBe('failed');
  });
});
