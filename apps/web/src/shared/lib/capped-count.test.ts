import { ROLE_USER_COUNT_CAP } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { cappedCountLabel } from './capped-count';

describe('cappedCountLabel', () => {
  it('shows exact counts up to the cap and the cap with a plus beyond', () => {
    expect(cappedCountLabel(0, ROLE_USER_COUNT_CAP, 'en-US')).toBe('0');
    expect(cappedCountLabel(ROLE_USER_COUNT_CAP, ROLE_USER_COUNT_CAP, 'en-US')).toBe('10,000');
    expect(cappedCountLabel(ROLE_USER_COUNT_CAP + 1, ROLE_USER_COUNT_CAP, 'en-US')).toBe('10,000+');
  });
});
