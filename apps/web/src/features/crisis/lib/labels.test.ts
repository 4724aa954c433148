import { describe, expect, it } from 'vitest';
import en from '../../../i18n/parts/crisis.en-US.json';
import zh from '../../../i18n/parts/crisis.zh-CN.json';
import { ENUM_VALUES, enumLabel } from './labels';

describe('crisis code labels [spec:S1.4.6] [spec:S1.3.10] [spec:S0.7.29]', () => {
  it('name every value of every set in both languages', () => {
    for (const catalogue of [zh, en]) {
      const enums = catalogue.crisis.enums as Record<string, Record<string, string>>;
      for (const [set, values] of Object.entries(ENUM_VALUES)) {
        for (const value of values) {
          expect(enums[set]?.[String(value)], `${set}.${value}`).toBeTruthy();
        }
      }
    }
  });

  it('shows a code it does not know as itself', () => {
    const t = (key: string, options?: { defaultValue?: string }) =>
      key === 'crisis.enums.status.1' ? 'New report' : (options?.defaultValue ?? key);
    expect(enumLabel(t, 'status', 1)).toBe('New report');
    expect(enumLabel(t, 'status', 9)).toBe('9');
    expect(enumLabel(t, 'status', null)).toBe('');
  });
});
